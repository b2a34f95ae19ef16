/**
 * What the server warns about at start, from its configuration and environment. Pure.
 *
 * - Mail or SMS configured without PUBLIC_URL: the links they carry (password reset, gift claims, a translator's
 *   set-password invitation) would point at `http://localhost:PORT`, which no reader can open (config.ts: PUBLIC_URL
 *   defaults to that). The outbox (the embedded default for SMS, and mail without SMTP_URL) is read by admins on this
 *   machine, so it is not warned about.
 */
import type { Config } from './config.js';

export function startupWarnings(config: Pick<Config, 'messaging' | 'publicUrl'>, env: Record<string, string | undefined>): string[] {
  const warnings: string[] = [];
  const { mail, sms } = config.messaging;
  const sends = [mail ? 'mail (SMTP_URL)' : null, sms.provider !== 'outbox' ? `SMS (${sms.provider})` : null].filter(Boolean);
  if (!env.PUBLIC_URL && sends.length) {
    warnings.push(`PUBLIC_URL is not set, so the links sent by ${sends.join(' and ')} (password resets, gifts, invitations) point at ${config.publicUrl}, which readers cannot open: set PUBLIC_URL to the site's public address, e.g. https://sobanura.rw`);
  }
  return warnings;
}
