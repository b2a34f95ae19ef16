/**
 * Account recovery (docs/decisions/021-account-recovery.md): password-reset secrets and the outbox.
 *
 * `password_resets`: one row per "Forgot password?" that found an account. `secret_hash` is the SHA-256 (hex) of
 * the email link's token, or the HMAC-SHA256 (hex, keyed with the session secret) of the SMS code: the secret
 * itself is never stored. `target` is where it went (the normalised email, or the MSISDN `2507XXXXXXXX`).
 * A row is spent when `used_at` is set (a reset, a newer request, or five wrong codes), dead after `expires_at`.
 *
 * `password_resets` also holds the codes that verify a profile phone (`channel` 'phone', amended 2026-11-28): the
 * same HMAC, lifetime and tries as a reset code, spent when the number is verified.
 *
 * `verified_phones` (ADR 021, amended 2026-11-28): the one account that proved, with a code texted to it, that it
 * holds a number (MSISDN `2507XXXXXXXX`, the key). Recovery by SMS texts only that account. Another account that
 * verifies the same number (so it received the code) takes it over; a profile whose phone changes loses its row.
 *
 * `outbox_messages`: mail and SMS kept in the database instead of being sent (the embedded default when SMTP_URL
 * is unset or SMS_PROVIDER=outbox), read by the super admin in the panel and by `sobanura outbox list`.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'phone'] }).notNull(),
    target: text('target').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Wrong codes entered against this row (SMS only); the row dies at the fifth. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_secret_idx').on(t.secretHash), index('password_resets_target_idx').on(t.channel, t.target, t.createdAt), index('password_resets_user_idx').on(t.userId)],
);

export const verifiedPhones = pgTable(
  'verified_phones',
  {
    msisdn: text('msisdn').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verified_phones_user_idx').on(t.userId)],
);

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** An email address, or an MSISDN `2507XXXXXXXX`. */
    to: text('to').notNull(),
    /** The mail's subject; null for an SMS. */
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);
