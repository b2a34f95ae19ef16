/**
 * The mobile-money operators Sobanura collects from, as data: the one list the contracts' enums
 * (src/shared/contracts/billing.ts), the number rule (msisdn.ts), the server's messages and the web's choices derive
 * from (docs/decisions/041-payment-operators-declare-themselves.md).
 *
 * Each entry: `id` (stored on payments and sent by the API; never renamed), `name` (the English display name, in
 * server messages), `shortName` (the network, as in "a valid MTN or Airtel Rwanda number"), `prefixes` (the
 * national prefixes of its numbers: 0 7X, each followed by 7 digits; ADR 008: 078/079 MTN, 072/073 Airtel) and
 * `currency` (what its Rwandan wallets hold: RWF). The web shows `billing.operators.<id>` (see `operatorNameKey`),
 * which each locale file (en, fr, rw) carries.
 *
 * Adding an operator: its entry here, its provider declaration in src/server/providers/payments (listed in
 * operators.ts there), and its texts in src/web/locales/{en,fr,rw}.json.
 */

export interface OperatorInfo {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  /** National prefixes `07X` (3 digits); a number is the prefix and 7 more digits. */
  readonly prefixes: readonly `07${number}`[];
  /** ISO 4217 code of its wallets. */
  readonly currency: string;
}

export const OPERATOR_LIST = [
  { id: 'mtn', name: 'MTN Mobile Money', shortName: 'MTN', prefixes: ['078', '079'], currency: 'RWF' },
  { id: 'airtel', name: 'Airtel Money', shortName: 'Airtel', prefixes: ['072', '073'], currency: 'RWF' },
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

/** Every operator's prefixes, in the list's order: `078, 079, 072 or 073`. */
export function allPrefixesText(): string {
  return joinWords(OPERATOR_LIST.flatMap((o) => o.prefixes), 'or');
}
