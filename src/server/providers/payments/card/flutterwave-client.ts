/**
 * Card payments through Flutterwave v3's hosted checkout ("Flutterwave Standard").
 *
 * PCI DSS scope: SAQ A. The payer types the card number on Flutterwave's page (the `link` below); no card number,
 * CVV or expiry reaches our servers. What comes back (last 4 digits, brand) is kept for receipts only.
 *
 * The flow, as developer.flutterwave.com publishes it:
 * - create: `POST /v3/payments` with `Authorization: Bearer <secret key>` and `{ tx_ref, amount, currency,
 *   redirect_url, customer: { email, name?, phonenumber? }, customizations: { title }, payment_options, meta? }`
 *   → `{ status: 'success', data: { link } }` ("Flutterwave Standard", /docs/collecting-payments/standard).
 * - redirect: the browser comes back to `redirect_url?status=successful|failed|cancelled&tx_ref=…&transaction_id=…`
 *   (no `transaction_id` on cancel). Nothing in that URL is trusted.
 * - verify: `GET /v3/transactions/{id}/verify` and `GET /v3/transactions/verify_by_reference?tx_ref=…` → `data: { id,
 *   tx_ref, flw_ref, amount, currency, charged_amount, status: successful|failed|pending, card: { first_6digits,
 *   last_4digits, type, country, expiry }, customer }` ("Transaction Verification", /docs/transaction-verification).
 *   An unknown id or reference is answered 400 "No transaction was found…" (read here as `not_found`, as is a 404).
 * - webhook: POST to our URL with header `verif-hash` = the secret hash set in the dashboard, body `{ event:
 *   'charge.completed', data: { id, tx_ref, amount, currency, status, … } }` ("Webhooks", /docs/webhooks).
 * - refund: `POST /v3/transactions/{id}/refund` with `{ amount? }` (none: the whole amount) → `data: { id,
 *   amount_refunded, status: completed|pending, … }` ("Refunds", /docs/payment-operations/refunds).
 *
 * What the billing module must do with it:
 * 1. Store the payment (our `tx_ref`, amount, currency) before `createCheckout`; send the browser to `link`.
 * 2. On the redirect or a webhook (`checkWebhook`, a hint only), call `verify(transaction_id)` and credit only when
 *    `matches(verified, { txRef, amountMinor, currency })` holds for the stored payment. A cancelled checkout has no
 *    transaction: `verifyByReference` answers `not_found`.
 * 3. Settle once: the redirect and the webhook (which Flutterwave may repeat) race; credit in one transaction keyed
 *    by the Flutterwave id or our tx_ref, and ignore later arrivals.
 */
import { DEFAULT_RETRY, field, httpJson, joinUrl, type HttpAnswer, type RetryPolicy, stringField, TransportError, withRetries } from '../http.js';
import { PaymentProviderError } from '../payment-provider.js';
import {
  type CardPaymentClient,
  type CardRefund,
  fromFlutterwaveAmount,
  matchesExpected,
  parseWebhook,
  toFlutterwaveAmount,
  type VerifiedCardTransaction,
} from './card-payments.js';

export interface FlutterwaveConfig {
  /** `https://api.flutterwave.com` (the emulator's URL in tests); paths start with `/v3`. */
  baseUrl: string;
  /** `FLWSECK-…` (test keys `FLWSECK_TEST-…`); sent as a bearer token, never put in a message. */
  secretKey: string;
  /** The secret hash set under Settings → Webhooks; `verif-hash` must equal it. */
  webhookHash: string;
  retry?: Partial<RetryPolicy>;
  /** Unused for now (no token to cache: the secret key is the bearer); kept for the same shape as the other clients. */
  now?: () => number;
}

const NOT_FOUND = /no transaction (was )?found/i;

