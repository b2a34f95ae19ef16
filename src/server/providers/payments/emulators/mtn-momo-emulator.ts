/**
 * A local emulator of MTN MoMo's Collection API as MTN publishes it (ADR 008), for the tests of the real
 * client. It checks what the real API checks: the subscription key on every call, Basic auth on the token call,
 * a live bearer token, `X-Target-Environment`, a UUID v4 `X-Reference-Id` used once (409 after), a valid
 * `X-Callback-Url`, the body's fields and the environment's currency (EUR in the sandbox). It answers with
 * MTN's sandbox test numbers:
 *
 * | payer        | outcome                                                 |
 * |--------------|---------------------------------------------------------|
 * | 46733123450  | FAILED, INTERNAL_PROCESSING_ERROR (payer failed)         |
 * | 46733123451  | FAILED, APPROVAL_REJECTED (rejected)                     |
 * | 46733123452  | FAILED, EXPIRED (timeout)                                |
 * | 46733123453  | PENDING, then SUCCESSFUL after `approvalMs`              |
 * | 46733123454  | PENDING for ever                                         |
 * | 46733123455  | FAILED, PAYER_NOT_FOUND                                  |
 * | any other    | SUCCESSFUL (or what `setOutcome` scripted for it)        |
 *
 * When a request reaches its outcome and carries `X-Callback-Url`, the emulator PUTs MTN's callback body there
 * through `deliverCallback` (a test can route it into `app.inject`, or drop it to simulate a lost callback).
 * Test code only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type EmulatorRequest, header, startEmulatorServer, UUID_V4 } from './emulator-server.js';

export interface MtnOutcome {
  status: 'SUCCESSFUL' | 'FAILED' | 'PENDING';
  reason?: string;
  /** The request reads PENDING until this many ms after it was made. */
  afterMs?: number;
}

export const MTN_TEST_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  timeout: '46733123452',
  pendingThenSuccessful: '46733123453',
  pending: '46733123454',
  payerNotFound: '46733123455',
} as const;

export interface MtnRequestRecord {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  partyId: string;
  payerMessage: string;
  payeeNote: string;
  callbackUrl: string | null;
  createdAt: number;
  outcome: MtnOutcome;
  financialTransactionId: string;
  callbackSent: boolean;
}

export interface MtnEmulatorOptions {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment?: string;
  /** The only currency accepted (default EUR in `sandbox`, else RWF). */
  currency?: string;
  tokenTtlSeconds?: number;
  /** How long 46733123453 stays pending (default 300 ms). */
  approvalMs?: number;
  /** Delivers a callback (PUT `url` with `body`); null drops callbacks (lost). Default: a real HTTP PUT. */
  deliverCallback?: ((url: string, body: object) => Promise<void>) | null;
}

