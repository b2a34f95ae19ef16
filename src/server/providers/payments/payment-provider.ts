/**
 * Mobile-money collection behind one interface (ADR 008), in the terms of MTN MoMo's Collection API
 * (request-to-pay with a reference we choose, then a status query: PENDING | SUCCESSFUL | FAILED with a reason).
 * Implementations: MTN MoMo (`mtn-momo-provider.ts`), Airtel Money (`airtel-money-provider.ts`), the stateless
 * sandbox (`sandbox-provider.ts`, the embedded default) and cards (`card/card-method.ts`, settled by verification
 * only). `payment-router.ts` picks one by the payer's operator, or `card`.
 */
import type { PaymentProviderName, PaymentReason } from '../../../shared/contracts/billing.js';

/** Who collects: an operator id of src/shared/domain/operators.ts, `sandbox` or `card`. */
export type ProviderName = PaymentProviderName;

export interface RequestToPay {
  /** UUID v4, stored before the call so a retry never creates a second charge (MTN: X-Reference-Id; Airtel: transaction.id). */
  referenceId: string;
  /** Integer amount in `currency`. */
  amount: number;
  currency: string;
  /** MSISDN 2507XXXXXXXX. */
  msisdn: string;
  /** Our payment id. */
  externalId: string;
  /** Shown to the payer on their phone. */
  payerMessage: string;
  payeeNote: string;
  /** Where the provider reports the outcome (MTN: X-Callback-Url). Airtel's is set in its portal instead. */
  callbackUrl?: string;
}

export interface PaymentStatusAnswer {
  /** NOT_FOUND: the provider has no request with this reference (it never arrived). */
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'NOT_FOUND';
  /** Why it failed, mapped to our reason codes (FAILED only). */
  reason?: PaymentReason;
  /**
   * The card a SUCCESSFUL card payment was paid with, as the processor read it back: brand (`VISA`, `MASTERCARD`,
   * …, or null when it named none) and last four digits. Kept for receipts only (docs/decisions/044-card-payments.md).
   */
  card?: PaidCard;
}

/** A card's brand (upper case as the processor names it, or null) and its last four digits; nothing more of it. */
export interface PaidCard {
  brand: string | null;
  last4: string;
}

/**
 * A provider call that did not go through.
 * - `refused`: the provider answered and refused the request for good (nothing charged); `reason` says why.
 * - `not_delivered`: the request certainly never reached the provider (connection refused, bad credentials,
 *   rate limited); nothing charged.
 * - `ambiguous`: it may have reached the provider (timeout, 5xx, connection cut); only a status query can tell.
 * Messages never carry tokens, keys or phone numbers.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly kind: 'refused' | 'not_delivered' | 'ambiguous',
    public readonly reason?: PaymentReason,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** What the payment says about itself when its provider is asked (cards check the processor's answer against it). */
export interface StatusContext {
  /** The payment's amount, integer minor units of `currency`. */
  amount: number;
  currency: string;
  /** The processor's own id of the transaction, when a webhook or the payer's redirect named one (cards). */
  transactionId?: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The currency this provider collects in (RWF; MTN's sandbox takes EUR only). */
  readonly currency: string;
  /** Asks the payer's phone to approve. A repeated reference is not a second charge. Throws PaymentProviderError. */
  requestToPay(req: RequestToPay): Promise<void>;
  /**
   * The provider's current word on a request; `expected` is the payment's own amount and currency (mobile money
   * ignores it; cards credit only an exact match). Throws PaymentProviderError when it cannot be read.
   */
  status(referenceId: string, expected?: StatusContext): Promise<PaymentStatusAnswer>;
}