/** Flutterwave's transaction `data` → ours. @throws RangeError when the amount cannot be read. */
function normalise(data: unknown): VerifiedCardTransaction {
  const currency = stringField(data, 'currency') ?? '';
  const raw = (stringField(data, 'status') ?? '').toLowerCase();
  const status = raw === 'successful' ? 'successful' : raw === 'failed' || raw === 'cancelled' ? 'failed' : 'pending';
  return {
    id: stringField(data, 'id') ?? '',
    txRef: stringField(data, 'tx_ref') ?? '',
    status,
    amountMinor: fromFlutterwaveAmount(field(data, 'amount'), currency),
    currency,
    cardLast4: stringField(data, 'card', 'last_4digits') ?? null,
    cardBrand: stringField(data, 'card', 'type') ?? null,
  };
}

/** The message of a Flutterwave error answer, cut short; Flutterwave's messages carry no keys. */
const flwMessage = (body: unknown) => (stringField(body, 'message') ?? '').slice(0, 120);

/**
 * Creates the client. Every method throws PaymentProviderError:
 * - `not_delivered`: the call certainly did not reach Flutterwave, or it refused our credentials (401/403) or
 *   rate-limited us (429): nothing happened there.
 * - `ambiguous`: it may have reached Flutterwave and we cannot tell the outcome (timeout, cut connection, 5xx,
 *   unreadable answer). For a verify, ask again later; for a refund, read the transaction's refunds before retrying.
 * - `refused`: Flutterwave answered and refused (400 with a message), reason `REQUEST_FAILED`.
 * Messages carry status codes and Flutterwave's message, never the secret key or the webhook hash.
 */