export async function startMtnMomoEmulator(opts: MtnEmulatorOptions) {
  const env = opts.targetEnvironment ?? 'sandbox';
  const currency = opts.currency ?? (env === 'sandbox' ? 'EUR' : 'RWF');
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const approvalMs = opts.approvalMs ?? 300;
  const tokens = new Map<string, number>(); // token → expiry (ms)
  const requests = new Map<string, MtnRequestRecord>();
  const scripted = new Map<string, MtnOutcome>();
  const timers = new Set<NodeJS.Timeout>();
  const callbacks: { url: string; body: object }[] = [];
  let deliver = opts.deliverCallback === undefined ? httpPut : opts.deliverCallback;

  const err = (status: number, code: string, message: string) => ({ status, body: { code, message } });

  function outcomeFor(partyId: string): MtnOutcome {
    switch (partyId) {
      case MTN_TEST_NUMBERS.failed:
        return { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' };
      case MTN_TEST_NUMBERS.rejected:
        return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
      case MTN_TEST_NUMBERS.timeout:
        return { status: 'FAILED', reason: 'EXPIRED' };
      case MTN_TEST_NUMBERS.pendingThenSuccessful:
        return { status: 'SUCCESSFUL', afterMs: approvalMs };
      case MTN_TEST_NUMBERS.pending:
        return { status: 'PENDING' };
      case MTN_TEST_NUMBERS.payerNotFound:
        return { status: 'FAILED', reason: 'PAYER_NOT_FOUND' };
    }
    return scripted.get(partyId) ?? { status: 'SUCCESSFUL' };
  }

  /** The status a request reads now. */
  function current(r: MtnRequestRecord): MtnOutcome {
    if (r.outcome.status === 'PENDING') return { status: 'PENDING' };
    if (r.outcome.afterMs && Date.now() - r.createdAt < r.outcome.afterMs) return { status: 'PENDING' };
    return r.outcome;
  }

  function view(r: MtnRequestRecord) {
    const s = current(r);
    return {
      amount: r.amount,
      currency: r.currency,
      ...(s.status === 'SUCCESSFUL' ? { financialTransactionId: r.financialTransactionId } : {}),
      externalId: r.externalId,
      payer: { partyIdType: 'MSISDN', partyId: r.partyId },
      payerMessage: r.payerMessage,
      payeeNote: r.payeeNote,
      status: s.status,
      ...(s.status === 'FAILED' ? { reason: s.reason } : {}),
    };
  }

  function scheduleCallback(r: MtnRequestRecord) {
    if (!r.callbackUrl || r.outcome.status === 'PENDING') return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (r.callbackSent) return;
      r.callbackSent = true;
      const body = view(r);
      callbacks.push({ url: r.callbackUrl!, body });
      if (deliver) void deliver(r.callbackUrl!, body).catch(() => {});
    }, r.outcome.afterMs ?? 0);
    timers.add(t);
  }

  /** Checks the subscription key and the bearer token; returns an error answer or null. */
  function checkApiCall(req: EmulatorRequest) {
    if (header(req, 'ocp-apim-subscription-key') !== opts.subscriptionKey) {
      return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' } };
    }
    const auth = header(req, 'authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const exp = tokens.get(token);
    if (!exp || exp <= Date.now()) return { status: 401, body: { statusCode: 401, message: 'Access token is missing, invalid or expired' } };
    if (header(req, 'x-target-environment') !== env) return err(403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
    return null;
  }

  const server = await startEmulatorServer((method, path) => {
    if (method === 'POST' && path === '/collection/token/') {
      return {
        endpoint: 'token',
        handler: (req) => {
          if (header(req, 'ocp-apim-subscription-key') !== opts.subscriptionKey) return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
          const expected = `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiKey}`).toString('base64')}`;
          if (header(req, 'authorization') !== expected) return { status: 401, body: { error: 'login_failed' } };
          const token = randomBytes(24).toString('base64url');
          tokens.set(token, Date.now() + ttl * 1000);
          return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: ttl } };
        },
      };
    }
    if (method === 'POST' && path === '/collection/v1_0/requesttopay') {
      return {
        endpoint: 'requesttopay',
        handler: (req) => {
          const denied = checkApiCall(req);
          if (denied) return denied;
          const ref = header(req, 'x-reference-id') ?? '';
          if (!UUID_V4.test(ref)) return err(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID version 4.');
          const cb = header(req, 'x-callback-url');
          if (cb !== undefined && !/^https?:\/\/[^/\s]+/.test(cb)) return err(400, 'INVALID_CALLBACK_URL_HOST', 'Callback URL is not valid.');
          const b = req.body as Record<string, unknown> | undefined;
          const payer = b?.payer as Record<string, unknown> | undefined;
          const valid =
            !!b &&
            typeof b.amount === 'string' &&
            /^\d+(\.\d{1,2})?$/.test(b.amount) &&
            Number(b.amount) > 0 &&
            typeof b.currency === 'string' &&
            typeof b.externalId === 'string' &&
            payer?.partyIdType === 'MSISDN' &&
            typeof payer.partyId === 'string' &&
            /^\d{6,15}$/.test(payer.partyId) &&
            (b.payerMessage === undefined || (typeof b.payerMessage === 'string' && b.payerMessage.length <= 160)) &&
            (b.payeeNote === undefined || (typeof b.payeeNote === 'string' && b.payeeNote.length <= 160));
          if (!valid) return err(400, 'BAD_REQUEST', 'The request body is not valid.');
          if (b.currency !== currency) return err(400, 'INVALID_CURRENCY', `Currency not supported (${env} takes ${currency}).`);
          if (requests.has(ref)) return err(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
          const partyId = payer.partyId as string;
          const record: MtnRequestRecord = {
            referenceId: ref,
            amount: b.amount as string,
            currency: b.currency,
            externalId: b.externalId as string,
            partyId,
            payerMessage: (b.payerMessage as string | undefined) ?? '',
            payeeNote: (b.payeeNote as string | undefined) ?? '',
            callbackUrl: cb ?? null,
            createdAt: Date.now(),
            outcome: outcomeFor(partyId),
            financialTransactionId: String(Math.floor(1e9 + Math.random() * 9e9)),
            callbackSent: false,
          };
          requests.set(ref, record);
          scheduleCallback(record);
          return { status: 202 };
        },
      };
    }
    const m = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      return {
        endpoint: 'status',
        handler: (req) => {
          const denied = checkApiCall(req);
          if (denied) return denied;
          const r = requests.get(decodeURIComponent(m[1]!));
          if (!r) return err(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
          return { status: 200, body: view(r) };
        },
      };
    }
    return null;
  });

  return {
    url: server.url,
    /** Calls per endpoint: `token`, `requesttopay`, `status`. */
    calls: server.calls,
    fault: server.fault,
    /** Requests to pay accepted, by reference: each is one charge prompt. */
    requests,
    /** Callbacks sent (or dropped), in order. */
    callbacks,
    /** The outcome of requests from `partyId` made from now on. */
    setOutcome(partyId: string, outcome: MtnOutcome) {
      scripted.set(partyId, outcome);
    },
    /** Makes every issued token invalid (the next API call answers 401). */
    revokeTokens() {
      tokens.clear();
    },
    /** Replaces the callback delivery (null: callbacks are lost). */
    setDeliverCallback(fn: ((url: string, body: object) => Promise<void>) | null) {
      deliver = fn;
    },
    /** How many requests ended (or will end) successful: money actually collected. */
    charges: () => [...requests.values()].filter((r) => r.outcome.status === 'SUCCESSFUL').length,
    async close() {
      for (const t of timers) clearTimeout(t);
      await server.close();
    },
  };
}
export type MtnMomoEmulator = Awaited<ReturnType<typeof startMtnMomoEmulator>>;

async function httpPut(url: string, body: object): Promise<void> {
  await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
}

/** A fresh API user id as MTN's provisioning API makes them. */
export const newApiUser = () => randomUUID();
