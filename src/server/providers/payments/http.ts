/**
 * The HTTP plumbing the real mobile-money clients share: one JSON call with a timeout (AbortSignal.timeout),
 * retries of transient failures with exponential backoff and jitter, an OAuth-style token cache renewed before
 * it runs out, and error messages that never carry tokens, keys or numbers (only status codes and error codes).
 */

/** One HTTP answer: the status and the parsed JSON body (null when empty or not JSON). */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** The request never produced an answer. `maybeDelivered`: it may have reached the server. */
export class TransportError extends Error {
  constructor(
    message: string,
    public readonly maybeDelivered: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Connection errors raised before a byte of the request left this machine. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function transportError(err: unknown, timeoutMs: number): TransportError {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new TransportError(`no answer within ${timeoutMs} ms`, true);
  const code = e?.cause?.code;
  if (code && NOT_SENT_CODES.has(code)) return new TransportError(`connection failed (${code})`, false);
  return new TransportError(`connection lost${code ? ` (${code})` : ''}`, true);
}

/** One request with a timeout covering the answer and its body. Throws TransportError. */
export async function httpJson(url: string, init: { method: string; headers: Record<string, string>; body?: string }, timeoutMs: number): Promise<HttpAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal });
  } catch (err) {
    throw transportError(err, timeoutMs);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw transportError(err, timeoutMs);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: res.status, body };
}

export interface RetryPolicy {
  /** Attempts after the first (default 3). */
  retries: number;
  /** First backoff in ms, doubled each time, with up to 50% jitter (default 200). */
  baseDelayMs: number;
  /** Timeout of one attempt in ms. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 200, timeoutMs: 15_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 5xx, 408 and 429 are worth another try; so is any transport failure. */
export const isTransientStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Calls `attempt` until it answers with a non-transient status or the retries run out.
 * @returns the last answer and whether any attempt may have reached the server.
 * @throws TransportError when the last attempt produced no answer (its `maybeDelivered` covers every attempt).
 */
export async function withRetries(policy: RetryPolicy, attempt: () => Promise<HttpAnswer>): Promise<{ answer: HttpAnswer; maybeDelivered: boolean }> {
  let maybeDelivered = false;
  for (let i = 0; ; i++) {
    try {
      const answer = await attempt();
      // A 5xx answer means the request arrived; 429 means it was turned away before any processing.
      if (answer.status !== 429) maybeDelivered = true;
      if (!isTransientStatus(answer.status) || i >= policy.retries) return { answer, maybeDelivered };
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      maybeDelivered ||= err.maybeDelivered;
      if (i >= policy.retries) throw new TransportError(err.message, maybeDelivered);
    }
    const delay = policy.baseDelayMs * 2 ** i;
    await sleep(delay + Math.random() * delay * 0.5);
  }
}

/**
 * A bearer token cached until shortly before it expires: renewed when less than a tenth of its life (at most 60 s)
 * is left, fetched once for concurrent callers, and dropped on a 401 (`invalidate`) so the next call fetches anew.
 */
export function createTokenCache(fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>, now: () => number = Date.now) {
  let cached: { token: string; expiresAt: number; renewAt: number } | null = null;
  let inflight: Promise<string> | null = null;
  let fetched = 0;
  return {
    async get(): Promise<string> {
      if (cached && now() < cached.renewAt) return cached.token;
      inflight ??= (async () => {
        try {
          const t = await fetchToken();
          fetched++;
          const lifeMs = Math.max(1, t.expiresInSeconds) * 1000;
          const issued = now();
          cached = { token: t.token, expiresAt: issued + lifeMs, renewAt: issued + lifeMs - Math.min(60_000, lifeMs / 10) };
          return t.token;
        } finally {
          inflight = null;
        }
      })();
      return inflight;
    },
    /** Forgets `token` if it is still the cached one (a 401 said it is no longer valid). */
    invalidate(token: string): void {
      if (cached?.token === token) cached = null;
    },
    /** How many tokens were fetched (for tests and diagnostics). */
    get fetched() {
      return fetched;
    },
  };
}
export type TokenCache = ReturnType<typeof createTokenCache>;

/** `base` without a trailing slash + `path`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** A string field of a JSON object, or undefined. */
export function field(obj: unknown, ...path: string[]): unknown {
  let cur: unknown = obj;
  for (const k of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}
export const stringField = (obj: unknown, ...path: string[]): string | undefined => {
  const v = field(obj, ...path);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};
