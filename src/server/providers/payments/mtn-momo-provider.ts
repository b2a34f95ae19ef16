/**
 * MTN MoMo Collection API client (ADR 008), as MTN publishes it (momodeveloper.mtn.com, Collection):
 * - token: `POST /collection/token/` with Basic auth `apiUser:apiKey` and `Ocp-Apim-Subscription-Key` →
 *   `{ access_token, token_type, expires_in: 3600 }`; cached and renewed before it runs out.
 * - request to pay: `POST /collection/v1_0/requesttopay` with `Authorization: Bearer`, `X-Reference-Id` (our UUID v4,
 *   stored first), `X-Target-Environment`, optional `X-Callback-Url`, `Ocp-Apim-Subscription-Key`, body
 *   `{ amount: string, currency, externalId, payer: { partyIdType: 'MSISDN', partyId }, payerMessage, payeeNote }`
 *   → 202. 409 (RESOURCE_ALREADY_EXIST: the reference was used) means the request was already made: not a
 *   second charge, and not an error.
 * - status: `GET /collection/v1_0/requesttopay/{referenceId}` → `{ status: PENDING | SUCCESSFUL | FAILED, reason? }`;
 *   404 RESOURCE_NOT_FOUND: never arrived. `reason` comes as a code string, or `{ code, message }` in the
 *   published schema; both are read.
 * Transient failures (5xx, 408, 429, network, timeouts) are retried with backoff; a 401 drops the token and the
 * call is made once more with a fresh one.
 */
import { z } from 'zod';
import type { PaymentReason } from '../../../shared/contracts/billing.js';
import { OPERATOR_INFO, type Operator } from '../../../shared/domain/operators.js';
import { createTokenCache, DEFAULT_RETRY, field, httpJson, joinUrl, type HttpAnswer, type RetryPolicy, stringField, TransportError, withRetries } from './http.js';
import { declarePaymentOperator } from './operator-kit.js';
import { PaymentProviderError, type PaymentProvider, type PaymentStatusAnswer } from './payment-provider.js';

export interface MtnMomoConfig {
  /** The operator it collects for (`mtn`: Rwanda, `mtn-ug`: Uganda); the payments it makes carry it. Default `mtn`. */
  operator?: Operator;
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  /** `sandbox` in MTN's sandbox; `mtnrwanda` in production in Rwanda, `mtnuganda` in Uganda. */
  targetEnvironment: string;
  /** EUR in MTN's sandbox, RWF in production in Rwanda, UGX in Uganda (sent as an integer string: no minor unit). */
  currency: string;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
}

/** MTN's failure reasons → ours (anything else: INTERNAL_PROCESSING_ERROR). */
const REASONS: Record<string, PaymentReason> = {
  PAYER_NOT_FOUND: 'PAYER_NOT_FOUND',
  NOT_ENOUGH_FUNDS: 'NOT_ENOUGH_FUNDS',
  PAYER_LIMIT_REACHED: 'PAYER_LIMIT_REACHED',
  APPROVAL_REJECTED: 'APPROVAL_REJECTED',
  PAYMENT_NOT_APPROVED: 'APPROVAL_REJECTED',
  EXPIRED: 'EXPIRED',
  TRANSACTION_CANCELED: 'TRANSACTION_CANCELED',
  TRANSACTION_CANCELLED: 'TRANSACTION_CANCELED',
};

export function mtnReason(raw: unknown): PaymentReason {
  const code = typeof raw === 'string' ? raw : stringField(raw, 'code');
  return (code && REASONS[code.toUpperCase()]) || 'INTERNAL_PROCESSING_ERROR';
}

