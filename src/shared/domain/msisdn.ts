/**
 * Mobile-money numbers of the operators in operators.ts: Rwanda's (MTN Mobile Money and Airtel Money) and, since
 * docs/decisions/043-payment-methods-countries-and-currencies.md, Uganda's (+256, the same forms).
 *
 * Source: docs/product/viewer.md §5 ("Mobile money number"): spaces removed; accepted forms are 07X plus 7 digits,
 * the 250 prefix with 7X plus 7 digits, or 7X plus 7 digits (a leading "+" before 250 is accepted too). ADR 008
 * widens the operator prefixes: 078/079 are MTN, 072/073 are Airtel (each operator's `prefixes` in operators.ts).
 * The normalised form is the
 * international MSISDN without "+" (ITU-T E.164), as MTN's Collection API expects in `payer.partyId`:
 * `2507XXXXXXXX`. Airtel's Collections API takes the number without the country code (`localMsisdn`).
 */

import { COUNTRY_INFO, COUNTRY_LIST, type Country } from './countries.js';
import { OPERATOR_LIST, type Operator } from './operators.js';

export { OPERATORS, type Operator } from './operators.js';

/** Maximum length of the number field (digits only). docs/product/viewer.md §5. */
export const MSISDN_INPUT_MAX_LENGTH = 12;

/** `country:prefix` without its 0 (`RW:78`) → operator, from each operator's `country` and `prefixes`. */
const PREFIX_OPERATOR: ReadonlyMap<string, Operator> = new Map(OPERATOR_LIST.flatMap((o) => o.prefixes.map((p) => [`${o.country}:${p.slice(1)}`, o.id] as const)));

/** Country code digits (`250`) → country. */
const DIAL_COUNTRY: ReadonlyMap<string, Country> = new Map(COUNTRY_LIST.map((c) => [c.dialCode, c.code]));

export interface ParsedMsisdn {
  /** International form without "+" (ITU-T E.164): `2507XXXXXXXX` or `2567XXXXXXXX`. */
  msisdn: string;
  operator: Operator;
  country: Country;
}

/**
 * Parses a mobile-money number of any operator in operators.ts. The international forms (`+250…`, `250…`,
 * `+256…`, `256…`) name their country; the local forms (`07X` plus 7 digits, or `7X` plus 7 digits) are read in
 * `country` (the payer's choice; Rwanda by default, as docs/product/viewer.md §5 has it). Spaces are ignored.
 * @returns the MSISDN, its operator and country, or null when the number is no operator's in that country.
 */
export function parseMsisdn(raw: string, country: Country = 'RW'): ParsedMsisdn | null {
  const s = raw.replace(/\s+/g, '');
  const intl = /^\+?(\d{3})(7\d{8})$/.exec(s);
  const local = intl ? null : /^0?(7\d{8})$/.exec(s);
  const where = intl ? DIAL_COUNTRY.get(intl[1]!) : local ? country : undefined;
  const national = intl?.[2] ?? local?.[1];
  if (!where || !national) return null;
  const operator = PREFIX_OPERATOR.get(`${where}:${national.slice(0, 2)}`);
  return operator ? { msisdn: `${COUNTRY_INFO[where].dialCode}${national}`, operator, country: where } : null;
}

export interface RwandaMsisdn {
  /** `2507XXXXXXXX` */
  msisdn: string;
  operator: Operator;
}

/** Keeps the digits of what the viewer typed, cut to 12 (the input rule of docs/product/viewer.md §5). */
export function sanitizeMsisdnInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, MSISDN_INPUT_MAX_LENGTH);
}

/**
 * Parses a Rwandan mobile-money number of any operator in operators.ts, in any accepted form.
 * @returns the MSISDN `2507XXXXXXXX` and its operator, or null when the number is neither.
 */
export function parseRwandaMsisdn(raw: string): RwandaMsisdn | null {
  const parsed = parseMsisdn(raw, 'RW');
  return parsed?.country === 'RW' ? { msisdn: parsed.msisdn, operator: parsed.operator } : null;
}

/**
 * Parses an MTN Rwanda number in any accepted form.
 * @returns the MSISDN `2507[89]XXXXXXX`, or null when the number is not a valid MTN Rwanda number.
 */
export function parseMtnMsisdn(raw: string): string | null {
  const parsed = parseRwandaMsisdn(raw);
  return parsed?.operator === 'mtn' ? parsed.msisdn : null;
}

/** The operator of a normalised MSISDN (`2507…` or `2567…`), or null when it is no operator's number. */
export function operatorOf(msisdn: string): Operator | null {
  return parseMsisdn(msisdn)?.operator ?? null;
}

/** The number without its country code (`2507XXXXXXXX` → `7XXXXXXXX`, `2567…` likewise), as Airtel's API takes it. */
export function localMsisdn(msisdn: string): string {
  const cc = msisdn.slice(0, 3);
  return msisdn.length === 12 && DIAL_COUNTRY.has(cc) ? msisdn.slice(3) : msisdn;
}

/** Masks an MSISDN for display and logs: `250788123456` → `250788***456`. */
export function maskMsisdn(msisdn: string): string {
  if (msisdn.length < 7) return '***';
  return `${msisdn.slice(0, 6)}***${msisdn.slice(-3)}`;
}
