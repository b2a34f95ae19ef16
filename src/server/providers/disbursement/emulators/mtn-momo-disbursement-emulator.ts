/**
 * A local emulator of MTN MoMo's Disbursement product as MTN publishes it (docs/decisions/048-disbursement-clients.md),
 * beside the Collection emulator and on the same HTTP server (src/server/providers/payments/emulators/
 * emulator-server.ts: port 0 on 127.0.0.1, faults queued per endpoint). It checks what the real API checks: the
 * Disbursement subscription key on every call, Basic auth with the Disbursement API user on the token call, a live
 * bearer token, `X-Target-Environment`, a UUID v4 `X-Reference-Id` used once (409 RESOURCE_ALREADY_EXIST after), the
 * body's fields and the environment's currency. It counts what matters for exactly-once payouts: the transfer
 * requests that reached it per reference (`posts`) and the money it paid per payee (`paidTo`). Outcomes by payee,
 * MTN's sandbox test numbers and one of this emulator's:
 *
 * | payee        | status                                                  |
 * |--------------|---------------------------------------------------------|
 * | 46733123450  | FAILED, INTERNAL_PROCESSING_ERROR                        |
 * | 46733123451  | FAILED, APPROVAL_REJECTED                                |
 * | 46733123452  | FAILED, EXPIRED                                          |
 * | 46733123453  | PENDING, then SUCCESSFUL after `approvalMs`              |
 * | 46733123454  | PENDING for ever                                         |
 * | 46733123455  | FAILED, PAYEE_NOT_FOUND (not registered; the emulator's) |
 * | any other    | SUCCESSFUL (or what `setOutcome` scripted for it)        |
 *
 * With `X-Callback-Url`, a final outcome is PUT there `callbackTimes` times (default once) through `deliver`.
 * Test code only.
 */
import { randomBytes } from 'node:crypto';
import { type EmulatorRequest, header, startEmulatorServer, UUID_V4 } from '../../payments/emulators/emulator-server.js';

export interface MtnTransferOutcome {
  status: 'SUCCESSFUL' | 'FAILED' | 'PENDING';
  reason?: string;
  /** Reads PENDING until this many ms after the transfer. */
  afterMs?: number;
}

export const MTN_PAYEE_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  expired: '46733123452',
  pendingThenSuccessful: '46733123453',
  pending: '46733123454',
  notRegistered: '46733123455',
} as const;

export interface MtnTransferRecord {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  partyId: string;
  payeeNote: string;
  callbackUrl: string | null;
  createdAt: number;
  outcome: MtnTransferOutcome;
  financialTransactionId: string;
}

export interface MtnDisbursementEmulatorOptions {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment?: string;
  /** The only currency taken (default EUR in `sandbox`, else RWF). */
  currency?: string;
  tokenTtlSeconds?: number;
  approvalMs?: number;
  /** How many times each callback is delivered (a duplicate delivery is 2). */
  callbackTimes?: number;
  /** Delivers a callback (PUT `url` with `body`); null drops them. Default: a real HTTP PUT. */
  deliver?: ((url: string, body: object) => Promise<void>) | null;
}

