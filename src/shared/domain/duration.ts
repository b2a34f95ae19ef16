/**
 * Durations are seconds in the data and "1h 30m" only on screen (docs/product/architecture.md §4.8; docs/product/viewer.md §9
 * "shown 'Xh Ym' or 'Ym'"). English keeps the spec's "1h 30m"; French and Kinyarwanda write the units as their
 * readers do, with a space: "1 h 30 min", "45 s" (CLDR short units; Kinyarwanda has none of its own in CLDR and
 * Rwandan texts use the international h, min, s). Plain ASCII spaces, so the server's and the browser's text agree
 * (docs/decisions/014-server-rendering.md).
 */

import { languageInfo } from './languages.js';

/**
 * Formats seconds as "Xh Ym", or "Ym" under an hour, or "Ns" under a minute (short clips and trailers would
 * otherwise read "0m"), in the units of `language` (domain/languages.ts; a regional tag counts as its language,
 * anything else as English); null, NaN or negative gives "".
 */
export function formatDuration(seconds: number | null | undefined, language = 'en'): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const u = languageInfo(language).units;
  if (seconds < 59.5) return `${Math.round(seconds)}${u.s}`;
  const totalMinutes = Math.round(seconds / 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return h > 0 ? `${h}${u.h} ${m}${u.m}` : `${m}${u.m}`;
}
