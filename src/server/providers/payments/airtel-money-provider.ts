/**
 * Airtel Money Africa Collections API client (ADR 008), as Airtel publishes it (developers.airtel.africa):
 * - token: `POST /auth/oauth2/token` with JSON `{ client_id, client_secret, grant_type: 'client_credentials' }` →
 *   `{ access_token, expires_in (seconds, often a string), token_type }`; cached and renewed before it runs out.
 * - USSD push: `POST /merchant/v1/payments/` with `X-Country: RW`, `X-Currency: RWF` (Uganda: UG and UGX, the amount a
 *   whole number: UGX has no minor unit), `Authorization: Bearer`, body
 *   `{ reference, subscriber: { country, currency, msisdn (no country code) }, transaction: { amount, country,
 *   currency, id } }` → `{ data: { transaction: { id, status } }, status: { code, message, result_code,
 *   response_code, success } }`. Our reference (UUID v4, stored first) is `transaction.id`; Airtel refuses a
 *   repeated id with ESB000041, which means the request was already made (not a second charge).
 * - status: `GET /standard/v1/payments/{id}` → `data.transaction.status`: TS success, TF failed, TE expired,
 *   TA ambiguous and TIP in progress (both: ask again later). No transaction: ESB000045 / DP00800001025.
 * Codes that say "ambiguous, enquire" (ESB000001, ESB000004, DP00800001000, ROUTER117) leave the request to the
 * status query. Transient failures are retried with backoff; a 401 drops the token and tries once more.
 */
import { z } from 'zod';
import type { PaymentReason } from '../../../shared/contracts/billing.js';
import { localMsisdn } from '../../../shared/domain/msisdn.js';
import { OPERATOR_INFO, type Operator } from '../../../shared/domain/operators.js';
import { createTokenCache, DEFAULT_RETRY, field, httpJson, joinUrl, type HttpAnswer, type RetryPolicy, stringField, TransportError, withRetries } from './http.js';
import { declarePaymentOperator } from './operator-kit.js';
import { PaymentProviderError, type PaymentProvider, type PaymentStatusAnswer } from './payment-provider.js';

export interface AirtelMoneyConfig {
  /** The operator it collects for (`airtel`: Rwanda, `airtel-ug`: Uganda); default `airtel`. */
  operator?: Operator;
  /** ISO 3166-1 alpha-2 code sent as X-Country and in the body (default RW). */
  country?: string;
  /** ISO 4217 code sent as X-Currency and in the body (default RWF). */
  currency?: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
}

/** Airtel Rwanda's country, the client's default. */
export const AIRTEL_COUNTRY = 'RW';
/** Airtel Rwanda wallets' currency (src/shared/domain/operators.ts), the client's default. */
export const AIRTEL_CURRENCY = OPERATOR_INFO.airtel.currency;

/** Airtel's response codes (DP008000010xx) and product codes (ESB0000xx) → our reasons. */
const REASONS: Record<string, PaymentReason> = {
  DP00800001002: 'INCORRECT_PIN',
  DP00800001003: 'PAYER_LIMIT_REACHED',
  DP00800001005: 'APPROVAL_REJECTED', // the payer did not enter their PIN
  DP00800001007: 'NOT_ENOUGH_FUNDS',
  DP00800001008: 'APPROVAL_REJECTED',
  DP00800001009: 'APPROVAL_REJECTED',
  DP00800001010: 'PAYER_NOT_FOUND', // barred or not registered on Airtel Money
  DP00800001024: 'EXPIRED',
  DP00800001029: 'EXPIRED',
  ESB000033: 'PAYER_NOT_FOUND',
  ESB000036: 'PAYER_NOT_FOUND',
};
const AMBIGUOUS = new Set(['ESB000001', 'ESB000004', 'DP00800001000', 'DP00800001006', 'ROUTER117']);
const DUPLICATE = 'ESB000041';
const NOT_FOUND = new Set(['ESB000045', 'DP00800001025']);

