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
import { cardProvider, createCardClient } from './card/card-method.js';
import type { CardPaymentClient } from './card/card-payments.js';
import { type CardSandbox, createFlutterwaveSandbox } from './card/flutterwave-sandbox.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

export interface PaymentProviders {
  /** The provider that collects from this operator's numbers, or null when that operator is not enabled. */
  forOperator(operator: Operator): PaymentProvider | null;
  /** The provider a payment was made with, or null when it is no longer configured. */
  byName(name: string): PaymentProvider | null;
  /**
   * Cards (docs/decisions/044-card-payments.md): the processor's client (the live Flutterwave client or the
   * in-process sandbox, `sandbox` set then) and its provider; null when cards are off.
   */
  card: { client: CardPaymentClient; sandbox: CardSandbox | null; provider: PaymentProvider } | null;
}

/**
 * Routes to the providers given, by operator id or `sandbox`. The sandbox, when given, takes every operator, in that
 * operator's currency (RWF for Rwanda's, UGX for Uganda's: docs/decisions/043-payment-methods-countries-and-currencies.md).
 */
export function createPaymentRouter(providers: Partial<Record<PaymentProviderName, PaymentProvider | null>>, card: PaymentProviders['card'] = null): PaymentProviders {
  const sandbox = providers.sandbox;
  const sandboxes = new Map<Operator, PaymentProvider>();
  const sandboxFor = (operator: Operator): PaymentProvider => {
    let p = sandboxes.get(operator);
    if (!p) sandboxes.set(operator, (p = { ...sandbox!, currency: OPERATOR_INFO[operator].currency }));
    return p;
  };
  return {
    forOperator: (operator) => (sandbox ? sandboxFor(operator) : (providers[operator] ?? null)),
    byName: (name) => (name === 'card' ? (card?.provider ?? null) : (PAYMENT_PROVIDERS as readonly string[]).includes(name) ? (providers[name as PaymentProviderName] ?? null) : null),
    card,
  };
}

/** The cards part of the configuration as clients: the live processor, the in-process sandbox, or none. */
function cardPart(config: Config, log?: { warn(obj: object, msg: string): void }): PaymentProviders['card'] {
  const c = config.payments.card;
  if (c === null) return null;
  if (c === 'sandbox') {
    const sandbox = createFlutterwaveSandbox();
    return { client: sandbox, sandbox, provider: cardProvider(sandbox, log) };
  }
  const client = createCardClient(c, { timeoutMs: config.payments.timeoutMs });
  return { client, sandbox: null, provider: cardProvider(client, log) };
}

/** The providers the configuration asks for; `lookup` feeds the stateless sandbox. */
export function createPaymentProviders(config: Config, lookup: Parameters<typeof createSandboxProvider>[0]['lookup'], log?: { warn(obj: object, msg: string): void }): PaymentProviders {
  const p = config.payments;
  const retry = { timeoutMs: p.timeoutMs };
  const card = cardPart(config, log);
  if (p.mode === 'sandbox') return createPaymentRouter({ sandbox: createSandboxProvider({ approvalSeconds: config.sandboxApprovalSeconds, lookup }) }, card);
  return createPaymentRouter(
    Object.fromEntries(
      PAYMENT_OPERATORS.map((d) => {
        const cfg = p[d.id];
        // `payments.<id>` is what this operator's own `config` made, so its `create` takes it.
        return [d.id, cfg ? d.create(cfg as never, { retry }) : null];
      }),
    ),
    card,
  );
}
