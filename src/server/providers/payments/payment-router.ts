/**
 * Picks the payment provider (ADR 008): by the payer's operator for a new payment (078/079 → MTN,
 * 072/073 → Airtel), and by the name stored on the payment for every later status query, so a payment is always
 * asked about where it was made. In sandbox mode every operator goes to the sandbox.
 */
import type { Operator } from '../../../shared/domain/msisdn.js';
import type { Config } from '../../config.js';
import { createAirtelMoneyProvider } from './airtel-money-provider.js';
import { createMtnMomoProvider } from './mtn-momo-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

export interface PaymentProviders {
  /** The provider that collects from this operator's numbers, or null when that operator is not enabled. */
  forOperator(operator: Operator): PaymentProvider | null;
  /** The provider a payment was made with, or null when it is no longer configured. */
  byName(name: string): PaymentProvider | null;
}

export function createPaymentRouter(providers: { mtn?: PaymentProvider | null; airtel?: PaymentProvider | null; sandbox?: PaymentProvider | null }): PaymentProviders {
  return {
    forOperator: (operator) => providers.sandbox ?? providers[operator] ?? null,
    byName: (name) => (name === 'mtn' || name === 'airtel' || name === 'sandbox' ? (providers[name] ?? null) : null),
  };
}

/** The providers the configuration asks for; `lookup` feeds the stateless sandbox. */
export function createPaymentProviders(config: Config, lookup: Parameters<typeof createSandboxProvider>[0]['lookup']): PaymentProviders {
  const p = config.payments;
  const retry = { timeoutMs: p.timeoutMs };
  if (p.mode === 'sandbox') return createPaymentRouter({ sandbox: createSandboxProvider({ approvalSeconds: config.sandboxApprovalSeconds, lookup }) });
  return createPaymentRouter({
    mtn: p.mtn ? createMtnMomoProvider({ ...p.mtn, retry }) : null,
    airtel: p.airtel ? createAirtelMoneyProvider({ ...p.airtel, retry }) : null,
  });
}
