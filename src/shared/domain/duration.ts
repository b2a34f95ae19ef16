/**
 * Durations are seconds in the data and "1h 30m" only on screen (DESIGN.md habit 8; spec section 9
 * "shown 'Xh Ym' or 'Ym'").
 */

/**
 * Formats seconds as "Xh Ym", or "Ym" under an hour, or "Ns" under a minute (short clips and trailers would
 * otherwise read "0m"); null, NaN or negative gives "".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 59.5) return `${Math.round(seconds)}s`;
  const totalMinutes = Math.round(seconds / 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}