export function createMtnMomoProvider(cfg: MtnMomoConfig): PaymentProvider & { readonly tokensFetched: number } {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...cfg.retry };
  const url = (path: string) => joinUrl(cfg.baseUrl, path);
  const basic = `Basic ${Buffer.from(`${cfg.apiUser}:${cfg.apiKey}`).toString('base64')}`;

  const tokens = createTokenCache(async () => {
    let res;
    try {
      res = await withRetries(policy, () =>
        httpJson(url('/collection/token/'), { method: 'POST', headers: { Authorization: basic, 'Ocp-Apim-Subscription-Key': cfg.subscriptionKey } }, policy.timeoutMs),
      );
    } catch (err) {
      // No token, so no payment request left: whatever happened to the token call, nothing was charged.
      throw new PaymentProviderError(`MTN token request failed: ${(err as Error).message}`, 'not_delivered');
    }
    const token = stringField(res.answer.body, 'access_token');
    if (res.answer.status !== 200 || !token) {
      throw new PaymentProviderError(`MTN token request answered ${res.answer.status} (check MTN_API_USER, MTN_API_KEY, MTN_SUBSCRIPTION_KEY)`, 'not_delivered');
    }
    const expiresIn = Number(field(res.answer.body, 'expires_in') ?? 3600);
    return { token, expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600 };
  }, cfg.now);

  /** Makes one API call with retries; on 401, once more with a fresh token. */
  async function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ answer: HttpAnswer; maybeDelivered: boolean }> {
    for (let refreshed = false; ; refreshed = true) {
      const token = await tokens.get();
      const all = {
        ...headers,
        Authorization: `Bearer ${token}`,
        'X-Target-Environment': cfg.targetEnvironment,
        'Ocp-Apim-Subscription-Key': cfg.subscriptionKey,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      };
      const res = await withRetries(policy, () => httpJson(url(path), { method, headers: all, body }, policy.timeoutMs));
      if (res.answer.status !== 401 || refreshed) return res;
      tokens.invalidate(token);
    }
  }

  return {
    name: cfg.operator ?? 'mtn',
    currency: cfg.currency,
    get tokensFetched() {
      return tokens.fetched;
    },

    async requestToPay(req) {
      const body = JSON.stringify({
        amount: String(req.amount),
        currency: req.currency,
        externalId: req.externalId,
        payer: { partyIdType: 'MSISDN', partyId: req.msisdn },
        payerMessage: req.payerMessage,
        payeeNote: req.payeeNote,
      });
      let res;
      try {
        res = await call('POST', '/collection/v1_0/requesttopay', { 'X-Reference-Id': req.referenceId, ...(req.callbackUrl ? { 'X-Callback-Url': req.callbackUrl } : {}) }, body);
      } catch (err) {
        if (err instanceof TransportError) throw new PaymentProviderError(`MTN request-to-pay failed: ${err.message}`, err.maybeDelivered ? 'ambiguous' : 'not_delivered');
        throw err;
      }
      const { status, body: answer } = res.answer;
      if (status === 202 || status === 200 || status === 201) return;
      // The reference is already known to MTN: an earlier attempt (or a retry cut off mid-way) made the request.
      if (status === 409) return;
      const code = stringField(answer, 'code') ?? '';
      if (status >= 500 || status === 408) throw new PaymentProviderError(`MTN request-to-pay answered ${status} ${code}`.trim(), res.maybeDelivered ? 'ambiguous' : 'not_delivered');
      if (status === 401 || status === 429) throw new PaymentProviderError(`MTN request-to-pay answered ${status}`, 'not_delivered');
      throw new PaymentProviderError(`MTN refused the request-to-pay: ${status} ${code}`.trim(), 'refused', code && REASONS[code] ? REASONS[code] : 'REQUEST_FAILED');
    },

    async status(referenceId): Promise<PaymentStatusAnswer> {
      let res;
      try {
        res = await call('GET', `/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`, {});
      } catch (err) {
        if (err instanceof TransportError) throw new PaymentProviderError(`MTN status query failed: ${err.message}`, 'ambiguous');
        throw err;
      }
      const { status, body } = res.answer;
      if (status === 404) return { status: 'NOT_FOUND' };
      if (status !== 200) throw new PaymentProviderError(`MTN status query answered ${status}`, 'ambiguous');
      const s = String(field(body, 'status') ?? '').toUpperCase();
      if (s === 'SUCCESSFUL') return { status: 'SUCCESSFUL' };
      if (s === 'FAILED' || s === 'REJECTED' || s === 'TIMEOUT') return { status: 'FAILED', reason: s === 'TIMEOUT' ? 'EXPIRED' : s === 'REJECTED' ? 'APPROVAL_REJECTED' : mtnReason(field(body, 'reason')) };
      return { status: 'PENDING' };
    },
  };
}

