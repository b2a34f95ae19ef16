/**
 * Mail through SMTP with nodemailer (docs/decisions/021-account-recovery.md). `SMTP_URL` is nodemailer's connection
 * URL (https://nodemailer.com/smtp/): `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:pass@host:465` (TLS from the first byte); `MAIL_FROM` the sender, e.g. `Sobanura <no-reply@x.rw>`.
 * One pooled transport per process; each send has nodemailer's connection, greeting and socket timeouts
 * (`timeoutMs`, default 15 s). Errors name the SMTP response code only, never the recipient or the credentials.
 */
import nodemailer from 'nodemailer';
import { MessagingError, type MailSender, type OutgoingMail } from './messaging.js';

export interface SmtpMailConfig {
  smtpUrl: string;
  from: string;
  /** Connection, greeting and socket timeout, ms. */
  timeoutMs?: number;
}

export function createSmtpMailSender(cfg: SmtpMailConfig): MailSender & { close(): void } {
  const timeout = cfg.timeoutMs ?? 15_000;
  const url = new URL(cfg.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({ from: cfg.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (err) {
        const e = err as { responseCode?: number; code?: string };
        const status = e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? 'connection failed');
        throw new MessagingError(`mail not sent (${status})`, !e.responseCode || e.responseCode >= 400 && e.responseCode < 500);
      }
    },
    close: () => transport.close(),
  };
}
