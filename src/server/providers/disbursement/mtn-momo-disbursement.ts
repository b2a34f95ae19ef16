/**
 * MTN MoMo Disbursement client (docs/decisions/048-disbursement-clients.md), as MTN publishes the MoMo Open API's
 * "disbursement" product (momodeveloper.mtn.com, API documentation → Disbursement; the same shapes as the Collection
 * product the collection client speaks, ADR 008):
 * - token: `POST /disbursement/token/` with Basic auth `apiUser:apiKey` of the Disbursement API user and the
 *   Disbursement product's `Ocp-Apim-Subscription-Key` → `{ access_token, token_type, expires_in: 3600 }`; cached,
 *   renewed before it runs out, and fetched anew on a 401.
 * - transfer: `POST /disbursement/v1_0/transfer` with `Authorization: Bearer`, `X-Reference-Id` (our UUID v4: the
 *   idempotency key), `X-Target-Environment`, optional `X-Callback-Url`, the subscription key, and the body
 *   `{ amount: string, currency, externalId, payee: { partyIdType: 'MSISDN', partyId }, payerMessage, payeeNote }`
 *   → 202 Accepted. 409 (RESOURCE_ALREADY_EXIST) means a transfer under that reference exists: `accepted`, never a
 *   second payment. Other 4xx (400 BAD_REQUEST, INVALID_CURRENCY, PAYEE_NOT_FOUND, NOT_ALLOWED…) are refusals.
 * - status: `GET /disbursement/v1_0/transfer/{referenceId}` → `{ amount, currency, financialTransactionId?,
 *   externalId, payee, payerMessage, payeeNote, status: PENDING | SUCCESSFUL | FAILED, reason? }`; 404 with
 *   RESOURCE_NOT_FOUND: never received (`unknown`). `reason` comes as a code string or `{ code, message }`.
 * - callback: when `X-Callback-Url` was given, MTN PUTs the status body there (callbacks.ts reads it).
 * Failure reasons as MTN's error reference names them (PAYEE_NOT_FOUND, PAYEE_NOT_ALLOWED_TO_RECEIVE,
 * NOT_ENOUGH_FUNDS, PAYER_LIMIT_REACHED, EXPIRED, INTERNAL_PROCESSING_ERROR, …) are mapped to DisbursementReason.
 */
import { z } from 'zod';
import { OPERATOR_INFO } from '../../../shared/domain/operators.js';
import { DEFAULT_RETRY, field, joinUrl, type RetryPolicy, stringField } from '../payments/http.js';
import { type MtnMomoConfig, mtnMomoOperator, mtnMomoUgandaOperator } from '../payments/mtn-momo-provider.js';
import { type CollectionSide, declareDisbursementOperator } from './disbursement-kit.js';
import { checkTransfer, type DisbursementProvider, type DisbursementReason, DisbursementError, type TransferStatus } from './disbursement-provider.js';
import { operatorCaller, operatorTokens, unreadable } from './operator-http.js';

/**
 * The collection client's settings (src/server/providers/payments/mtn-momo-provider.ts), with the Disbursement
 * product's own API user, API key and subscription key in `apiUser`, `apiKey` and `subscriptionKey`; `currency` is
 * EUR in MTN's sandbox environment, else the wallets' (RWF, UGX).
 */
export type MtnDisbursementConfig = Omit<MtnMomoConfig, 'operator'> & {
  /** The operator it pays through (`mtn`: Rwanda, `mtn-ug`: Uganda); default `mtn`. */
  operator?: 'mtn' | 'mtn-ug';
};

/** ISO 4217 minor-unit exponents of the currencies MTN's environments take (EUR: the sandbox's). */
const EXPONENT: Record<string, number> = { RWF: 0, UGX: 0, EUR: 2, USD: 2 };

/** Minor units as MTN's decimal string: 5000 RWF → "5000", 1250 EUR → "12.50". */
export function mtnAmount(minor: number, currency: string): string {
  const e = EXPONENT[currency];
  if (e === undefined) throw new DisbursementError(`transfer not sent: no known minor unit for ${currency}`, 'invalid_request', false);
  return e === 0 ? String(minor) : `${Math.floor(minor / 10 ** e)}.${String(minor % 10 ** e).padStart(e, '0')}`;
}

