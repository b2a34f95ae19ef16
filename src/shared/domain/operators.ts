/**
 * The mobile-money operators Sobanura collects from, as data: the one list the contracts' enums
 * (src/shared/contracts/billing.ts), the number rule (msisdn.ts), the server's messages and the web's choices derive
 * from (docs/decisions/041-payment-operators-declare-themselves.md; countries in
 * docs/decisions/043-payment-methods-countries-and-currencies.md).
 *
 * The list is src/shared/payment-methods/registry.ts: each operator is a folder there with its entry (`id`,
 * `method`, `country`, `name`, `shortName`, `prefixes`, `currency`; see OperatorInfo in kit.ts) and its texts per
 * language. Prefixes:
 * - Rwanda (ADR 008): 078/079 MTN, 072/073 Airtel.
 * - Uganda (Uganda Communications Commission, National Numbering Plan, mobile network codes of ITU-T E.164
 *   country code 256): 076/077/078 MTN Uganda, 070/074/075 Airtel Uganda. 078 is MTN's in both countries, so a
 *   local number is read in the payer's country (msisdn.ts).
 * The web shows `billing.operators.<id>` (see `operatorNameKey`), which each method's folder carries per language
 * (`texts.<language>.json`, merged into the web's locale texts at build time by vite.locale-plugin.ts).
 *
 * Adding an operator: its folder in src/shared/payment-methods and its entry in registry.ts there, and its provider
 * declaration in src/server/providers/payments (listed in operators.ts there); nothing here.
 */
import type { OperatorInfo } from '../payment-methods/kit.js';
import type { Country } from './countries.js';
import { PAYMENT_METHOD_LIST } from '../payment-methods/registry.js';

export type { OperatorInfo };

export const OPERATOR_LIST = PAYMENT_METHOD_LIST satisfies readonly OperatorInfo[];

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
