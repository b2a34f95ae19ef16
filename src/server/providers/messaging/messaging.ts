/**
 * The messaging providers of account recovery (docs/decisions/021-account-recovery.md), each behind a small
 * interface so the service never knows where a message goes: mail through SMTP (smtp-mail-sender.ts), SMS through
 * Africa's Talking (africastalking-sms-sender.ts), or either kept in the outbox table (outbox.ts), the embedded
 * default. Senders throw MessagingError when a message could not be handed over; messages carry secrets (links,
 * codes), so neither senders nor their errors ever log a body.
 */

/** One mail: a plain-text body in the recipient's language. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** One SMS: `to` is an MSISDN without "+" (`2507XXXXXXXX`, ITU-T E.164 digits). */
export interface OutgoingSms {
  to: string;
  text: string;
}

export interface MailSender {
  /** `smtp` or `outbox`, for logs and the health of the configuration. */
  readonly name: string;
  /** Hands the mail over. @throws MessagingError */
  send(mail: OutgoingMail): Promise<void>;
}

export interface SmsSender {
  /** `africastalking` or `outbox`. */
  readonly name: string;
  /** Hands the SMS over. @throws MessagingError */
  send(sms: OutgoingSms): Promise<void>;
}

/** A message was not handed over. The message never holds the recipient, body or credentials. */
export class MessagingError extends Error {
  constructor(
    message: string,
    /** Whether another try later may succeed (a timeout, a 5xx) rather than never (bad credentials, a refused number). */
    public readonly transient: boolean,
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}

/** Masks an address for logs: `aline.uwase@example.com` → `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
