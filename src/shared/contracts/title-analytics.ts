/**
 * Analytics per title, per translator and per currency for one month (docs/product/admin.md §10 "Analytics";
 * statements ADR 051, ledger ADR 049). Amounts are integer minor units of their currency, never added across
 * currencies; minutes are the ledger's seconds / 60, one decimal.
 *
 * - GET /api/admin/analytics/titles?month=YYYY-MM (admin) → `titleAnalytics`. Errors: 400 validation_failed for a
 *   month not YYYY-MM.
 */
import { z } from 'zod';
import { statementMonth } from './statements.js';

export const titleAnalyticsQuery = z.object({ month: statementMonth });

/** Amounts by ISO 4217 currency code. */
const byCurrency = z.record(z.string(), z.number().int());

export const titleAnalytics = z.object({
  month: z.string(),
  /** Whether the month's statements are closed (frozen), else a preview computed now. */
  closed: z.boolean(),
  /** Every title watched in the month, most minutes first: its minutes, viewers and revenue (passes by the statements' user-centric model, plus its own purchases), before the split among its holders. */
  titles: z.array(z.object({ titleId: z.string(), title: z.string().nullable(), kind: z.enum(['film', 'series']), minutes: z.number(), viewers: z.number().int(), revenue: byCurrency })),
  /** Translators with a statement in the month: the minutes of the titles on it and what they are owed. */
  translators: z.array(z.object({ holderId: z.string(), name: z.string(), minutes: z.number(), amount: byCurrency })),
  /** Per currency: revenue, fees, the platform share and what holders are owed. */
  currencies: z.array(z.object({ currency: z.string(), revenue: z.number().int(), fees: z.number().int(), platformShare: z.number().int(), holders: z.number().int() })),
});
export type TitleAnalytics = z.infer<typeof titleAnalytics>;
