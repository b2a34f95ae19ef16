/**
 * The minutes-watched ledger's admin read (docs/decisions/049-minutes-watched-ledger.md; docs/product/viewer.md §12).
 *
 * - GET /api/admin/analytics/minutes  `minutesWatchedQuery` → `minutesWatchedReport` (admin): per display title and
 *   UTC day, the seconds watched (online and offline, each viewer's second once) and the distinct viewers.
 *   Errors: 400 validation_failed (a bad date, `to` before `from`, a range over MINUTES_REPORT_MAX_DAYS days).
 */
import { z } from 'zod';

/** The longest range one read covers, days (a year and a day). */
export const MINUTES_REPORT_MAX_DAYS = 366;
const day = z.iso.date('Use a real date, YYYY-MM-DD');
const DAY_MS = 86_400_000;

export const minutesWatchedQuery = z
  .object({
    /** First day, UTC, inclusive. */
    from: day,
    /** Last day, UTC, inclusive. */
    to: day,
    /** Only this display title (a film's title id or a series id). */
    titleId: z.uuid('Not a valid id').optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'The last day comes before the first', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < MINUTES_REPORT_MAX_DAYS, { message: `Ask for at most ${MINUTES_REPORT_MAX_DAYS} days at a time`, path: ['to'] });
export type MinutesWatchedQuery = z.infer<typeof minutesWatchedQuery>;

/** One display title on one UTC day. */
export const minutesWatchedRow = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  titleId: z.string(),
  /** 'film' (a movie or multi-part film) or 'series'. */
  kind: z.enum(['film', 'series']),
  /** The film's or series' title now, or null once it was deleted from the catalogue. */
  title: z.string().nullable(),
  /** Seconds watched (the ledger's unit). */
  seconds: z.number().int(),
  /** The same, in minutes with one decimal, for reading. */
  minutes: z.number(),
  /** Distinct viewers who watched some of it that day. */
  viewers: z.number().int(),
});
export const minutesWatchedReport = z.object({
  from: z.string(),
  to: z.string(),
  /** By day, then most seconds first. Days and titles with nothing watched are absent. */
  items: z.array(minutesWatchedRow),
});
export type MinutesWatchedReport = z.infer<typeof minutesWatchedReport>;
