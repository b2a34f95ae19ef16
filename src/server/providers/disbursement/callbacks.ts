/**
 * The operators' payout callbacks, read by pure functions (docs/decisions/048-disbursement-clients.md), and the one
 * rule for folding what is seen about a transfer into what is known, so that a callback delivered twice, late or
 * out of order changes nothing.
 *
 * A callback is a hint, never proof (the design's "the callback is never trusted alone"): whoever receives one
 * asks `status(referenceId)` of the provider and folds THAT answer with `foldTransferStatus`. The parsers only
 * say which reference to ask about and what the operator claimed.
 * - MTN (MoMo Open API, Disbursement): a PUT to the `X-Callback-Url` given with the transfer, whose body is the
 *   status body (`{ financialTransactionId, externalId, amount, currency, payee, status, reason? }`); the body does
 *   not name the reference, so the callback URL carries it (the caller's route reads it from the path).
 * - Airtel (Disbursement APIs): a POST to the URL set in Airtel's portal with
 *   `{ transaction: { id, message, status_code: TS | TF, airtel_money_id } }`, `id` being our reference.
 */
import { stringField } from '../payments/http.js';
import { airtelTransferStatus } from './airtel-money-disbursement.js';
import type { TransferStatus } from './disbursement-provider.js';
import { mtnTransferStatus } from './mtn-momo-disbursement.js';

/** What a callback claims about one transfer. */
export interface TransferHint {
  referenceId: string;
  claimed: TransferStatus;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * MTN's transfer callback: `referenceId` from the callback URL's path, `body` as received. Null when the reference
 * is not a UUID v4 or the body is not MTN's status shape (answer it 400; nothing to ask about).
 */
export function parseMtnTransferCallback(referenceId: string, body: unknown): TransferHint | null {
  if (!UUID_V4.test(referenceId)) return null;
  const claimed = mtnTransferStatus(body);
  return claimed ? { referenceId: referenceId.toLowerCase(), claimed } : null;
}

/** Airtel's disbursement callback. Null when it names no UUID v4 id or no known status code. */
export function parseAirtelDisbursementCallback(body: unknown): TransferHint | null {
  const id = stringField(body, 'transaction', 'id');
  if (!id || !UUID_V4.test(id)) return null;
  const claimed = airtelTransferStatus(stringField(body, 'transaction', 'status_code'), { airtelMoneyId: stringField(body, 'transaction', 'airtel_money_id') });
  return claimed ? { referenceId: id.toLowerCase(), claimed } : null;
}

const isFinal = (s: TransferStatus) => s.status === 'successful' || s.status === 'failed';

/**
 * Folds a status the provider confirmed (`seen`) into what was known (`known`, null before any): a final state
 * (successful, failed) never changes; `changed` is true only for a real transition, so applying the same answer
 * twice does nothing the second time; `conflict` is true when the operator now says another final state than the
 * one known (kept as known, for a person to look at). A pending or unknown seen after a final state is stale.
 */
export function foldTransferStatus(known: TransferStatus | null, seen: TransferStatus): { next: TransferStatus; changed: boolean; conflict: boolean } {
  if (!known) return { next: seen, changed: true, conflict: false };
  if (isFinal(known)) return { next: known, changed: false, conflict: isFinal(seen) && seen.status !== known.status };
  if (known.status === seen.status) return { next: known, changed: false, conflict: false };
  return { next: seen, changed: true, conflict: false };
}
