/**
 * Vouchers sold for cash by agents (docs/decisions/042-vouchers.md): batches of codes, each code worth one pass of
 * its batch's plan, redeemed once.
 *
 * `voucher_batches`: one row per batch (name unique, the plan, who made it, when it expires, when it was voided).
 * `vouchers`: one row per code. `code_hash` is the SHA-256 (hex) of the normalised code (15 characters,
 * src/shared/domain/voucher-code.ts): a redemption looks the code up by it. `code_sealed` is the code sealed with
 * AES-256-GCM under a key derived from the session secret, opened only to write the batch's CSV; a copy of the
 * database alone shows no code. A code is redeemed when `redeemed_at` is set, by one conditional UPDATE in the
 * transaction that credits the pass; `redeemed_by` becomes null if that account is deleted, `redeemed_at` stays.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';
import { planEnum } from './billing.js';

export const voucherBatches = pgTable('voucher_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  plan: planEnum('plan').notNull(),
  /** The super admin who made it; null from the command line, or once that account is deleted. */
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Its codes are refused from this instant on. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set once when voided: its unredeemed codes are refused from then on. */
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});

export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    codeSealed: text('code_sealed').notNull(),
    redeemedBy: text('redeemed_by').references(() => user.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [index('vouchers_batch_idx').on(t.batchId), index('vouchers_redeemed_by_idx').on(t.redeemedBy)],
);