const SCRIPTED: Record<string, MtnTransferOutcome> = {
  [MTN_PAYEE_NUMBERS.failed]: { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' },
  [MTN_PAYEE_NUMBERS.rejected]: { status: 'FAILED', reason: 'APPROVAL_REJECTED' },
  [MTN_PAYEE_NUMBERS.expired]: { status: 'FAILED', reason: 'EXPIRED' },
  [MTN_PAYEE_NUMBERS.pending]: { status: 'PENDING' },
  [MTN_PAYEE_NUMBERS.notRegistered]: { status: 'FAILED', reason: 'PAYEE_NOT_FOUND' },
};

export async function startMtnMomoDisbursementEmulator(opts: MtnDisbursementEmulatorOptions) {
  const env = opts.targetEnvironment ?? 'sandbox';
  const currency = opts.currency ?? (env === 'sandbox' ? 'EUR' : 'RWF');
  const approvalMs = opts.approvalMs ?? 300;
  const tokens = new Map<string, number>(); // token → expiry (epoch ms)
  const transfers = new Map<string, MtnTransferRecord>();
  const posts = new Map<string, number>();
  const scripted = new Map<string, MtnTransferOutcome>();
  const callbacks: { url: string; body: object }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let deliver = opts.deliver === undefined ? httpPut : opts.deliver;
  const err = (status: number, code: string, message: string) => ({ status, body: { code, message } });

  const outcomeFor = (partyId: string): MtnTransferOutcome =>
    scripted.get(partyId) ?? SCRIPTED[partyId] ?? (partyId === MTN_PAYEE_NUMBERS.pendingThenSuccessful ? { status: 'SUCCESSFUL', afterMs: approvalMs } : { status: 'SUCCESSFUL' });
  const current = (r: MtnTransferRecord): MtnTransferOutcome => (r.outcome.afterMs && Date.now() - r.createdAt < r.outcome.afterMs ? { status: 'PENDING' } : r.outcome);
  const view = (r: MtnTransferRecord) => {
    const s = current(r);
    return {
      amount: r.amount,
      currency: r.currency,
      ...(s.status === 'SUCCESSFUL' ? { financialTransactionId: r.financialTransactionId } : {}),
      externalId: r.externalId,
      payee: { partyIdType: 'MSISDN', partyId: r.partyId },
      payerMessage: r.payeeNote,
      payeeNote: r.payeeNote,
      status: s.status,
      ...(s.status === 'FAILED' ? { reason: s.reason } : {}),
    };
  };

  function scheduleCallback(r: MtnTransferRecord) {
    if (!r.callbackUrl || r.outcome.status === 'PENDING') return;
    const t = setTimeout(() => {
      timers.delete(t);
      for (let i = 0; i < (opts.callbackTimes ?? 1); i++) {
        const body = view(r);
        callbacks.push({ url: r.callbackUrl!, body });
        if (deliver) void deliver(r.callbackUrl!, body).catch(() => {});
      }
    }, r.outcome.afterMs ?? 0);
    timers.add(t);
  }

  const keyOk = (req: EmulatorRequest) => header(req, 'ocp-apim-subscription-key') === opts.subscriptionKey;
  function denied(req: EmulatorRequest) {
    if (!keyOk(req)) return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
    const auth = header(req, 'authorization') ?? '';
    const exp = tokens.get(auth.startsWith('Bearer ') ? auth.slice(7) : '');
    if (!exp || exp <= Date.now()) return { status: 401, body: { statusCode: 401, message: 'Access token is missing, invalid or expired' } };
    if (header(req, 'x-target-environment') !== env) return err(403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
    return null;
  }

  function transfer(req: EmulatorRequest) {
    const no = denied(req);
    if (no) return no;
    const ref = header(req, 'x-reference-id') ?? '';
    if (!UUID_V4.test(ref)) return err(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID version 4.');
    posts.set(ref, (posts.get(ref) ?? 0) + 1);
    const cb = header(req, 'x-callback-url');
    if (cb !== undefined && !/^https?:\/\/[^/\s]+/.test(cb)) return err(400, 'INVALID_CALLBACK_URL_HOST', 'Callback URL is not valid.');
    const b = req.body as { amount?: unknown; currency?: unknown; externalId?: unknown; payee?: { partyIdType?: unknown; partyId?: unknown }; payeeNote?: unknown } | undefined;
    const partyId = b?.payee?.partyId;
    const valid =
      typeof b?.amount === 'string' &&
      /^\d+(\.\d{1,2})?$/.test(b.amount) &&
      Number(b.amount) > 0 &&
      typeof b.externalId === 'string' &&
      b.payee?.partyIdType === 'MSISDN' &&
      typeof partyId === 'string' &&
      /^\d{6,15}$/.test(partyId) &&
      (b.payeeNote === undefined || (typeof b.payeeNote === 'string' && b.payeeNote.length <= 160));
    if (!valid) return err(400, 'BAD_REQUEST', 'The request body is not valid.');
    if (b.currency !== currency) return err(400, 'INVALID_CURRENCY', `Currency not supported (${env} takes ${currency}).`);
    if (transfers.has(ref)) return err(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    const record: MtnTransferRecord = {
      referenceId: ref,
      amount: b.amount as string,
      currency,
      externalId: b.externalId as string,
      partyId: partyId as string,
      payeeNote: (b.payeeNote as string | undefined) ?? '',
      callbackUrl: cb ?? null,
      createdAt: Date.now(),
      outcome: outcomeFor(partyId as string),
      financialTransactionId: String(1e9 + transfers.size),
    };
    transfers.set(ref, record);
    scheduleCallback(record);
    return { status: 202 };
  }

  const server = await startEmulatorServer((method, path) => {
    if (method === 'POST' && path === '/disbursement/token/') {
      return {
        endpoint: 'token',
        handler: (req) => {
          if (!keyOk(req)) return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' } };
          if (header(req, 'authorization') !== `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiKey}`).toString('base64')}`) return { status: 401, body: { error: 'login_failed' } };
          const token = randomBytes(24).toString('base64url');
          tokens.set(token, Date.now() + (opts.tokenTtlSeconds ?? 3600) * 1000);
          return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: opts.tokenTtlSeconds ?? 3600 } };
        },
      };
    }
    if (method === 'POST' && path === '/disbursement/v1_0/transfer') return { endpoint: 'transfer', handler: transfer };
    const m = /^\/disbursement\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      return {
        endpoint: 'status',
        handler: (req) => {
          const r = denied(req) ?? transfers.get(decodeURIComponent(m[1]!));
          if (!r) return err(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
          return 'status' in r ? r : { status: 200, body: view(r) };
        },
      };
    }
    return null;
  });

  return {
    url: server.url,
    /** Calls per endpoint: `token`, `transfer`, `status` (faulted ones included). */
    calls: server.calls,
    fault: server.fault,
    /** Transfers made, by reference. */
    transfers,
    /** Transfer requests with a valid reference that reached the handler, per reference (duplicates included). */
    posts,
    /** Callbacks sent (or dropped), in order. */
    callbacks,
    setOutcome(partyId: string, outcome: MtnTransferOutcome) {
      scripted.set(partyId, outcome);
    },
    /** Makes every issued token invalid (the next API call answers 401). */
    revokeTokens() {
      tokens.clear();
    },
    setDeliver(fn: ((url: string, body: object) => Promise<void>) | null) {
      deliver = fn;
    },
    /** How many transfers to `partyId` ended (or will end) successful: money paid to that wallet. */
    paidTo: (partyId: string) => [...transfers.values()].filter((r) => r.partyId === partyId && r.outcome.status === 'SUCCESSFUL').length,
    async close() {
      for (const t of timers) clearTimeout(t);
      await server.close();
    },
  };
}
export type MtnMomoDisbursementEmulator = Awaited<ReturnType<typeof startMtnMomoDisbursementEmulator>>;

async function httpPut(url: string, body: object): Promise<void> {
  await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
}
