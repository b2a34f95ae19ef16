/**
 * The outbox (docs/decisions/021-account-recovery.md): mail and SMS kept in the `outbox_messages` table instead of
 * being sent, the embedded default for mail when SMTP_URL is unset and for SMS with SMS_PROVIDER=outbox. The super
 * admin reads it in the panel (Outbox tab) and the command line prints it (`sobanura outbox list`). Each message
 * kept logs one line naming its channel and a masked recipient, never its body (links and codes are secrets).
 */
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { maskMsisdn } from '../../../shared/domain/msisdn.js';
import { maskEmail, type MailSender, type SmsSender } from './messaging.js';

/** One kept message, as the panel and the command line read it. */
export interface OutboxItem {
  id: string;
  channel: 'email' | 'sms';
  /** An email address, or an MSISDN `2507XXXXXXXX`. */
  to: string;
  /** The mail's subject; null for an SMS. */
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** Most messages one `list` returns, and the default. */
export const OUTBOX_LIST_MAX = 200;
export const OUTBOX_LIST_DEFAULT = 50;

export interface Outbox {
  /** Messages newest first; `limit` 1..200 (default 50; clamped). */
  list(opts?: { limit?: number }): Promise<OutboxItem[]>;
}

interface Log {
  info(obj: object, msg: string): void;
}

export function createOutbox(db: Database, log: Log): Outbox & { mail: MailSender; sms: SmsSender } {
  const keep = async (channel: 'email' | 'sms', to: string, subject: string | null, body: string) => {
    const [row] = await db.insert(outboxMessages).values({ channel, to, subject, body }).returning({ id: outboxMessages.id });
    log.info({ outboxId: row!.id, channel, recipient: channel === 'email' ? maskEmail(to) : maskMsisdn(to) }, 'message kept in the outbox (no mail or SMS provider configured)');
  };
  return {
    async list(opts = {}) {
      const limit = Math.min(OUTBOX_LIST_MAX, Math.max(1, Math.floor(opts.limit ?? OUTBOX_LIST_DEFAULT)));
      const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.to, subject: r.subject ?? null, body: r.body, createdAt: r.createdAt }));
    },
    mail: { name: 'outbox', send: (m) => keep('email', m.to, m.subject, m.text) },
    sms: { name: 'outbox', send: (m) => keep('sms', m.to, null, m.text) },
  };
}