export function airtelReason(body: unknown): PaymentReason {
  for (const code of [stringField(body, 'status', 'response_code'), stringField(body, 'status', 'result_code')]) {
    if (code && REASONS[code]) return REASONS[code];
  }
  return 'INTERNAL_PROCESSING_ERROR';
}

export function createAirtelMoneyProvider(cfg: AirtelMoneyConfig): PaymentProvider & { readonly tokensFetched: number } {
  const country = cfg.country ?? AIRTEL_COUNTRY;
  const currency = cfg.currency ?? AIRTEL_CURRENCY;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...cfg.retry };
  const url = (path: string) => joinUrl(cfg.baseUrl, path);

  const tokens = createTokenCache(async () => {
    let res;
    try {
      res = await withRetries(policy, () =>
        httpJson(
          url('/auth/oauth2/token'),
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: '*/*' },
            body: JSON.stringify({ client_id: cfg.clientId, client_secret: cfg.clientSecret, grant_type: 'client_credentials' }),
          },
          policy.timeoutMs,
        ),
      );
    } catch (err) {
      throw new PaymentProviderError(`Airtel token request failed: ${(err as Error).message}`, 'not_delivered');
    }
    const token = stringField(res.answer.body, 'access_token');
    if (res.answer.status !== 200 || !token) {
      throw new PaymentProviderError(`Airtel token request answered ${res.answer.status} (check AIRTEL_CLIENT_ID, AIRTEL_CLIENT_SECRET)`, 'not_delivered');
    }
    const expiresIn = Number(field(res.answer.body, 'expires_in') ?? 180);
    return { token, expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 180 };
  }, cfg.now);

  async function call(method: string, path: string, body?: string): Promise<{ answer: HttpAnswer; maybeDelivered: boolean }> {
    for (let refreshed = false; ; refreshed = true) {
      const token = await tokens.get();
      const headers = {
        Accept: '*/*',
        'X-Country': country,
        'X-Currency': currency,
        Authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      };
      const res = await withRetries(policy, () => httpJson(url(path), { method, headers, body }, policy.timeoutMs));
      if (res.answer.status !== 401 || refreshed) return res;
      tokens.invalidate(token);
    }
  }

  const codesOf = (body: unknown) => [stringField(body, 'status', 'result_code'), stringField(body, 'status', 'response_code')].filter((c): c is string => !!c);

  return {
    name: cfg.operator ?? 'airtel',
    currency,
    get tokensFetched() {
      return tokens.fetched;
    },

    async requestToPay(req) {
      const body = JSON.stringify({
        reference: req.payerMessage.slice(0, 64),
        subscriber: { country, currency, msisdn: localMsisdn(req.msisdn) },
        transaction: { amount: req.amount, country, currency, id: req.referenceId },
      });
      let res;
      try {
        res = await call('POST', '/merchant/v1/payments/', body);
      } catch (err) {
        if (err instanceof TransportError) throw new PaymentProviderError(`Airtel payment request failed: ${err.message}`, err.maybeDelivered ? 'ambiguous' : 'not_delivered');
        throw err;
      }
      const { status, body: answer } = res.answer;
      const codes = codesOf(answer);
      if (status === 200 && field(answer, 'status', 'success') === true) return;
      if (codes.includes(DUPLICATE)) return; // the id was already used: an earlier attempt made the request
      if (codes.some((c) => AMBIGUOUS.has(c)) || status >= 500 || status === 408) {
        throw new PaymentProviderError(`Airtel payment request answered ${status} ${codes.join(' ')}`.trim(), res.maybeDelivered ? 'ambiguous' : 'not_delivered');
      }
      if (status === 401 || status === 429) throw new PaymentProviderError(`Airtel payment request answered ${status}`, 'not_delivered');
      const reason = airtelReason(answer);
      throw new PaymentProviderError(`Airtel refused the payment request: ${status} ${codes.join(' ')}`.trim(), 'refused', reason === 'INTERNAL_PROCESSING_ERROR' ? 'REQUEST_FAILED' : reason);
    },

    async status(referenceId): Promise<PaymentStatusAnswer> {
      let res;
      try {
        res = await call('GET', `/standard/v1/payments/${encodeURIComponent(referenceId)}`);
      } catch (err) {
        if (err instanceof TransportError) throw new PaymentProviderError(`Airtel status query failed: ${err.message}`, 'ambiguous');
        throw err;
      }
      const { status, body } = res.answer;
      const txStatus = stringField(body, 'data', 'transaction', 'status')?.toUpperCase();
      if (status === 200 && txStatus) {
        if (txStatus === 'TS') return { status: 'SUCCESSFUL' };
        if (txStatus === 'TF') return { status: 'FAILED', reason: airtelReason(body) };
        if (txStatus === 'TE') return { status: 'FAILED', reason: 'EXPIRED' };
        return { status: 'PENDING' }; // TA (ambiguous) and TIP (in progress): ask again later
      }
      if (codesOf(body).some((c) => NOT_FOUND.has(c))) return { status: 'NOT_FOUND' };
      throw new PaymentProviderError(`Airtel status query answered ${status} ${codesOf(body).join(' ')}`.trim(), 'ambiguous');
    },
  };
}

