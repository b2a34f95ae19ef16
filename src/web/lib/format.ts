/**
 * Numbers and times on screen, per interface language (docs/product/viewer.md §9 prices; decimals, ratings and durations
 * per language: docs/decisions/025-localised-figures-and-download-validators.md).
 *
 * Pages are drawn on the server (Node's ICU) and then in the browser (the browser's own ICU), and the two must
 * print the same text or hydration fails (docs/decisions/014-server-rendering.md). They do not agree on their own:
 * Chromium has no Kinyarwanda data (it prints rw numbers and times as English) and prints plain spaces where Node
 * prints U+202F and U+2009. So the language's conventions are fixed here, from CLDR, and Intl only does the work
 * every runtime does alike: English digits and grouping positions, English, French and British time patterns.
 */
import { minorPerMajor, toMajor } from '../../shared/domain/countries';
import { languageInfo } from '../../shared/domain/languages';

// Each language's separators and time locale (from CLDR) are in its line of src/shared/domain/languages.ts.

/*
 * Making an Intl formatter loads the language's data and costs far more than formatting with it: a new one for
 * each of the header's pass prices took 55 ms of a page load on a 4x-slowed CPU (Chromium's profiler). Each
 * formatter is made once per locale and options, and kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, make: (locale: string, options: object) => F, locale: string, options: object): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = make(locale, options);
    cache.set(key, f);
  }
  return f;
}


/** Integer RWF with the grouping of the language: "7,000 RWF" (en), "7 000 RWF" (fr, U+202F), "7.000 RWF" (rw). */
export function formatRwf(amount: number, language: string): string {
  return formatMoney(amount, 'RWF', language);
}

/**
 * An amount in integer minor units of `currency` (ISO 4217: RWF and UGX have none, USD has cents), with the
 * language's grouping and decimal mark and the currency's code after it, as prices are written on the plans page:
 * "8,000 UGX" (en), "4,99 USD" (fr), "85.000 RWF" (rw). Never converts (docs/decisions/043).
 */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const { grouping, decimal } = languageInfo(language);
  const exponent = Math.round(Math.log10(minorPerMajor(currency)));
  const parts = cached(numberFormats, (l, o) => new Intl.NumberFormat(l, o), 'en', { minimumFractionDigits: exponent, maximumFractionDigits: exponent }).formatToParts(toMajor(amountMinor, currency));
  return `${parts.map((p) => (p.type === 'group' ? grouping : p.type === 'decimal' ? decimal : p.value)).join('')} ${currency}`;
}

/**
 * A time range of the day in the language's own style: "9:00 AM – 6:00 PM" (en), "09:00 – 18:00" (fr),
 * "09:00–18:00" (rw), with plain spaces. `open` and `close` are [hour, minute] in 24-hour time.
 */
export function formatTimeRange(open: readonly [number, number], close: readonly [number, number], language: string): string {
  const at = ([h, m]: readonly [number, number]) => new Date(Date.UTC(2024, 0, 1, h, m));
  const format = cached(dateFormats, (l, o) => new Intl.DateTimeFormat(l, o), languageInfo(language).timeLocale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return format.formatRange(at(open), at(close)).replace(/[\u202f\u2009\u00a0]/g, ' ');
}


/**
 * A number with `digits` decimals (default 1, as ratings are shown: docs/product/viewer.md §9 "one decimal") and the
 * language's decimal separator and grouping: 6.1 (en), 6,1 (fr, rw); 1,234.5 / 1 234,5 / 1.234,5.
 */
export function formatDecimal(value: number, language: string, digits = 1): string {
  const l = languageInfo(language);
  const parts = cached(numberFormats, (loc, o) => new Intl.NumberFormat(loc, o), 'en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).formatToParts(value);
  return parts.map((p) => (p.type === 'group' ? l.grouping : p.type === 'decimal' ? l.decimal : p.value)).join('');
}

/**
 * A calendar month `YYYY-MM` in the language's words: "October 2026" (en), "octobre 2026" (fr), "Ukwakira 2026" (rw,
 * months from languages.ts). Not a month: returned as given.
 */
export function formatMonth(month: string, language: string): string {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return month;
  const [year, index] = [Number(m[1]), Number(m[2]) - 1];
  const l = languageInfo(language);
  if (l.months) return `${l.months[index]} ${year}`;
  return cached(dateFormats, (loc, o) => new Intl.DateTimeFormat(loc, o), l.timeLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, index, 15)));
}

/** The zone dates are written in, on the server and in the browser alike (docs/decisions/014-server-rendering.md). */
export const DATE_TIME_ZONE = 'Africa/Kigali';

/** The calendar year of `at` (default now) in Kigali time (DATE_TIME_ZONE): the footer's copyright year. */
export function kigaliYear(at: Date = new Date()): number {
  return Number(cached(dateFormats, (loc, o) => new Intl.DateTimeFormat(loc, o), 'en', { year: 'numeric', timeZone: DATE_TIME_ZONE }).format(at));
}

/**
 * A date, with its time of day when `time` is set, in the language's words and in Kigali time (DATE_TIME_ZONE), the
 * same text on the server and in the browser: "December 5, 2026 at 7:06 AM" (en), "5 décembre 2026 à 07:06" (fr),
 * "5 Ukuboza 2026, 07:06" (rw, whose months come from languages.ts since Chromium has no Kinyarwanda data).
 * `deviceZone`: the runtime's own zone instead, for what only the browser draws (offline downloads). An invalid date
 * gives "".
 */
export function formatDate(value: Date | string | number, language: string, opts: { time?: boolean; deviceZone?: boolean } = {}): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const l = languageInfo(language);
  const timeZone = opts.deviceZone ? undefined : DATE_TIME_ZONE;
  // A 24-hour clock writes its hours in two digits (CLDR fr and en-GB "HH:mm"); a 12-hour one does not ("7:06 AM").
  const h23 = cached(dateFormats, (loc, o) => new Intl.DateTimeFormat(loc, o), l.timeLocale, { hour: 'numeric' }).resolvedOptions().hourCycle !== 'h12';
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone, ...(opts.time ? { hour: h23 ? '2-digit' : 'numeric', minute: '2-digit' } : {}) };
  const format = cached(dateFormats, (loc, o) => new Intl.DateTimeFormat(loc, o), l.timeLocale, options);
  if (!l.months) return format.format(d).replace(/[\u202f\u2009\u00a0]/g, ' ');
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(d).find((p) => p.type === type)?.value ?? '';
  const month = cached(dateFormats, (loc, o) => new Intl.DateTimeFormat(loc, o), 'en', { month: 'numeric', timeZone }).format(d);
  const date = `${part('day')} ${l.months[Number(month) - 1]} ${part('year')}`;
  return opts.time ? `${date}, ${part('hour')}:${part('minute')}` : date;
}
