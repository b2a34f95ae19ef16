/**
 * Limits of the client error log (docs/product/viewer.md §8 and §9; reports to the server are rate limited and size
 * capped), apart from the zod contract so that the browser's first download does not need zod.
 */
/** Levels kept and reported (docs/product/viewer.md §8: warn, error and critical; debug and info are not). */
export const CLIENT_ERROR_LEVELS = ['warn', 'error', 'critical'] as const;
export type ClientErrorLevel = (typeof CLIENT_ERROR_LEVELS)[number];
/** Entries kept in browser storage (docs/product/viewer.md §9: "Stored error logs capped at 50"). */
export const CLIENT_ERROR_LOG_CAP = 50;
/** Largest accepted report body, bytes (reports are size capped). */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
/** Reports per address per minute. */
export const CLIENT_ERROR_RATE_LIMIT_PER_MINUTE = 10;
/** One entry as kept in browser storage and sent to POST /api/client-errors (docs/product/viewer.md §3 "Error log entry"). */
export interface ClientErrorEntry {
  level: ClientErrorLevel;
  message: string;
  data?: unknown;
  /** ISO time on the client. */
  timestamp: string;
  context?: string;
}
