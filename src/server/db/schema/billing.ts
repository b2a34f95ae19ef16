/**
 * Passes (subscriptions) and mobile-money payments (docs/product/viewer.md §3, §4, §9; docs/decisions/004 and 019).
 * Money is integer RWF. One pass row per user: the pass in force (or the last one, expired). Passes bought on top
 * of it wait in `queued_passes`, one row per user and plan, and start when the better ones ahead have ended
 * (src/shared/domain/pass-stacking.ts). A payment row is written before the provider is called; `settledAt`
 * marks the one settlement that added the pass.
 */
import { bigint, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PLAN_IDS } from '../../../shared/domain/plans.js';
import { user } from './auth.js';
import { movies } from './catalog.js';

/** The plan ids of domain/plans.ts; a plan added there gets its `ALTER TYPE plan ADD VALUE` from `npm run db:generate` (ADR 039). */
export const planEnum = pgEnum('plan', PLAN_IDS);
export const passStatusEnum = pgEnum('pass_status', ['active', 'expired']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'successful', 'failed']);
/** What a payment buys: a pass (plan) or one title (movie), ADR 008 "Single titles". */
export const paymentKindEnum = pgEnum('payment_kind', ['pass', 'title']);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: planEnum('plan').notNull(),
  status: passStatusEnum('status').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** How the pass was last extended: 'payment', 'grant' (command line, support) or 'voucher' (docs/decisions/042-vouchers.md). */
  source: text('source').notNull().default('payment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the pass was last bought, granted, or when a queued pass took over: download quotas count from here. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Time owed on a plan that waits behind the pass in force (ADR 019): a lesser plan bought during a better one,
 * or the rest of a lesser pass a better one took over from. Whole seconds; one row per user and plan (time of
 * the same plan adds up). The best plan starts first when the pass in force ends.
 */
export const queuedPasses = pgTable(
  'queued_passes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: planEnum('plan').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    /** How the time was last added: 'payment', 'grant', 'complimentary' or 'voucher' (as `subscriptions.source`). */
    source: text('source').notNull().default('payment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plan] }), check('queued_passes_seconds_positive', sql`${t.seconds} > 0`)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the payer deleted their account (payments are kept for accounting). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: paymentKindEnum('kind').notNull().default('pass'),
    /** The pass bought (kind 'pass'). */
    plan: planEnum('plan'),
    /** The title bought (kind 'title'); the title stays bought if it is later deleted from the catalogue. */
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('RWF'),
    /** When a super admin refunded it through the processor (cards; docs/decisions/045-card-refunds.md), else null. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the processor refunded, integer minor units of `currency`. */
    refundedAmount: integer('refunded_amount'),
    /**
     * The card's brand as the processor read it back when the payment settled (`VISA`, `MASTERCARD`, …; cards only,
     * null otherwise or when it named none). Kept for receipts only (docs/decisions/044-card-payments.md).
     */
    cardBrand: text('card_brand'),
    /** The card's last four digits as the processor read them back (cards only; never more of the number). */
    cardLast4: text('card_last4'),
    /** MSISDN 2507XXXXXXXX; never logged. */
    msisdn: text('msisdn'),
    provider: text('provider').notNull(),
    /** Reference sent to the provider (MTN: X-Reference-Id, a UUID v4), written before the call. */
    providerReference: uuid('provider_reference').notNull().unique(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    /** End of the approval window; a pending payment past it is settled as failed (EXPIRED). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status),
    // The admin Payments list, newest first, a page after a (created_at, id) key (docs/product/admin.md).
    index('payments_created_idx').on(t.createdAt, t.id),
    check('payments_card_last4_digits', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Titles bought one at a time (ADR 008 "Single titles"): the buyer keeps access to the movie. */
export const titlePurchases = pgTable(
  'title_purchases',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.movieId] })],
);
