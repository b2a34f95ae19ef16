/**
 * Payouts to translators' mobile-money wallets behind one interface (docs/decisions/048-disbursement-clients.md), in
 * the terms of the operators' disbursement APIs: a transfer under a reference we choose, then a status query by that
 * reference. Implementations: MTN MoMo Disbursement (`mtn-momo-disbursement.ts`), Airtel Money disbursement
 * (`airtel-money-disbursement.ts`) and the sandbox (`sandbox-disbursement.ts`, the embedded default);
 * `disbursement-operators.ts` builds them from the configuration.
 *
 * The exactly-once contract the caller (the payout run) follows, ADR 048:
 * 1. store the payout with a fresh UUID v4 `referenceId` BEFORE calling `transfer`;
 * 2. `transfer` answers `accepted` (the operator holds a transfer under that reference: its outcome comes from
 *    `status`, and `accepted` is not yet "paid") or `refused` (a definite no: nothing was or will be paid under that
 *    reference, which is spent; a later attempt takes a NEW reference);
 * 3. a thrown DisbursementError is neither: the transfer may or may not exist (`maybeDelivered` says whether it
 *    could). The caller keeps the payout in doubt and asks `status(referenceId)` before anything else;
 * 4. only `status` = `unknown` (the operator says it never received that reference) allows sending again, and then
 *    with the SAME reference, so that a transfer that arrives late is refused as a duplicate (answered `accepted`)
 *    instead of paying twice.
 */

/** Why a transfer was refused or failed, in our terms (each client maps its operator's codes; ADR 048). */
export const DISBURSEMENT_REASONS = [
  /** The number is not registered for mobile money (MTN PAYEE_NOT_FOUND; Airtel DP00900001012). */
  'PAYEE_NOT_FOUND',
  /** The wallet exists but cannot receive: barred, inactive, or over its own limits (MTN PAYEE_NOT_ALLOWED_TO_RECEIVE). */
  'PAYEE_NOT_ALLOWED',
  /** Our disbursement account lacks the money (MTN NOT_ENOUGH_FUNDS; Airtel DP00900001007). */
  'NOT_ENOUGH_FUNDS',
  /** A transaction limit of the operator was reached (Airtel DP00900001003). */
  'LIMIT_REACHED',
  /** The amount is out of the operator's range, or not a valid amount in its currency. */
  'INVALID_AMOUNT',
  /** The operator refused without a finer reason (MTN NOT_ALLOWED, 4xx validation; Airtel DP00900001013). */
  'REJECTED',
  /** The transfer timed out on the operator's side and did not happen (MTN EXPIRED; Airtel TE). */
  'EXPIRED',
  /** The operator's generic failure (MTN INTERNAL_PROCESSING_ERROR; Airtel TF without a known code). */
  'INTERNAL_PROCESSING_ERROR',
] as const;
export type DisbursementReason = (typeof DISBURSEMENT_REASONS)[number];

export interface TransferRequest {
  /** UUID v4, stored by the caller before the call; the idempotency key (MTN X-Reference-Id, Airtel transaction.id). */
  referenceId: string;
  /** The payee's normalised MSISDN with its country code (2507XXXXXXXX, 2567XXXXXXXX). */
  msisdn: string;
  /** ISO 3166-1 alpha-2 country of the wallet (RW, UG); must be the client's. */
  country: string;
  /** Integer amount in minor units of `currency` (RWF and UGX have none: 5000 RWF is 5000). Positive. */
  amount: number;
  /** ISO 4217 code; must be the client's `currency`. */
  currency: string;
  /** Shown in the payee's transaction history (MTN payeeNote; Airtel reference); at most 160 characters. */
  note: string;
  /** Where the operator may report the outcome (MTN X-Callback-Url); Airtel's is set in its portal instead. */
  callbackUrl?: string;
}

export type TransferAnswer = { outcome: 'accepted' } | { outcome: 'refused'; reason: DisbursementReason };

export type TransferStatus =
  | { status: 'pending' }
  | { status: 'successful'; /** The operator's own id of the transfer (MTN financialTransactionId, Airtel airtel_money_id), when it gave one. */ operatorTransactionId: string | null }
  | { status: 'failed'; reason: DisbursementReason }
  /** The operator has no transfer under this reference (its own "not found" code, never a bare 404). */
  | { status: 'unknown' };

/**
 * What went wrong when a call could not be read as an answer (ADR 048):
 * - `timeout`: no answer within the call timeout, after the retries;
 * - `unavailable`: 5xx, 408, 429 or a lost connection, after the retries;
 * - `auth`: our credentials, subscription key, target environment or PIN were refused (a configuration fault);
 * - `invalid_request`: the client refused the request before sending it (wrong country or currency for this
 *   client, an amount that is not a positive integer, a reference that is not a UUID v4);
 * - `protocol`: an answer that is not the operator's published shape.
 */
export type DisbursementErrorKind = 'timeout' | 'unavailable' | 'auth' | 'invalid_request' | 'protocol';

/**
 * A call that ended without a definite answer. `maybeDelivered`: the transfer request may have reached the operator
 * (then only `status` can tell whether money moved). Never a refusal: the payout stays in doubt. Messages carry
 * status codes and the operator's error codes, never tokens, keys, PINs or phone numbers.
 */
export class DisbursementError extends Error {
  constructor(
    message: string,
    public readonly kind: DisbursementErrorKind,
    public readonly maybeDelivered: boolean,
  ) {
    super(message);
    this.name = 'DisbursementError';
  }
}

export interface DisbursementProvider {
  /** The operator id of src/shared/domain/operators.ts it pays through, or `sandbox`. */
  readonly name: string;
  /** The only currency it pays in (RWF, UGX; EUR in MTN's sandbox environment). */
  readonly currency: string;
  /** Sends a transfer; a repeated reference is never a second payment (answered `accepted`). Throws DisbursementError. */
  transfer(req: TransferRequest): Promise<TransferAnswer>;
  /** The operator's current word on a reference. Throws DisbursementError when it cannot be read. */
  status(referenceId: string): Promise<TransferStatus>;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The checks every client makes before sending (nothing leaves this machine when one fails).
 * @throws DisbursementError `invalid_request` naming the field.
 */
export function checkTransfer(req: TransferRequest, own: { country: string; currency: string }): void {
  const bad = (what: string) => {
    throw new DisbursementError(`transfer not sent: ${what}`, 'invalid_request', false);
  };
  if (!UUID_V4.test(req.referenceId)) bad('referenceId must be a UUID v4');
  if (req.country !== own.country) bad(`country ${req.country} is not this client's (${own.country})`);
  if (req.currency !== own.currency) bad(`currency ${req.currency} is not this client's (${own.currency})`);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) bad('amount must be a positive integer of minor units');
  if (!/^\d{9,15}$/.test(req.msisdn)) bad('msisdn must be digits with the country code');
  if (req.note.length > 160) bad('note must be at most 160 characters');
}