/** MTN's error reasons → ours (anything else: INTERNAL_PROCESSING_ERROR for a failure, REJECTED for a refusal). */
const REASONS: Record<string, DisbursementReason> = {
  PAYEE_NOT_FOUND: 'PAYEE_NOT_FOUND',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'PAYEE_NOT_ALLOWED',
  NOT_ENOUGH_FUNDS: 'NOT_ENOUGH_FUNDS',
  PAYER_LIMIT_REACHED: 'LIMIT_REACHED',
  PAYEE_LIMIT_REACHED: 'LIMIT_REACHED',
  EXPIRED: 'EXPIRED',
  APPROVAL_REJECTED: 'REJECTED',
  TRANSACTION_CANCELED: 'REJECTED',
  TRANSACTION_CANCELLED: 'REJECTED',
  NOT_ALLOWED: 'REJECTED',
  SENDER_ACCOUNT_NOT_ACTIVE: 'REJECTED',
  INVALID_CURRENCY: 'REJECTED',
  BAD_REQUEST: 'REJECTED',
  INTERNAL_PROCESSING_ERROR: 'INTERNAL_PROCESSING_ERROR',
};

const reasonCode = (raw: unknown) => (typeof raw === 'string' ? raw : stringField(raw, 'code'))?.toUpperCase();

/**
 * A transfer's status as MTN's status body (and its callback) carries it, or null when the body is not that shape.
 * Pure; callbacks.ts and `status` both read with it.
 */
export function mtnTransferStatus(body: unknown): TransferStatus | null {
  const s = stringField(body, 'status')?.toUpperCase();
  if (!s) return null;
  if (s === 'SUCCESSFUL') return { status: 'successful', operatorTransactionId: stringField(body, 'financialTransactionId') || null };
  if (s === 'FAILED' || s === 'REJECTED' || s === 'TIMEOUT') {
    const code = reasonCode(field(body, 'reason'));
    return { status: 'failed', reason: s === 'TIMEOUT' ? 'EXPIRED' : (code && REASONS[code]) || (s === 'REJECTED' ? 'REJECTED' : 'INTERNAL_PROCESSING_ERROR') };
  }
  // PENDING, and CREATED / ONGOING as some markets answer before the final state.
  return { status: 'pending' };
}

export function createMtnMomoDisbursement(cfg: MtnDisbursementConfig): DisbursementProvider & { readonly tokensFetched: number } {
  const operator = cfg.operator ?? 'mtn';
  const country = OPERATOR_INFO[operator].country;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...cfg.retry };
  const tokens = operatorTokens(
    {
      what: 'MTN disbursement token request',
      url: joinUrl(cfg.baseUrl, '/disbursement/token/'),
      init: { method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${cfg.apiUser}:${cfg.apiKey}`).toString('base64')}`, 'Ocp-Apim-Subscription-Key': cfg.subscriptionKey } },
      check: 'the MTN disbursement API user, API key and subscription key',
      defaultTtlSeconds: 3600,
    },
    policy,
    cfg.now,
  );
  const call = operatorCaller({
    baseUrl: cfg.baseUrl,
    policy,
    tokens,
    headers: () => ({ 'X-Target-Environment': cfg.targetEnvironment, 'Ocp-Apim-Subscription-Key': cfg.subscriptionKey }),
  });

  return {
    name: operator,
    currency: cfg.currency,
    get tokensFetched() {
      return tokens.fetched;
    },

    async transfer(req) {
      checkTransfer(req, { country, currency: cfg.currency });
      const body = JSON.stringify({
        amount: mtnAmount(req.amount, req.currency),
        currency: req.currency,
        externalId: req.referenceId,
        payee: { partyIdType: 'MSISDN', partyId: req.msisdn },
        payerMessage: req.note,
        payeeNote: req.note,
      });
      const res = await call('MTN transfer', 'POST', '/disbursement/v1_0/transfer', { 'X-Reference-Id': req.referenceId, ...(req.callbackUrl ? { 'X-Callback-Url': req.callbackUrl } : {}) }, body);
      const { status } = res.answer;
      // 409: the reference is already MTN's (an earlier attempt, or a retry after a lost answer): the same transfer.
      if (status === 202 || status === 200 || status === 201 || status === 409) return { outcome: 'accepted' };
      const code = reasonCode(field(res.answer.body, 'code')) ?? '';
      if (status >= 400 && status < 500 && ![401, 403, 404, 408, 429].includes(status)) return { outcome: 'refused', reason: REASONS[code] ?? 'REJECTED' };
      throw unreadable('MTN transfer', res, [code]);
    },

    async status(referenceId) {
      const res = await call('MTN transfer status', 'GET', `/disbursement/v1_0/transfer/${encodeURIComponent(referenceId)}`);
      const { status, body } = res.answer;
      const code = reasonCode(field(body, 'code')) ?? '';
      // Only MTN's own "not found" counts as never received; a bare 404 (a wrong base URL) is not proof of anything.
      if (status === 404 && (code === 'RESOURCE_NOT_FOUND' || code === 'TRANSACTION_NOT_FOUND')) return { status: 'unknown' };
      const read = status === 200 ? mtnTransferStatus(body) : null;
      if (read) return read;
      throw unreadable('MTN transfer status', { ...res, maybeDelivered: true }, [code]);
    },
  };
}

