/**
 * Monthly statements of rights holders (docs/decisions/051-statements.md). Amounts are integer minor units of their
 * currency (RWF, UGX whole; USD cents), never added across currencies; seconds are the ledger's (ADR 049), minutes
 * = seconds / 60 with two decimals, for reading.
 *
 * - GET  /api/admin/statements/:month                          (admin) → `statementsReport`: a closed month's stored
 *   statements, or an open month's preview (computed now, `closed: false`).
 * - POST /api/admin/statements/:month/close                    (super_admin) → `statementsReport` (closed). Errors:
 *   409 conflict when the month is already closed or has not ended yet.
 * - GET  /api/admin/statements/:month/holders/:holderId/page   (admin) → a printable HTML statement; 404 when the
 *   holder has no statement that month.
 * - GET  /api/admin/statements/:month/holders.csv[?holder=]    (admin) → CSV, one row per holder, currency and title.
 * - GET  /api/admin/statements/:month/titles.csv               (admin) → CSV, one row per title, currency and holder.
 * Every one: 400 validation_failed for a month not YYYY-MM or a holder id not `operator`, `translator:<uuid>`,
 * `party:<uuid>`.
 */
import { z } from 'zod';

export const statementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM');
export const holderId = z.string().regex(/^(operator|(translator|party):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, 'Not a holder id (operator, translator:<id> or party:<id>)');
export const statementMonthParams = z.object({ month: statementMonth });
export const statementHolderParams = z.object({ month: statementMonth, holderId });
export const statementHoldersCsvQuery = z.object({ holder: holderId.optional() });

/** One title on a holder's statement in one currency. */
export const statementTitleView = z.object({
  titleId: z.string(),
  /** The title's name (at close for a closed month); '' once deleted. */
  title: z.string(),
  /** The holder's share of the title, basis points (10000 = 100 %). */
  shareBps: z.number().int(),
  /** Seconds of the title that carried money in this currency. */
  seconds: z.number().int(),
  minutes: z.number(),
  /** The title's whole part from passes, and from single purchases, before the split across its holders. */
  titlePassAmount: z.number().int(),
  titlePurchaseAmount: z.number().int(),
  amount: z.number().int(),
});

export const statementCurrencyView = z.object({
  seconds: z.number().int(),
  minutes: z.number(),
  amount: z.number().int(),
  titles: z.array(statementTitleView),
  /** The arithmetic in words, from the month's totals to this amount. */
  explanation: z.array(z.string()),
});

export const statementHolderView = z.object({
  holderId: z.string(),
  kind: z.enum(['operator', 'translator', 'party']),
  name: z.string(),
  /** By currency code. */
  currencies: z.record(z.string(), statementCurrencyView),
});
export type StatementHolderView = z.infer<typeof statementHolderView>;

/** A currency's month: revenue = holders + platformShare + fees + retainedNoMinutes + retainedNoHolders. */
export const statementTotalsView = z.object({
  currency: z.string(),
  revenue: z.number().int(),
  passRevenue: z.number().int(),
  titleRevenue: z.number().int(),
  fees: z.number().int(),
  platformShare: z.number().int(),
  retainedNoMinutes: z.number().int(),
  retainedNoHolders: z.number().int(),
  unwatchedPool: z.number().int(),
  holders: z.number().int(),
  viewers: z.number().int(),
});

export const statementsReport = z.object({
  month: z.string(),
  model: z.literal('user-centric'),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  platformShareBps: z.number().int(),
  totals: z.array(statementTotalsView),
  holders: z.array(statementHolderView),
});
export type StatementsReport = z.infer<typeof statementsReport>;
