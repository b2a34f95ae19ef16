/**
 * Picks the payment provider (ADR 008): by the payer's operator for a new payment (its prefixes in
 * src/shared/domain/operators.ts: 078/079 → MTN, 072/073 → Airtel), and by the name stored on the payment for every
 * later status query, so a payment is always asked about where it was made. In sandbox mode every operator goes to
 * the sandbox. The live providers are built from the declarations in operators.ts (ADR 041).
 */
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '../../../shared/contracts/billing.js';
import { type Operator, OPERATOR_INFO } from '../../../shared/domain/operators.js';
import type { Config } from '../../config.js';
import { PAYMENT_OPERATORS } from './operators.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

export interface PaymentProviders {
  /** The provider that collects from this operator's numbers, or null when that operator is not enabled. */
  forOperator(operator: Operator): PaymentProvider | null;
  /** The provider a payment was made with, or null when it is no longer configured. */
  byName(name: string): PaymentProvider | null;
}

/**
 * Routes to the providers given, by operator id or `sandbox`. The sandbox, when given, takes every operator, in that
 * operator's currency (RWF for Rwanda's, UGX for Uganda's: docs/decisions/043-payment-methods-countries-and-currencies.md).
 */
export function createPaymentRouter(providers: Partial<Record<PaymentProviderName, PaymentProvider | null>>): PaymentProviders {
  const sandbox = providers.sandbox;
  const sandboxes = new Map<Operator, PaymentProvider>();
  const sandboxFor = (operator: Operator): PaymentProvider => {
    let p = sandboxes.get(operator);
    if (!p) sandboxes.set(operator, (p = { ...sandbox!, currency: OPERATOR_INFO[operator].currency }));
    return p;
  };
  return {
    forOperator: (operator) => (sandbox ? sandboxFor(operator) : (providers[operator] ?? null)),
    byName: (name) => ((PAYMENT_PROVIDERS as readonly string[]).includes(name) ? (providers[name as PaymentProviderName] ?? null) : null),
  };
}

/** The providers the configuration asks for; `lookup` feeds the stateless sandbox. */
export function createPaymentProviders(config: Config, lookup: Parameters<typeof createSandboxProvider>[0]['lookup']): PaymentProviders {
  const p = config.payments;
  const retry = { timeoutMs: p.timeoutMs };
  if (p.mode === 'sandbox') return createPaymentRouter({ sandbox: createSandboxProvider({ approvalSeconds: config.sandboxApprovalSeconds, lookup }) });
  return createPaymentRouter(
    Object.fromEntries(
      PAYMENT_OPERATORS.map((d) => {
        const cfg = p[d.id];
        // `payments.<id>` is what this operator's own `config` made, so its `create` takes it.
        return [d.id, cfg ? d.create(cfg as never, { retry }) : null];
      }),
    ),
  );
}
