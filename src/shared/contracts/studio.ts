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
