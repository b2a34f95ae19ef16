/**
 * A translator's own figures (docs/product/admin.md §12 "Translators"; docs/decisions/047-translators-as-people.md;
 * the minutes come from the ledger, docs/decisions/049-minutes-watched-ledger.md).
 *
 * - GET /api/studio  `studioQuery` → `studioReport` (a signed-in account linked to a translator): per title of the
 *   translator's, and per title and UTC day, the seconds watched and the distinct viewers, over `from`..`to`
 *   (default the last 30 days, today included). Errors: 401 unauthenticated; 403 `not_a_translator` for an account
 *   no translator is linked to; 400 validation_failed (a bad date, `to` before `from`, more than
 *   MINUTES_REPORT_MAX_DAYS days).
 */
import { z } from 'zod';
import { PAYOUT_STATUS_LIST } from './payouts.js';
import { MINUTES_REPORT_MAX_DAYS } from './viewing.js';

const day = z.iso.date('Use a real date, YYYY-MM-DD');
const DAY_MS = 86_400_000;

export const studioQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'The last day comes before the first', path: ['to'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < MINUTES_REPORT_MAX_DAYS, { message: `Ask for at most ${MINUTES_REPORT_MAX_DAYS} days at a time`, path: ['to'] });
export type StudioQuery = z.infer<typeof studioQuery>;

const figures = {
  /** Seconds watched (the ledger's unit), each viewer's second once. */
  seconds: z.number().int(),
  /** The same in minutes, one decimal. */
  minutes: z.number(),
  /** Distinct viewers who watched some of it. */
  viewers: z.number().int(),
};

export const studioTitle = z.object({ titleId: z.string(), kind: z.enum(['film', 'series']), title: z.string().nullable(), ...figures });
export const studioDay = z.object({ day: z.string(), titleId: z.string(), ...figures });

export const studioReport = z.object({
  translator: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** YYYY-MM-DD, UTC, inclusive. */
  from: z.string(),
  to: z.string(),
  /** The translator's titles watched in the range, most seconds first, with their totals (viewers counted once). */
  titles: z.array(studioTitle),
  /** Per title and day, by day. Days with nothing watched are absent. */
  days: z.array(studioDay),
});
export type StudioReport = z.infer<typeof studioReport>;

/**
 * A translator's own money (docs/product/admin.md §14 and "Payouts"; docs/decisions/051-statements.md,
 * 052-payout-run.md): their statements of CLOSED months (an open month's figures may still change and are not shown)
 * and their payouts, for the holder `translator:<id>` of the caller's own translator only.
 *
 * - GET /api/studio/statements → `studioMoney`. Errors: 401; 403 `not_a_translator`.
 * - GET /api/studio/statements/:month/page → the printable HTML statement of that closed month (the page admins
 *   read). Errors: 401; 403 `not_a_translator`; 400 `validation_failed` (month not YYYY-MM); 404 `not_found` (no
 *   statement of theirs in that month, or the month not closed).
 * Amounts are integer minor units of `currency` (RWF, UGX whole; USD cents), never added across currencies.
 */
export const studioStatementTitle = z.object({
  titleId: z.string(),
  /** The title's name at close ('' when it had none). */
  title: z.string(),
  /** The translator's share of the title, basis points (10000 = 100 %). */
  shareBps: z.number().int(),
  seconds: z.number().int(),
  minutes: z.number(),
  amount: z.number().int(),
});

export const studioStatement = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  currency: z.string(),
  /** Seconds of the translator's titles that carried money in this currency (ADR 051), and the same in minutes. */
  seconds: z.number().int(),
  minutes: z.number(),
  amount: z.number().int(),
  closedAt: z.string(),
  titles: z.array(studioStatementTitle),
});
export type StudioStatement = z.infer<typeof studioStatement>;

export const studioPayout = z.object({
  id: z.string(),
  month: z.string(),
  currency: z.string(),
  /** Minor units: the month's statement plus `carriedIn` (amounts of earlier months carried into it). */
  amount: z.number().int(),
  carriedIn: z.number().int(),
  status: z.enum(PAYOUT_STATUS_LIST),
  /** Why it was carried, refused or failed (PAYOUT_CARRY_REASONS or the operator's reason); null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudioPayout = z.infer<typeof studioPayout>;

export const studioMoney = z.object({
  translator: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** Newest month first, then by currency. */
  statements: z.array(studioStatement),
  /** The current attempt per month and currency (retried attempts left out), newest month first. */
  payouts: z.array(studioPayout),
});
export type StudioMoney = z.infer<typeof studioMoney>;
