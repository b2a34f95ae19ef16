/**
 * What the card-payment clients share (the real Flutterwave client, its emulator and the in-process sandbox):
 * the shapes the billing module sees, amounts between our integer minor units and Flutterwave's decimal `amount`,
 * the webhook check and the rule for crediting a payment. No I/O here.
 *
 * Amounts: we keep money as an integer number of minor units of an ISO 4217 currency (RWF and UGX have exponent 0,
 * so 1000 RWF is 1000; USD has exponent 2, so 4.99 USD is 499). Flutterwave v3 takes and answers `amount` as a
 * decimal number of major units ("Flutterwave Standard", developer.flutterwave.com/docs/collecting-payments/standard),
 * so 499 USD cents are sent as 4.99 and 1000 RWF as 1000.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** ISO 4217 minor-unit exponents of the currencies we may charge by card. Any other currency is refused. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = { RWF: 0, UGX: 0, USD: 2, EUR: 2, KES: 2, TZS: 2, NGN: 2 };

function exponent(currency: string): number {
  const e = CURRENCY_EXPONENTS[currency];
  if (e === undefined) throw new RangeError(`unsupported card currency ${JSON.stringify(currency)}`);
  return e;
}

/**
 * Minor units → Flutterwave's decimal `amount` (499 USD → 4.99; 1000 RWF → 1000).
 * @throws RangeError when `amountMinor` is not a positive safe integer or the currency is not in CURRENCY_EXPONENTS.
 */
export function toFlutterwaveAmount(amountMinor: number, currency: string): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError('amountMinor must be a positive integer');
  return amountMinor / 10 ** exponent(currency);
}

/**
 * Flutterwave's decimal `amount` → minor units (4.99 USD → 499; 1000 RWF → 1000).
 * @throws RangeError when the amount is not a finite number with at most the currency's number of decimals.
 */
export function fromFlutterwaveAmount(amount: unknown, currency: string): number {
  const n = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new RangeError('amount is not a number');
  const minor = n * 10 ** exponent(currency);
  const rounded = Math.round(minor);
  if (Math.abs(minor - rounded) > 1e-6) throw new RangeError(`amount has more decimals than ${currency} allows`);
  return rounded;
}

/** What to open a hosted checkout for. */
export interface CheckoutRequest {
  /** Our unique reference (Flutterwave `tx_ref`); one per payment attempt. */
  txRef: string;
  /** Integer minor units of `currency` (see the module docstring). */
  amountMinor: number;
  /** ISO 4217, one of CURRENCY_EXPONENTS. */
  currency: string;
  /** Where the payer's browser is sent back, with `?status=&tx_ref=&transaction_id=` appended. */
  redirectUrl: string;
  customer: { email: string; name?: string; phone?: string };
  /** Shown at the top of the checkout page (`customizations.title`). */
  title: string;
  /** Flutterwave `payment_options`; default `card`. */
  paymentOptions?: string;
  /** Extra key-values stored with the transaction (`meta`). */
  meta?: Record<string, string>;
}

/** A transaction as read back from the processor (never from the browser or the webhook). */
export interface VerifiedCardTransaction {
  /** Flutterwave's transaction id (`data.id`), as a string; '' when not found by reference. */
  id: string;
  /** `tx_ref`; '' when not found by id. */
  txRef: string;
  /** `not_found`: the processor has no transaction under this id or reference (e.g. the payer cancelled). */
  status: 'successful' | 'failed' | 'pending' | 'not_found';
  /** Integer minor units of `currency`; 0 when not found. */
  amountMinor: number;
  /** ISO 4217; '' when not found. */
  currency: string;
  /** Kept for receipts only: the processor returns them; no other card data is kept. */
  cardLast4?: string | null;
  cardBrand?: string | null;
}

/** What a webhook says: only a hint that `transactionId` changed; verify it by id before acting. */
export interface CardWebhookHint {
  event: string;
  transactionId: string;
  txRef: string;
}

export interface CardRefund {
  refundId: string;
  /** `completed`: money sent back; `pending`: accepted, still in progress. */
  status: 'completed' | 'pending';
  /** Integer minor units refunded, in the transaction's currency. */
  amountMinor: number;
}

/** The interface the billing module programs against: the Flutterwave client and the sandbox both implement it. */
export interface CardPaymentClient {
  createCheckout(req: CheckoutRequest): Promise<{ link: string }>;
  verify(transactionId: string): Promise<VerifiedCardTransaction>;
  verifyByReference(txRef: string): Promise<VerifiedCardTransaction>;
  checkWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string | Buffer): CardWebhookHint | null;
  refund(transactionId: string, amountMinor?: number): Promise<CardRefund>;
  matches(verified: VerifiedCardTransaction, expected: { txRef: string; amountMinor: number; currency: string }): boolean;
}

/**
 * The crediting rule ("Transaction Verification", developer.flutterwave.com/docs/transaction-verification): credit
 * only a transaction read back by id that is `successful` with our `tx_ref`, our currency and exactly our amount.
 * Flutterwave's page allows an amount greater than expected (refunding the rest); we ask for equality.
 */
export function matchesExpected(verified: VerifiedCardTransaction, expected: { txRef: string; amountMinor: number; currency: string }): boolean {
  return (
    verified.status === 'successful' &&
    verified.txRef === expected.txRef &&
    verified.amountMinor === expected.amountMinor &&
    verified.currency === expected.currency
  );
}

/** Equal strings in time independent of where they differ (both are hashed first, so lengths match). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Checks a webhook ("Webhooks", developer.flutterwave.com/docs/webhooks): the `verif-hash` header must equal the
 * secret hash set in the dashboard (compared in constant time), and the JSON body must carry `event` and
 * `data.id`. Returns the hint, or null when the hash is missing or wrong, the secret is empty or the body unreadable.
 */
export function parseWebhook(secretHash: string, headers: Record<string, string | string[] | undefined>, rawBody: string | Buffer): CardWebhookHint | null {
  const raw = headers['verif-hash'] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === 'verif-hash')?.[1];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!secretHash || typeof given !== 'string' || !sameSecret(given, secretHash)) return null;
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const b = body as { event?: unknown; data?: { id?: unknown; tx_ref?: unknown } } | null;
  const id = b?.data?.id;
  if (typeof b?.event !== 'string' || (typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  return { event: b.event, transactionId: String(id), txRef: typeof b.data?.tx_ref === 'string' ? b.data.tx_ref : '' };
}
