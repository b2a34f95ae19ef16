import { PAYMENT_PROVIDERS } from '../../../../shared/contracts/billing';
import { COUNTRIES, type Country } from '../../../../shared/domain/countries';
import { type Operator, OPERATOR_INFO, OPERATORS, operatorsIn } from '../../../../shared/domain/operators';

/**
 * Which texts the payment step uses for the operators on offer in the payer's country (src/shared/domain/operators.ts):
 * one operator alone has texts of its own (`mtn` alone keeps the spec's own texts, docs/product/viewer.md §5:
 * "Invalid MTN Number"), and several use the country's texts that name what is accepted: `both` for Rwanda (ADR 011),
 * `both-ug` for Uganda (docs/decisions/043-payment-methods-countries-and-currencies.md).
 */
export type OperatorSet = Operator | 'both' | 'both-ug';

/** The operators offered in `country`, in the list's order. */
export function offeredIn(operators: readonly Operator[], country: Country): Operator[] {
  return OPERATORS.filter((o) => operators.includes(o) && OPERATOR_INFO[o].country === country);
}

/** The countries with at least one operator on offer, in the list's order (Rwanda first). */
export function countriesOffered(operators: readonly Operator[]): Country[] {
  return COUNTRIES.filter((c) => offeredIn(operators, c).length > 0);
}

/** The text set for the operators on offer in `country`; none offered reads as the country's first operator alone. */
export function operatorSet(operators: readonly Operator[], country: Country = 'RW'): OperatorSet {
  const offered = offeredIn(operators, country);
  if (offered.length > 1) return country === 'RW' ? 'both' : 'both-ug';
  return offered[0] ?? operatorsIn(country)[0]!.id;
}

/** The number field's placeholder: the first offered operator of `country` (in the order given), its first prefix and 7 X (`078XXXXXXX`). */
export function numberPlaceholder(operators: readonly Operator[], country: Country = 'RW'): string {
  const first = operators.find((o) => OPERATOR_INFO[o].country === country) ?? operatorsIn(country)[0]!.id;
  return `${OPERATOR_INFO[first].prefixes[0]}XXXXXXX`;
}

/** The display name key of who collected a payment: an operator id or `sandbox`; anything else is shown as is. */
export function providerKey(provider: string): string {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(provider) ? `billing.providers.${provider}` : provider;
}