/**
 * MTN MoMo Disbursement as a payout operator, one declaration per country (disbursement-kit.ts). Its own variables:
 * `${prefix}_DISBURSEMENT_API_USER`, `${prefix}_DISBURSEMENT_API_KEY`, `${prefix}_DISBURSEMENT_SUBSCRIPTION_KEY`
 * (all three required live: MTN issues a separate API user and subscription key per product). The base URL, target
 * environment and currency are the collection side's (`${prefix}_BASE_URL`, `${prefix}_TARGET_ENVIRONMENT`,
 * `${prefix}_CURRENCY`): the same MTN host and market.
 */
function declareMtnDisbursement<Id extends 'mtn' | 'mtn-ug', P extends string>(collection: CollectionSide<Id, { baseUrl: string; targetEnvironment: string; currency: string }>, prefix: P) {
  const v = <S extends string>(suffix: S) => `${prefix}_DISBURSEMENT_${suffix}` as `${P}_DISBURSEMENT_${S}`;
  const env = {
    [v('API_USER')]: z.uuid('must be the Disbursement API user id (a UUID)').optional(),
    [v('API_KEY')]: z.string().min(8, 'must be the Disbursement API key').optional(),
    [v('SUBSCRIPTION_KEY')]: z.string().min(8, 'must be the Disbursement subscription key').optional(),
  } as Record<`${P}_DISBURSEMENT_${'API_USER' | 'API_KEY' | 'SUBSCRIPTION_KEY'}`, z.ZodOptional<z.ZodString>>;
  return declareDisbursementOperator({
    id: collection.id,
    collection,
    env,
    required: [
      { name: v('API_USER'), why: 'the MTN MoMo Disbursement API user id' },
      { name: v('API_KEY'), why: 'the MTN MoMo Disbursement API key' },
      { name: v('SUBSCRIPTION_KEY'), why: 'the Disbursement product subscription key' },
    ],
    config: (own, shared): MtnDisbursementConfig => {
      const e = own as Record<string, string | undefined>;
      return {
        operator: collection.id,
        baseUrl: shared.baseUrl,
        targetEnvironment: shared.targetEnvironment,
        currency: shared.currency,
        apiUser: e[v('API_USER')]!,
        apiKey: e[v('API_KEY')]!,
        subscriptionKey: e[v('SUBSCRIPTION_KEY')]!,
      };
    },
    create: (cfg, { timeoutMs }) => createMtnMomoDisbursement({ ...cfg, retry: { timeoutMs } }),
  });
}

/** MTN MoMo Rwanda payouts: MTN_DISBURSEMENT_* variables. */
export const mtnMomoDisbursementOperator = declareMtnDisbursement(mtnMomoOperator, 'MTN');
/** MTN MoMo Uganda payouts: MTN_UG_DISBURSEMENT_* variables. */
export const mtnMomoUgandaDisbursementOperator = declareMtnDisbursement(mtnMomoUgandaOperator, 'MTN_UG');
