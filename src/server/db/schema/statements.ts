/**
 * Closed monthly statements of rights holders (docs/decisions/051-statements.md). Written once, when a super admin
 * closes a month, and never changed after: a closed month is frozen (later refunds, shares or viewing do not touch
 * it). Amounts are integer minor units of `currency` (RWF, UGX whole; USD cents); seconds are whole seconds.
 *
 * `statement_closes`: one row per closed month (YYYY-MM): when, by whom, with which platform share. A month with no
 * revenue closes too (no other rows).
 * `statement_months`: one row per closed month and currency, the month's totals: revenue = holders + platform share
 * + fees + retained (kept by the platform: pass money nobody's minutes carried, title parts without holders), and
 * the platform share's basis points it was closed with.
 * `statements`: one row per holder, month and currency. The holder is a key of ADR 050's holders: `operator`,
 * `translator:<uuid>` or `party:<uuid>` (`holder_kind` and `holder_ref` split it; `holder_name` as it was at close).
 * `statement_lines`: one row per statement and title: the title's whole part (passes, single purchases), the
 * holder's share in basis points and what it gets.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';

export const statementCloses = pgTable(
  'statement_closes',
  {
    /** YYYY-MM (UTC months). */
    month: text('month').primaryKey(),
    platformShareBps: integer('platform_share_bps').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The super admin who closed it; null once that account is deleted. */
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [check('statement_closes_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

export const statementMonths = pgTable(
  'statement_months',
  {
    month: text('month')
      .notNull()
      .references(() => statementCloses.month, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    passRevenue: bigint('pass_revenue', { mode: 'number' }).notNull(),
    titleRevenue: bigint('title_revenue', { mode: 'number' }).notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull(),
    platformShare: bigint('platform_share', { mode: 'number' }).notNull(),
    retainedNoMinutes: bigint('retained_no_minutes', { mode: 'number' }).notNull(),
    retainedNoHolders: bigint('retained_no_holders', { mode: 'number' }).notNull(),
    unwatchedPool: bigint('unwatched_pool', { mode: 'number' }).notNull(),
    holders: bigint('holders', { mode: 'number' }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.currency] }),
    check('statement_months_balance', sql`${t.revenue} = ${t.holders} + ${t.platformShare} + ${t.fees} + ${t.retainedNoMinutes} + ${t.retainedNoHolders}`),
  ],
);

export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month')
      .notNull()
      .references(() => statementCloses.month, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** `operator`, `translator:<uuid>` or `party:<uuid>`. */
    holderId: text('holder_id').notNull(),
    holderKind: text('holder_kind', { enum: ['operator', 'translator', 'party'] }).notNull(),
    /** The translator's or party's id; null for the operator. No foreign key: a statement outlives its holder. */
    holderRef: uuid('holder_ref'),
    holderName: text('holder_name').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statements_month_holder_uq').on(t.month, t.holderId, t.currency),
    index('statements_holder_idx').on(t.holderId, t.month),
    check('statements_amount', sql`${t.amount} >= 0 and ${t.seconds} >= 0`),
  ],
);

export const statementLines = pgTable(
  'statement_lines',
  {
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    /** The ledger's display title id (ADR 023, ADR 049); no foreign key: the line outlives the title. */
    titleId: uuid('title_id').notNull(),
    /** The title's name at close. */
    titleName: text('title_name').notNull(),
    shareBps: integer('share_bps').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    titlePassAmount: bigint('title_pass_amount', { mode: 'number' }).notNull(),
    titlePurchaseAmount: bigint('title_purchase_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.statementId, t.titleId] }),
    index('statement_lines_title_idx').on(t.titleId),
    check('statement_lines_amount', sql`${t.amount} >= 0 and ${t.shareBps} between 1 and 10000`),
  ],
);
