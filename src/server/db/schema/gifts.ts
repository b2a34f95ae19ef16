/**
 * Gifts (docs/decisions/046-gifts.md): a pass one viewer pays for and another claims with a code.
 *
 * `gifts`: one row per gift, written with its payment (kind 'pass') and activated when that payment succeeds
 * (`activated_at`, `expires_at` = activated_at + 365 days), instead of the payer's pass being extended. The recipient
 * is an email (lower-cased) or an MSISDN (`2507XXXXXXXX` / `2567XXXXXXXX`), exactly one. The code is stored like a
 * voucher's (ADR 042): `code_hash` the SHA-256 of the normalised code, `code_sealed` the code under AES-256-GCM with a
 * key derived from the session secret, opened only to send the message again. A gift is claimed once, by one
 * conditional UPDATE in the transaction that credits the pass. Payments and accounts are kept for accounting, so
 * deleting either leaves the gift with a null reference.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../shared/domain/languages.js';
import { user } from './auth.js';
import { payments, planEnum } from './billing.js';

export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The payment that buys it (kind 'pass'); null once that payment row is gone. */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
    /** Who pays; null once that account is deleted. */
    giverId: text('giver_id').references(() => user.id, { onDelete: 'set null' }),
    plan: planEnum('plan').notNull(),
    /** Lower-cased; set when the recipient is named by email. */
    recipientEmail: text('recipient_email'),
    /** MSISDN without "+"; set when the recipient is named by phone. Never logged in full. */
    recipientMsisdn: text('recipient_msisdn'),
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    codeHash: text('code_hash').notNull().unique(),
    codeSealed: text('code_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its payment succeeded; a gift not activated cannot be claimed. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** activated_at + 365 days; claims are refused from then on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    claimedBy: text('claimed_by').references(() => user.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Messages handed to the mail or SMS sender so far. */
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    check('gifts_one_recipient', sql`num_nonnulls(${t.recipientEmail}, ${t.recipientMsisdn}) = 1`),
    index('gifts_giver_idx').on(t.giverId, t.createdAt),
    index('gifts_claimed_by_idx').on(t.claimedBy),
  ],
);
