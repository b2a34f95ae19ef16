/**
 * THE list of interface languages (docs/product/viewer.md §1: English by default, French, Kinyarwanda), with each
 * language's own conventions for figures and durations; everything that names a language derives from it (the web's
 * loaders and switcher, the caption languages, the profile's language, the server's recovery texts, the database's
 * checks). Adding a language: its locale files (src/web/locales/<code>.json, src/web/features/pages/locales/<code>.json),
 * each payment method's `texts.<code>.json` (src/shared/payment-methods/<method>/) and one line here; the compiler then names the texts still missing (recovery-texts.ts), and `npm run db:generate`
 * writes nothing (the language columns are text checked by the app: docs/decisions/039-plans-and-languages-as-data.md).
 * No zod here: the web's entry chunk imports this file (docs/decisions/014-server-rendering.md).
 */

export interface InterfaceLanguage<Code extends string = string> {
  /** ISO 639-1 code, also the locale file's name. */
  code: Code;
  /** The language's name in itself, as the switcher and the HLS playlists show it. */
  label: string;
  /** Thousands separator (CLDR): en ",", fr U+202F (narrow no-break space), rw "." (ADR 025). */
  grouping: string;
  /** Decimal separator (CLDR): en ".", fr ",", rw "," (ADR 025). */
  decimal: string;
  /** The Intl locale whose time pattern is the language's (Kinyarwanda's CLDR time is 24-hour HH:mm, as en-GB's). */
  timeLocale: string;
  /** Duration units, with their leading space if any ("1h 30m", "1 h 30 min"; domain/duration.ts). */
  units: { h: string; m: string; s: string };
  /**
   * The months' names, January first, for a language whose dates Intl cannot write in every runtime (Chromium has
   * no Kinyarwanda data): dates are then written "5 Ukuboza 2026, 07:06" by hand (web lib/format.ts formatDate).
   */
  months?: readonly string[];
}

const TABLE = [
  { code: 'en', label: 'English', grouping: ',', decimal: '.', timeLocale: 'en', units: { h: 'h', m: 'm', s: 's' } },
  { code: 'fr', label: 'Français', grouping: '\u202f', decimal: ',', timeLocale: 'fr', units: { h: ' h', m: ' min', s: ' s' } },
  {
    code: 'rw', label: 'Kinyarwanda', grouping: '.', decimal: ',', timeLocale: 'en-GB', units: { h: ' h', m: ' min', s: ' s' },
    // CLDR rw, months format wide.
    months: ['Mutarama', 'Gashyantare', 'Werurwe', 'Mata', 'Gicurasi', 'Kamena', 'Nyakanga', 'Kanama', 'Nzeri', 'Ukwakira', 'Ugushyingo', 'Ukuboza'],
  },
] as const satisfies readonly InterfaceLanguage[];

export type LanguageCode = (typeof TABLE)[number]['code'];
/** The interface languages, the default first. */
export const INTERFACE_LANGUAGES: readonly InterfaceLanguage<LanguageCode>[] = TABLE;
/** Their codes, the default first (a non-empty tuple, as `z.enum` and drizzle's `text({ enum })` want it). */
export const LANGUAGE_CODES = TABLE.map((l) => l.code) as unknown as readonly [LanguageCode, ...LanguageCode[]];
/** The language of a visitor who named none, or named one we do not have. */
export const DEFAULT_LANGUAGE: LanguageCode = TABLE[0].code;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The interface language of a BCP 47 tag: "fr-RW" is fr; anything we do not have is the default (en). */
export function languageOfTag(tag: string): LanguageCode {
  const base = tag.toLowerCase().split('-')[0];
  return isLanguageCode(base) ? base : DEFAULT_LANGUAGE;
}

/** The conventions of `code`'s language (the default's for a tag we do not have). */
export function languageInfo(tag: string): InterfaceLanguage<LanguageCode> {
  const code = languageOfTag(tag);
  return INTERFACE_LANGUAGES.find((l) => l.code === code)!;
}