/**
 * Airtel Money as a payment operator (operator-kit.ts, ADR 008), one declaration per country, each reading its own
 * variables under `prefix` (docs/decisions/043-payment-methods-countries-and-currencies.md): `${prefix}_BASE_URL`
 * (the UAT's), `${prefix}_CLIENT_ID` and `${prefix}_CLIENT_SECRET` (both required live). Country and currency are
 * the operator's (src/shared/domain/operators.ts).
 */
function declareAirtelMoney<Id extends 'airtel' | 'airtel-ug', P extends string>(id: Id, prefix: P) {
  const v = <S extends string>(suffix: S) => `${prefix}_${suffix}` as `${P}_${S}`;
  const env = {
    [v('BASE_URL')]: z.url().default('https://openapiuat.airtel.africa'),
    [v('CLIENT_ID')]: z.string().min(4, 'must be the client id of the Airtel application').optional(),
    [v('CLIENT_SECRET')]: z.string().min(4, 'must be the client secret of the Airtel application').optional(),
  } as Record<`${P}_BASE_URL`, z.ZodDefault<z.ZodURL>> & Record<`${P}_${'CLIENT_ID' | 'CLIENT_SECRET'}`, z.ZodOptional<z.ZodString>>;
  return declarePaymentOperator({
    id,
    env,
    required: [
      { name: v('CLIENT_ID'), why: 'the Airtel Money application client id' },
      { name: v('CLIENT_SECRET'), why: 'the Airtel Money application client secret' },
    ],
    config: (parsed) => {
      // The keys are built from `prefix`; the schema above gives each its type.
      const e = parsed as Record<string, string | undefined>;
      const info = OPERATOR_INFO[id];
      return { operator: id, country: info.country, currency: info.currency, baseUrl: e[v('BASE_URL')]!.replace(/\/+$/, ''), clientId: e[v('CLIENT_ID')]!, clientSecret: e[v('CLIENT_SECRET')]! };
    },
    create: (cfg, { retry }) => createAirtelMoneyProvider({ ...cfg, retry }),
  });
}

/** Airtel Money Rwanda: AIRTEL_* variables, RW, RWF. */
export const airtelMoneyOperator = declareAirtelMoney('airtel', 'AIRTEL');
/** Airtel Money Uganda: AIRTEL_UG_* variables, UG, UGX. */
export const airtelMoneyUgandaOperator = declareAirtelMoney('airtel-ug', 'AIRTEL_UG');
