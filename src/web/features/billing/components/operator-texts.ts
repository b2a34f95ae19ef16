import { PAYMENT_PROVIDERS } from '../../../../shared/contracts/billing';
import { type Operator, OPERATOR_INFO, OPERATORS } from '../../../../shared/domain/operators';

/**
 * Which texts the payment step uses for the operators on offer (src/shared/domain/operators.ts): one operator alone
 * has texts of its own (`mtn` alone keeps the spec's own texts, docs/product/viewer.md §5: "Invalid MTN Number"),
 * and several (ADR 011) use the `both` texts, which name what is accepted.
 */
export type OperatorSet = Operator | 'both';

/** The text set for the operators on offer; none offered reads as the first operator alone. */
export function operatorSet(operators: readonly Operator[]): OperatorSet {
  const offered = OPERATORS.filter((o) => operators.includes(o));
  return offered.length > 1 ? 'both' : (offered[0] ?? OPERATORS[0]!);
}

/** The number field's placeholder: the first offered operator's first prefix and 7 X (`078XXXXXXX`). */
export function numberPlaceholder(operators: readonly Operator[]): string {
  return `${OPERATOR_INFO[operators[0] ?? OPERATORS[0]!].prefixes[0]}XXXXXXX`;
}

/** The display name key of who collected a payment: an operator id or `sandbox`; anything else is shown as is. */
export function providerKey(provider: string): string {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(provider) ? `billing.providers.${provider}` : provider;
}