/**
 * MTN MoMo as a payment operator (operator-kit.ts, ADR 008), one declaration per country, each reading its own
 * variables under `prefix` (docs/decisions/043-payment-methods-countries-and-currencies.md): `${prefix}_BASE_URL`
 * (the sandbox's), `${prefix}_API_USER`, `${prefix}_API_KEY`, `${prefix}_SUBSCRIPTION_KEY` (the three required live),
 * `${prefix}_TARGET_ENVIRONMENT` (default `targetEnvironment`) and `${prefix}_CURRENCY` (EUR in the sandbox
 * environment, else the operator's wallets' currency).
 */
function declareMtnMomo<Id extends 'mtn' | 'mtn-ug', P extends string>(id: Id, prefix: P, targetEnvironment: string) {
  const v = <S extends string>(suffix: S) => `${prefix}_${suffix}` as `${P}_${S}`;
  const home = OPERATOR_INFO[id].currency;
  const env = {
    [v('BASE_URL')]: z.url().default('https://sandbox.momodeveloper.mtn.com'),
    [v('API_USER')]: z.uuid('must be the API user id (a UUID)').optional(),
    [v('API_KEY')]: z.string().min(8, 'must be the API key').optional(),
    [v('SUBSCRIPTION_KEY')]: z.string().min(8, 'must be the Collection subscription key').optional(),
    [v('TARGET_ENVIRONMENT')]: z.string().regex(/^[a-z0-9]+$/, `must be sandbox, or the production environment such as ${targetEnvironment}`).default(targetEnvironment),
    [v('CURRENCY')]: z.string().regex(/^[A-Z]{3}$/, `must be a 3-letter currency code (EUR in the sandbox, ${home} in production)`).optional(),
  } as Record<`${P}_${'BASE_URL' | 'TARGET_ENVIRONMENT'}`, z.ZodDefault<z.ZodString>> & Record<`${P}_${'API_USER' | 'API_KEY' | 'SUBSCRIPTION_KEY' | 'CURRENCY'}`, z.ZodOptional<z.ZodString>>;
  return declarePaymentOperator({
    id,
    env,
    required: [
      { name: v('API_USER'), why: 'the MTN MoMo API user id' },
      { name: v('API_KEY'), why: 'the MTN MoMo API key' },
      { name: v('SUBSCRIPTION_KEY'), why: 'the Collection product subscription key' },
    ],
    config: (parsed) => {
      // The keys are built from `prefix`; the schema above gives each its type.
      const e = parsed as Record<string, string | undefined>;
      const target = e[v('TARGET_ENVIRONMENT')]!;
      return {
        operator: id,
        baseUrl: e[v('BASE_URL')]!.replace(/\/+$/, ''),
        apiUser: e[v('API_USER')]!,
        apiKey: e[v('API_KEY')]!,
        subscriptionKey: e[v('SUBSCRIPTION_KEY')]!,
        targetEnvironment: target,
        currency: e[v('CURRENCY')] ?? (target === 'sandbox' ? 'EUR' : home),
      };
    },
    create: (cfg, { retry }) => createMtnMomoProvider({ ...cfg, retry }),
  });
}

/** MTN MoMo Rwanda: MTN_* variables, target environment `sandbox` until set (e.g. `mtnrwanda`), RWF. */
export const mtnMomoOperator = declareMtnMomo('mtn', 'MTN', 'sandbox');
/** MTN MoMo Uganda: MTN_UG_* variables, target environment `mtnuganda`, UGX. */
export const mtnMomoUgandaOperator = declareMtnMomo('mtn-ug', 'MTN_UG', 'mtnuganda');