export function createFlutterwaveClient(cfg: FlutterwaveConfig): CardPaymentClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...cfg.retry };
  const headers = { Authorization: `Bearer ${cfg.secretKey}`, Accept: 'application/json' };

  /** One call; `retry`: transient failures are tried again (GETs, and the checkout, which charges nothing). */
  async function call(what: string, method: string, path: string, body: object | undefined, retry: boolean): Promise<{ answer: HttpAnswer; maybeDelivered: boolean }> {
    const init = { method, headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers, body: body ? JSON.stringify(body) : undefined };
    try {
      return await withRetries(retry ? policy : { ...policy, retries: 0 }, () => httpJson(joinUrl(cfg.baseUrl, path), init, policy.timeoutMs));
    } catch (err) {
      if (err instanceof TransportError) throw new PaymentProviderError(`Flutterwave ${what} failed: ${err.message}`, err.maybeDelivered ? 'ambiguous' : 'not_delivered');
      throw err;
    }
  }

  /** Throws the PaymentProviderError an answer other than 200 stands for. */
  function fail(what: string, res: { answer: HttpAnswer; maybeDelivered: boolean }): never {
    const { status, body } = res.answer;
    if (status === 401 || status === 403 || status === 429) throw new PaymentProviderError(`Flutterwave ${what} answered ${status} (check FLUTTERWAVE_SECRET_KEY)`, 'not_delivered');
    if (status >= 500 || status === 408) throw new PaymentProviderError(`Flutterwave ${what} answered ${status}`, res.maybeDelivered ? 'ambiguous' : 'not_delivered');
    throw new PaymentProviderError(`Flutterwave refused the ${what}: ${status} ${flwMessage(body)}`.trim(), 'refused', 'REQUEST_FAILED');
  }

  /** A verify answer → the transaction, or `not_found` (404, or 400 "No transaction was found"). */
  async function readTransaction(what: string, path: string, missing: { id: string; txRef: string }): Promise<VerifiedCardTransaction> {
    const res = await call(what, 'GET', path, undefined, true);
    const { status, body } = res.answer;
    if (status === 404 || (status === 400 && NOT_FOUND.test(flwMessage(body)))) {
      return { ...missing, status: 'not_found', amountMinor: 0, currency: '', cardLast4: null, cardBrand: null };
    }
    if (status !== 200) {
      // A verify changes nothing at Flutterwave: any other refusal still leaves the outcome unknown to us.
      if (status === 400) throw new PaymentProviderError(`Flutterwave ${what} answered 400 ${flwMessage(body)}`.trim(), 'ambiguous');
      fail(what, res);
    }
    try {
      return normalise(field(body, 'data'));
    } catch (err) {
      throw new PaymentProviderError(`Flutterwave ${what} answer unreadable: ${(err as Error).message}`, 'ambiguous');
    }
  }

  const client: CardPaymentClient = {
    /**
     * Opens a hosted checkout for `req.amountMinor` minor units of `req.currency` (sent as Flutterwave's decimal
     * `amount`). Retried on transient failures: a link charges nothing until the payer pays on it.
     * @returns `{ link }`, the Flutterwave page to send the payer's browser to.
     * @throws RangeError for an amount or currency we cannot send; PaymentProviderError as above.
     */
    async createCheckout(req) {
      const body = {
        tx_ref: req.txRef,
        amount: toFlutterwaveAmount(req.amountMinor, req.currency),
        currency: req.currency,
        redirect_url: req.redirectUrl,
        payment_options: req.paymentOptions ?? 'card',
        customer: { email: req.customer.email, ...(req.customer.name ? { name: req.customer.name } : {}), ...(req.customer.phone ? { phonenumber: req.customer.phone } : {}) },
        customizations: { title: req.title },
        ...(req.meta ? { meta: req.meta } : {}),
      };
      const res = await call('checkout', 'POST', '/v3/payments', body, true);
      if (res.answer.status !== 200) fail('checkout', res);
      const link = stringField(res.answer.body, 'data', 'link');
      if (stringField(res.answer.body, 'status') !== 'success' || !link) throw new PaymentProviderError('Flutterwave checkout answer has no link', 'ambiguous');
      return { link };
    },

    /**
     * Reads a transaction by Flutterwave id (`GET /v3/transactions/{id}/verify`); retried on transient failures.
     * @returns the normalised transaction (amount in minor units, ISO 4217 currency), `not_found` when unknown.
     */
    verify(transactionId) {
      return readTransaction('verify', `/v3/transactions/${encodeURIComponent(transactionId)}/verify`, { id: transactionId, txRef: '' });
    },

    /** Reads the transaction for our `tx_ref` (`GET /v3/transactions/verify_by_reference`); `not_found` if none. */
    verifyByReference(txRef) {
      return readTransaction('verify by reference', `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`, { id: '', txRef });
    },

    /** The webhook's hint when `verif-hash` matches `webhookHash`, else null. Verify the id before acting on it. */
    checkWebhook(hdrs, rawBody) {
      return parseWebhook(cfg.webhookHash, hdrs, rawBody);
    },

    /**
     * Refunds `amountMinor` minor units (default: all) of a successful transaction. Reads the transaction first
     * (`verify`) for its currency. The refund POST is made once and never retried automatically: a second one after
     * a failure that may have reached Flutterwave could refund twice. `ambiguous` means: look before trying again.
     * @returns `{ refundId, status: completed|pending, amountMinor }` (minor units of the transaction's currency).
     * @throws PaymentProviderError (`refused` when the transaction is not successful or Flutterwave refuses);
     *   RangeError when `amountMinor` is not a positive integer.
     */
    async refund(transactionId, amountMinor) {
      const tx = await client.verify(transactionId);
      if (tx.status !== 'successful') throw new PaymentProviderError(`Flutterwave refund refused here: the transaction is ${tx.status}`, 'refused', 'REQUEST_FAILED');
      const body = amountMinor === undefined ? {} : { amount: toFlutterwaveAmount(amountMinor, tx.currency) };
      const res = await call('refund', 'POST', `/v3/transactions/${encodeURIComponent(transactionId)}/refund`, body, false);
      if (res.answer.status !== 200) fail('refund', res);
      const data = field(res.answer.body, 'data');
      try {
        const refunded: CardRefund = {
          refundId: stringField(data, 'id') ?? '',
          status: stringField(data, 'status') === 'completed' ? 'completed' : 'pending',
          amountMinor: fromFlutterwaveAmount(field(data, 'amount_refunded'), tx.currency),
        };
        return refunded;
      } catch (err) {
        throw new PaymentProviderError(`Flutterwave refund answer unreadable: ${(err as Error).message}`, 'ambiguous');
      }
    },

    /** True only for a `successful` transaction with exactly the expected tx_ref, minor amount and currency. */
    matches: matchesExpected,
  };
  return client;
}
