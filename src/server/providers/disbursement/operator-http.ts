/**
 * The HTTP part both disbursement clients share, on top of the collection clients' plumbing
 * (src/server/providers/payments/http.ts: one JSON call with a timeout, retries of transient failures with backoff,
 * a bearer-token cache renewed before it runs out): a token fetched with the operator's own credentials, API calls
 * that send the token and fetch a fresh one once on a 401, and every failure turned into a DisbursementError of the
 * right kind (docs/decisions/048-disbursement-clients.md). Retrying a transfer is safe because the reference
 * travels with it: the operator answers a repeated reference as a duplicate, never as a second payment.
 */
import { createTokenCache, field, httpJson, joinUrl, type HttpAnswer, type RetryPolicy, stringField, TransportError, withRetries } from '../payments/http.js';
import { DisbursementError } from './disbursement-provider.js';

/** TransportError's message for an attempt cut by its timeout (http.ts `transportError`). */
const TIMED_OUT = /^no answer within/;

function fromTransport(err: TransportError, what: string): DisbursementError {
  return new DisbursementError(`${what} failed: ${err.message}`, TIMED_OUT.test(err.message) ? 'timeout' : 'unavailable', err.maybeDelivered);
}

export interface TokenRequest {
  /** Used in messages, e.g. `MTN disbursement token request`. */
  what: string;
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
  /** The variables to check when the operator refuses the credentials (named in the message). */
  check: string;
  /** The life of a token when the answer names none, in seconds (MTN 3600, Airtel 180). */
  defaultTtlSeconds: number;
}

/**
 * A token cache whose tokens come from `req`. A token call that fails throws DisbursementError with
 * `maybeDelivered` false: without a token no transfer left. 400, 401 and 403 are `auth`; anything else that is not
 * a 200 with `access_token` is `unavailable` (5xx, after the retries) or `protocol`.
 */
export function operatorTokens(req: TokenRequest, policy: RetryPolicy, now?: () => number) {
  return createTokenCache(async () => {
    let res;
    try {
      res = await withRetries(policy, () => httpJson(req.url, req.init, policy.timeoutMs));
    } catch (err) {
      if (err instanceof TransportError) throw fromTransport(new TransportError(err.message, false), req.what);
      throw err;
    }
    const { status, body } = res.answer;
    const token = stringField(body, 'access_token');
    if (status === 200 && token) {
      const ttl = Number(field(body, 'expires_in') ?? req.defaultTtlSeconds);
      return { token, expiresInSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : req.defaultTtlSeconds };
    }
    const kind = status === 400 || status === 401 || status === 403 ? 'auth' : status >= 500 || status === 429 ? 'unavailable' : 'protocol';
    throw new DisbursementError(`${req.what} answered ${status}${kind === 'auth' ? ` (check ${req.check})` : ''}`, kind, false);
  }, now);
}
export type OperatorTokens = ReturnType<typeof operatorTokens>;

/**
 * Makes API calls under `baseUrl` with `headers()` and the bearer token; on a 401, once more with a fresh token.
 * @returns the answer (any status but a 401 that survived the refresh) and whether any attempt may have arrived.
 * @throws DisbursementError: `timeout` / `unavailable` when no attempt was answered, `auth` on a 401 after a fresh
 *   token (the request was turned away: nothing done).
 */
export function operatorCaller(opts: { baseUrl: string; policy: RetryPolicy; tokens: OperatorTokens; headers: () => Record<string, string> }) {
  return async function call(what: string, method: string, path: string, extra: Record<string, string> = {}, body?: string): Promise<{ answer: HttpAnswer; maybeDelivered: boolean }> {
    for (let refreshed = false; ; refreshed = true) {
      const token = await opts.tokens.get();
      const headers = { ...opts.headers(), ...extra, Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) };
      let res;
      try {
        res = await withRetries(opts.policy, () => httpJson(joinUrl(opts.baseUrl, path), { method, headers, body }, opts.policy.timeoutMs));
      } catch (err) {
        if (err instanceof TransportError) throw fromTransport(err, what);
        throw err;
      }
      if (res.answer.status !== 401) return res;
      if (refreshed) throw new DisbursementError(`${what} answered 401 with a fresh token`, 'auth', false);
      opts.tokens.invalidate(token);
    }
  };
}

/**
 * The DisbursementError for an answer that is neither success nor a definite refusal: 5xx, 408 and 429 (after the
 * retries) are `unavailable`, 403 is `auth` (MTN: a target environment or product not allowed), anything else
 * `protocol`. `maybeDelivered` is the call's.
 */
export function unreadable(what: string, res: { answer: HttpAnswer; maybeDelivered: boolean }, codes: string[] = []): DisbursementError {
  const s = res.answer.status;
  const kind = s >= 500 || s === 408 || s === 429 ? 'unavailable' : s === 403 ? 'auth' : 'protocol';
  return new DisbursementError(`${what} answered ${s} ${codes.join(' ')}`.trim(), kind, kind === 'auth' ? false : res.maybeDelivered);
}
