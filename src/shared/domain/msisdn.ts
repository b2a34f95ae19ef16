/**
 * Rwandan mobile-money numbers of the operators in operators.ts (MTN Mobile Money and Airtel Money).
 *
 * Source: docs/product/viewer.md §5 ("Mobile money number"): spaces removed; accepted forms are 07X plus 7 digits,
 * the 250 prefix with 7X plus 7 digits, or 7X plus 7 digits (a leading "+" before 250 is accepted too). ADR 008
 * widens the operator prefixes: 078/079 are MTN, 072/073 are Airtel (each operator's `prefixes` in operators.ts).
 * The normalised form is the
 * international MSISDN without "+" (ITU-T E.164), as MTN's Collection API expects in `payer.partyId`:
 * `2507XXXXXXXX`. Airtel's Collections API takes the number without the country code (`localMsisdn`).
 */

import { OPERATOR_LIST, type Operator } from './operators.js';

export { OPERATORS, type Operator } from './operators.js';

/** Maximum length of the number field (digits only). docs/product/viewer.md §5. */
export const MSISDN_INPUT_MAX_LENGTH = 12;

/** National prefix without its 0 (`78`) → operator, from each operator's `prefixes`. */
const PREFIX_OPERATOR: ReadonlyMap<string, Operator> = new Map(OPERATOR_LIST.flatMap((o) => o.prefixes.map((p) => [p.slice(1), o.id] as const)));

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
  const s = raw.replace(/\s+/g, '');
  const m = /^(?:0|250|\+250)?(7\d{8})$/.exec(s);
  if (!m) return null;
  const operator = PREFIX_OPERATOR.get(m[1]!.slice(0, 2));
  return operator ? { msisdn: `250${m[1]}`, operator } : null;
}

/**
 * Parses an MTN Rwanda number in any accepted form.
 * @returns the MSISDN `2507[89]XXXXXXX`, or null when the number is not a valid MTN Rwanda number.
 */
export function parseMtnMsisdn(raw: string): string | null {
  const parsed = parseRwandaMsisdn(raw);
  return parsed?.operator === 'mtn' ? parsed.msisdn : null;
}

/** The operator of a normalised MSISDN, or null when it is not a Rwandan MTN/Airtel number. */
export function operatorOf(msisdn: string): Operator | null {
  return parseRwandaMsisdn(msisdn)?.operator ?? null;
}

/** The number without the country code (`2507XXXXXXXX` → `7XXXXXXXX`), as Airtel's API takes it. */
export function localMsisdn(msisdn: string): string {
  return msisdn.startsWith('250') ? msisdn.slice(3) : msisdn;
}

/** Masks an MSISDN for display and logs: `250788123456` → `250788***456`. */
export function maskMsisdn(msisdn: string): string {
  if (msisdn.length < 7) return '***';
  return `${msisdn.slice(0, 6)}***${msisdn.slice(-3)}`;
}
