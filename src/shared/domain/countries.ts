/**
 * The countries whose mobile-money wallets Sobanura collects from, and the currencies it prices in
 * (docs/decisions/043-payment-methods-countries-and-currencies.md).
 *
 * Each country: `code` (ISO 3166-1 alpha-2), `name` (English), `dialCode` (ITU-T E.164 country code, digits only),
 * `currency` (ISO 4217 code of its wallets). The payer's country decides how a local number (07…) is read and which
 * currency a price is shown and charged in.
 */

export const COUNTRY_LIST = [
  { code: 'RW', name: 'Rwanda', dialCode: '250', currency: 'RWF' },
  { code: 'UG', name: 'Uganda', dialCode: '256', currency: 'UGX' },
] as const;

/** A country of COUNTRY_LIST (`RW`, `UG`). */
export type Country = (typeof COUNTRY_LIST)[number]['code'];

/** The country codes, in the list's order (Rwanda first: a number typed without a country is read as Rwandan). */
export const COUNTRIES = COUNTRY_LIST.map((c) => c.code) as unknown as readonly [Country, ...Country[]];

export const COUNTRY_INFO = Object.fromEntries(COUNTRY_LIST.map((c) => [c.code, c])) as { readonly [K in Country]: Extract<(typeof COUNTRY_LIST)[number], { code: K }> };

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * The currencies prices are set in (RWF on plans as the spec has them, UGX for Uganda's wallets, USD for cards
 * abroad), with their ISO 4217 minor-unit exponent: an amount is always an integer in minor units, so 4.99 USD is
 * 499 and 500 RWF is 500 (RWF and UGX have no minor unit).
 */
export const CURRENCY_LIST = [
  { code: 'RWF', exponent: 0 },
  { code: 'UGX', exponent: 0 },
  { code: 'USD', exponent: 2 },
] as const;

export type Currency = (typeof CURRENCY_LIST)[number]['code'];
export const CURRENCIES = CURRENCY_LIST.map((c) => c.code) as unknown as readonly [Currency, ...Currency[]];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Minor units per major unit of `currency` (1 for RWF and UGX, 100 for USD; ISO 4217). Unknown codes: 1. */
export function minorPerMajor(currency: string): number {
  const c = CURRENCY_LIST.find((x) => x.code === currency);
  return 10 ** (c?.exponent ?? 0);
}

/** The major-unit number of an amount in minor units (499 USD cents → 4.99). */
export function toMajor(amountMinor: number, currency: string): number {
  return amountMinor / minorPerMajor(currency);
}
