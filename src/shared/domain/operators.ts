/**
 * The mobile-money operators Sobanura collects from, as data: the one list the contracts' enums
 * (src/shared/contracts/billing.ts), the number rule (msisdn.ts), the server's messages and the web's choices derive
 * from (docs/decisions/041-payment-operators-declare-themselves.md; countries in
 * docs/decisions/043-payment-methods-countries-and-currencies.md).
 *
 * Each entry: `id` (stored on payments and sent by the API; never renamed: Rwanda's are `mtn` and `airtel`, as
 * before Uganda), `method` (its name in PAYMENT_METHODS: operator and country), `country` (countries.ts), `name` (the
 * English display name, in server messages), `shortName` (the network, as in "a valid MTN or Airtel Rwanda number"),
 * `prefixes` (the national prefixes of its numbers: 0 7X, each followed by 7 digits) and `currency` (what its
 * wallets hold). Prefixes:
 * - Rwanda (ADR 008): 078/079 MTN, 072/073 Airtel.
 * - Uganda (Uganda Communications Commission, National Numbering Plan, mobile network codes of ITU-T E.164
 *   country code 256): 076/077/078 MTN Uganda, 070/074/075 Airtel Uganda. 078 is MTN's in both countries, so a
 *   local number is read in the payer's country (msisdn.ts).
 * The web shows `billing.operators.<id>` (see `operatorNameKey`), which each locale file (en, fr, rw) carries.
 *
 * Adding an operator: its entry here, its provider declaration in src/server/providers/payments (listed in
 * operators.ts there), and its texts in src/web/locales/{en,fr,rw}.json.
 */
import type { Country } from './countries.js';

export interface OperatorInfo {
  readonly id: string;
  readonly method: string;
  readonly country: Country;
  readonly name: string;
  readonly shortName: string;
  /** National prefixes `07X` (3 digits); a number is the prefix and 7 more digits. */
  readonly prefixes: readonly `07${number}`[];
  /** ISO 4217 code of its wallets. */
  readonly currency: string;
}

export const OPERATOR_LIST = [
  { id: 'mtn', method: 'mtn-rw', country: 'RW', name: 'MTN Mobile Money', shortName: 'MTN', prefixes: ['078', '079'], currency: 'RWF' },
  { id: 'airtel', method: 'airtel-rw', country: 'RW', name: 'Airtel Money', shortName: 'Airtel', prefixes: ['072', '073'], currency: 'RWF' },
  { id: 'mtn-ug', method: 'mtn-ug', country: 'UG', name: 'MTN Mobile Money Uganda', shortName: 'MTN', prefixes: ['076', '077', '078'], currency: 'UGX' },
  { id: 'airtel-ug', method: 'airtel-ug', country: 'UG', name: 'Airtel Money Uganda', shortName: 'Airtel', prefixes: ['070', '074', '075'], currency: 'UGX' },
] as const satisfies readonly OperatorInfo[];

/** The mobile-money operator a number belongs to. */
export type Operator = (typeof OPERATOR_LIST)[number]['id'];

/** The operator ids, in the list's order (the order the web offers them in). */
export const OPERATORS: readonly Operator[] = OPERATOR_LIST.map((o) => o.id);

/** An operator's entry by id. */
export const OPERATOR_INFO = Object.fromEntries(OPERATOR_LIST.map((o) => [o.id, o])) as { readonly [K in Operator]: Extract<(typeof OPERATOR_LIST)[number], { id: K }> };

/** Whether a string is an operator id. */
export function isOperator(id: string): id is Operator {
  return (OPERATORS as readonly string[]).includes(id);
}

/** The locale key of an operator's display name (`billing.operators.<id>`). */
export function operatorNameKey(id: Operator): `billing.operators.${Operator}` {
  return `billing.operators.${id}`;
}

/** `a`, `a or b`, `a, b or c`: a list in an English sentence, joined with `word` before the last item. */
export function joinWords(items: readonly string[], word: 'or' | 'and'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

/** The operators of one country, in the list's order. */
export function operatorsIn(country: Country): (typeof OPERATOR_LIST)[number][] {
  return OPERATOR_LIST.filter((o) => o.country === country);
}

/** The operator whose PAYMENT_METHODS name is `method` (`mtn-rw` → `mtn`), or null. */
export function operatorOfMethod(method: string): Operator | null {
  return OPERATOR_LIST.find((o) => o.method === method)?.id ?? null;
}

/** The prefixes of a country's operators, in the list's order (Rwanda: `078, 079, 072 or 073`). */
export function allPrefixesText(country: Country = 'RW'): string {
  return joinWords(operatorsIn(country).flatMap((o) => o.prefixes), 'or');
}
