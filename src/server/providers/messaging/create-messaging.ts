/**
 * Picks the mail and SMS senders the configuration asks for (docs/decisions/021-account-recovery.md): SMTP when
 * SMTP_URL is set, else the outbox; Africa's Talking with SMS_PROVIDER=africastalking, else the outbox. The outbox
 * is always there (the panel and the command line read it even when nothing goes to it).
 */
import type { MessagingConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createAfricasTalkingSmsSender } from './africastalking-sms-sender.js';
import type { MailSender, SmsSender } from './messaging.js';
import { createOutbox, type Outbox } from './outbox.js';
import { createSmtpMailSender } from './smtp-mail-sender.js';

export interface Messaging {
  mail: MailSender;
  sms: SmsSender;
  outbox: Outbox;
}

export function createMessaging(cfg: MessagingConfig, db: Database, log: { info(obj: object, msg: string): void }): Messaging {
  const outbox = createOutbox(db, log);
  const mail = cfg.mail ? createSmtpMailSender(cfg.mail) : outbox.mail;
  const sms = cfg.sms.provider === 'africastalking' ? createAfricasTalkingSmsSender(cfg.sms) : outbox.sms;
  return { mail, sms, outbox: { list: (opts) => outbox.list(opts) } };
}
