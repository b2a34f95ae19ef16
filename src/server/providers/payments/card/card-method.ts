/**
 * Cards as a payment method (docs/decisions/044-card-payments.md): the `card` entry of PAYMENT_METHODS, its
 * variables, and the adapter that lets the billing module settle a card payment like a mobile-money one.
 *
 * Variables (read whatever the mode, so a bad value is refused even with the sandbox): FLW_BASE_URL
 * (https://api.flutterwave.com), FLW_SECRET_KEY and FLW_SECRET_HASH (both required when `card` runs live: the API
 * secret key, and the secret hash set under Settings → Webhooks that every webhook's `verif-hash` carries).
 *
 * The adapter's `status(txRef, expected)` is the only way a card payment is settled: it reads the transaction back
 * from the processor (by Flutterwave id when a webhook or the redirect gave one and its `tx_ref` is ours, else by
 * our reference) and answers SUCCESSFUL only when `matches` holds: successful, our `tx_ref`, exactly our amount
 * and currency ("Transaction Verification", developer.flutterwave.com/docs/transaction-verification). A transaction
 * for another amount or currency is FAILED (nothing is credited; the log names it for a refund). `requestToPay` is
 * not used for cards (the payer acts on the hosted page): it throws.
 */
import { z } from 'zod';
import { type PaidCard, PaymentProviderError, type PaymentProvider, type PaymentStatusAnswer, type StatusContext } from '../payment-provider.js';
import type { CardPaymentClient, VerifiedCardTransaction } from './card-payments.js';
import { createFlutterwaveClient } from './flutterwave-client.js';

export const CARD_ENV = {
  FLW_BASE_URL: z.url().default('https://api.flutterwave.com'),
  FLW_SECRET_KEY: z.string().regex(/^FLWSECK(_TEST)?-/, 'must be the Flutterwave secret key (FLWSECK-… or FLWSECK_TEST-…)').optional(),
  FLW_SECRET_HASH: z.string().min(16, 'must be the webhook secret hash, at least 16 characters').optional(),
};
export const CARD_REQUIRED = [
  { name: 'FLW_SECRET_KEY', why: 'the Flutterwave API secret key' },
  { name: 'FLW_SECRET_HASH', why: 'the secret hash Flutterwave sends in verif-hash with every webhook' },
] as const;

export interface CardConfig {
  baseUrl: string;
  secretKey: string;
  secretHash: string;
}

/** `payments.card` of the configuration from the parsed variables (when `card` runs live). */
export function cardConfig(e: z.infer<z.ZodObject<typeof CARD_ENV>>): CardConfig {
  return { baseUrl: e.FLW_BASE_URL.replace(/\/+$/, ''), secretKey: e.FLW_SECRET_KEY!, secretHash: e.FLW_SECRET_HASH! };
}

/** The live client from its configuration and the call timeout. */
export function createCardClient(cfg: CardConfig, retry: { timeoutMs: number }): CardPaymentClient {
  return createFlutterwaveClient({ baseUrl: cfg.baseUrl, secretKey: cfg.secretKey, webhookHash: cfg.secretHash, retry });
}

/** The card client as a PaymentProvider named `card`, for the settlement path (see the module comment). */
export function cardProvider(client: CardPaymentClient, log?: { warn(obj: object, msg: string): void }): PaymentProvider {
  return {
    name: 'card',
    currency: 'USD',
    async requestToPay() {
      throw new PaymentProviderError('cards are paid on the processor’s hosted page, not by request-to-pay', 'refused', 'REQUEST_FAILED');
    },
    async status(txRef: string, expected?: StatusContext): Promise<PaymentStatusAnswer> {
      let t = expected?.transactionId ? await client.verify(expected.transactionId) : null;
      // A transaction id from a webhook or a redirect counts only when the processor says it is ours.
      if (!t || t.status === 'not_found' || t.txRef !== txRef) t = await client.verifyByReference(txRef);
      if (t.status === 'not_found') return { status: 'NOT_FOUND' };
      if (t.status === 'pending') return { status: 'PENDING' };
      if (t.status === 'failed') return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
      if (expected && !client.matches(t, { txRef, amountMinor: expected.amount, currency: expected.currency })) {
        log?.warn({ txRef, transactionId: t.id, amount: t.amountMinor, currency: t.currency }, 'card transaction does not match its payment (amount or currency); not credited, refund it');
        return { status: 'FAILED', reason: 'REQUEST_FAILED' };
      }
      if (!expected) return { status: 'PENDING' };
      const card = paidCard(t);
      return card ? { status: 'SUCCESSFUL', card } : { status: 'SUCCESSFUL' };
    },
  };
}

/**
 * The brand and last four digits of a transaction's card, for receipts (docs/decisions/044-card-payments.md), or
 * null when the processor gave no four digits. Anything else is dropped: a brand is kept only as 1 to 30 letters,
 * spaces, dots or dashes (upper-cased, e.g. `VISA`, `MASTERCARD`, `AMERICAN EXPRESS`), else null.
 */
export function paidCard(t: Pick<VerifiedCardTransaction, 'cardBrand' | 'cardLast4'>): PaidCard | null {
  const last4 = t.cardLast4?.trim() ?? '';
  if (!/^\d{4}$/.test(last4)) return null;
  const brand = t.cardBrand?.trim().replace(/\s+/g, ' ').toUpperCase() ?? '';
  return { brand: /^[A-Z][A-Z .-]{0,29}$/.test(brand) ? brand : null, last4 };
}
