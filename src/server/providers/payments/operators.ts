/**
 * The payment operators' providers (operator-kit.ts, docs/decisions/041-payment-operators-declare-themselves.md):
 * one line each, in the order of src/shared/domain/operators.ts. The configuration reads their variables and the
 * payment router builds their clients by looping over this list; a test checks it names every shared operator once.
 *
 * Adding an operator of a protocol already spoken: its folder and registry entry in src/shared/payment-methods (entry
 * and texts), its `declare…(id, prefix…)` line in its provider file (mtn-momo-provider.ts, airtel-money-provider.ts)
 * and its entry here.
 */
import { airtelMoneyOperator, airtelMoneyUgandaOperator } from './airtel-money-provider.js';
import { mtnMomoOperator, mtnMomoUgandaOperator } from './mtn-momo-provider.js';

export const PAYMENT_OPERATORS = [mtnMomoOperator, airtelMoneyOperator, mtnMomoUgandaOperator, airtelMoneyUgandaOperator] as const;

/** `payments.<id>` of the configuration: each operator's part when it is live, else null. */
export type OperatorConfigs = { [D in (typeof PAYMENT_OPERATORS)[number] as D['id']]: ReturnType<D['config']> | null };
