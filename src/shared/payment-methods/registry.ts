/**
 * THE registry of mobile-money payment methods (docs/decisions/041-payment-operators-declare-themselves.md, amended
 * 2026-11-29; countries in docs/decisions/043-payment-methods-countries-and-currencies.md): one line each, in the
 * order the API and the web offer them (Rwanda's first). src/shared/domain/operators.ts derives its list from it.
 *
 * A method is one folder here, named by its PAYMENT_METHODS name (`mtn-rw`):
 * - `method.ts`: its shared entry (kit.ts: id, method, country, names, prefixes, currency);
 * - `texts.<language>.json`, one per interface language (src/shared/domain/languages.ts): its texts, at the key
 *   paths of the web's locale files without its id (`{ "billing": { "operators": "MTN Mobile Money" } }` is
 *   `billing.operators.mtn`). The web's build merges them into each language's texts (vite.locale-plugin.ts), so
 *   pages read `billing.operators.<id>` as before; the locale files themselves do not carry them (tested).
 *
 * Adding a method of a protocol the server already speaks (MTN MoMo, Airtel Money): its folder (copy a method's of
 * the same protocol), its import and entry here, and on the server its `declare…(id, prefix…)` line in its provider
 * file and that declaration's entry in src/server/providers/payments/operators.ts: 3 files outside its folder.
 */
import { airtelRw } from './airtel-rw/method.js';
import { airtelUg } from './airtel-ug/method.js';
import { mtnRw } from './mtn-rw/method.js';
import { mtnUg } from './mtn-ug/method.js';

export const PAYMENT_METHOD_LIST = [mtnRw, airtelRw, mtnUg, airtelUg] as const;
