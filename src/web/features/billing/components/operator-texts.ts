import type { Operator } from '../../../../shared/domain/msisdn';

/**
 * Which texts the payment step uses for the operators on offer: `mtn` alone keeps the spec's own texts (docs/product/viewer.md §5: "Invalid MTN Number"); `airtel` alone and `both` (ADR 011) name what is accepted.
 */
export type OperatorSet = 'mtn' | 'airtel' | 'both';

export function operatorSet(operators: readonly Operator[]): OperatorSet {
  const mtn = operators.includes('mtn');
  const airtel = operators.includes('airtel');
  if (mtn && airtel) return 'both';
  return airtel ? 'airtel' : 'mtn';
}

/** The display name key of who collected a payment: `mtn`, `airtel` or `sandbox`. */
export function providerKey(provider: string): string {
  return provider === 'mtn' || provider === 'airtel' || provider === 'sandbox' ? `billing.providers.${provider}` : provider;
}
