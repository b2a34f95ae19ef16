/** Integer RWF with the grouping of the current language, e.g. "7,000 RWF" (en), "7 000 RWF" (fr). */
export function formatRwf(amount: number, language: string): string {
  let formatted: string;
  try {
    formatted = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amount);
  } catch {
    formatted = new Intl.NumberFormat('en').format(amount);
  }
  return `${formatted} RWF`;
}

/**
 * A time range of the day in the language's own style, e.g. "9:00 AM – 6:00 PM" (en), "09:00–18:00" (fr).
 * `open` and `close` are [hour, minute] in 24-hour time.
 */
export function formatTimeRange(open: readonly [number, number], close: readonly [number, number], language: string): string {
  const at = ([h, m]: readonly [number, number]) => new Date(Date.UTC(2024, 0, 1, h, m));
  const opts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(language, opts).formatRange(at(open), at(close));
  } catch {
    return new Intl.DateTimeFormat('en', opts).formatRange(at(open), at(close));
  }
}

/** A date in the language's long style, e.g. "December 2024" (en), "décembre 2024" (fr) with `{ month: 'long', year: 'numeric' }`. */
export function formatDate(date: Date | string, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  try {
    return new Intl.DateTimeFormat(language, options).format(d);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(d);
  }
}
