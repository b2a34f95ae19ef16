/**
 * A local emulator of Airtel Money Africa's Collections API as Airtel publishes it (ADR 008), for the
 * tests of the real client. It checks what the real API checks: client credentials on the token call, a live
 * bearer token, `X-Country` and `X-Currency` of its country (RW and RWF by default; UG and UGX for Uganda), the body's fields (msisdn without the country code), and
 * a transaction id used once (ESB000041 after). Airtel publishes no test numbers; this emulator's, by the last 7
 * digits of the local number (e.g. 720000004):
 *
 * | number ends | outcome                                                      |
 * |-------------|--------------------------------------------------------------|
 * | 0000001     | TF, DP00800001010 (not registered on Airtel Money)           |
 * | 0000002     | TF, DP00800001008 (refused by the payer)                     |
 * | 0000003     | TIP for ever                                                 |
 * | 0000004     | TF, DP00800001007 (not enough balance)                       |
 * | 0000005     | TA (ambiguous) until `approvalMs`, then TS                   |
 * | 0000006     | TE (expired)                                                 |
 * | 0000007     | TF, DP00800001002 (incorrect PIN)                            |
 * | any other   | TS (or what `setOutcome` scripted for it)                    |
 *
 * On a final outcome the emulator POSTs Airtel's callback body `{ transaction: { id, message, status_code,
 * airtel_money_id } }` to `callbackUrl` (Airtel's is set once in its portal) through `deliverCallback`.
 * Test code only.
 */
import { randomBytes } from 'node:crypto';
import { type EmulatorRequest, header, startEmulatorServer } from './emulator-server.js';

export interface AirtelOutcome {
  /** TS success, TF failed, TE expired, TIP in progress, TA ambiguous. */
  status: 'TS' | 'TF' | 'TE' | 'TIP' | 'TA';
  responseCode?: string;
  /** Reads TIP (or TA when `pendingAs` says so) until this many ms after the request. */
  afterMs?: number;
  pendingAs?: 'TIP' | 'TA';
}

export interface AirtelRequestRecord {
  id: string;
  reference: string;
  msisdn: string;
  amount: number;
  createdAt: number;
  outcome: AirtelOutcome;
  airtelMoneyId: string;
  callbackSent: boolean;
}

export interface AirtelEmulatorOptions {
  /** The country it serves, ISO 3166-1 alpha-2 (default RW). */
  country?: string;
  /** The only currency it takes (default RWF). */
  currency?: string;
  clientId: string;
  clientSecret: string;
  /** Seconds; Airtel's tokens live 180 s and it sends the number as a string. */
  tokenTtlSeconds?: number;
  approvalMs?: number;
  /** The callback URL set in Airtel's portal, or null for none. */
  callbackUrl?: string | null;
  deliverCallback?: ((url: string, body: object) => Promise<void>) | null;
}

const ok = (data: object, responseCode = 'DP00800001001') => ({ status: 200, body: { data, status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: responseCode, success: true } } });
const fail = (http: number, resultCode: string, message: string, responseCode?: string) => ({
  status: http,
  body: { status: { code: String(http), message, result_code: resultCode, ...(responseCode ? { response_code: responseCode } : {}), success: false } },
});

export async function startAirtelMoneyEmulator(opts: AirtelEmulatorOptions) {
  const ttl = opts.tokenTtlSeconds ?? 180;
  const approvalMs = opts.approvalMs ?? 300;
  const country = opts.country ?? 'RW';
  const currency = opts.currency ?? 'RWF';
  const tokens = new Map<string, number>();
  const requests = new Map<string, AirtelRequestRecord>();
  const scripted = new Map<string, AirtelOutcome>();
  const timers = new Set<NodeJS.Timeout>();
  const callbacks: { url: string; body: object }[] = [];
  let deliver = opts.deliverCallback === undefined ? httpPost : opts.deliverCallback;
  let callbackUrl = opts.callbackUrl ?? null;

  function outcomeFor(msisdn: string): AirtelOutcome {
    const s = scripted.get(msisdn);
    if (s) return s;
    switch (msisdn.slice(-7)) {
      case '0000001':
        return { status: 'TF', responseCode: 'DP00800001010' };
      case '0000002':
        return { status: 'TF', responseCode: 'DP00800001008' };
      case '0000003':
        return { status: 'TIP' };
      case '0000004':
        return { status: 'TF', responseCode: 'DP00800001007' };
      case '0000005':
        return { status: 'TS', afterMs: approvalMs, pendingAs: 'TA' };
      case '0000006':
        return { status: 'TE', responseCode: 'DP00800001029' };
      case '0000007':
        return { status: 'TF', responseCode: 'DP00800001002' };
    }
    return { status: 'TS' };
  }

  function current(r: AirtelRequestRecord): AirtelOutcome {
    if (r.outcome.afterMs && Date.now() - r.createdAt < r.outcome.afterMs) return { status: r.outcome.pendingAs ?? 'TIP' };
    return r.outcome;
  }

  function scheduleCallback(r: AirtelRequestRecord) {
    if (r.outcome.status === 'TIP' || r.outcome.status === 'TA') return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (r.callbackSent || !callbackUrl) return;
      r.callbackSent = true;
      const success = r.outcome.status === 'TS';
      const body = {
        transaction: {
          id: r.id,
          message: success ? `Paid RWF ${r.amount} to SOBANURA, Trans ID ${r.airtelMoneyId}.` : 'Transaction failed',
          status_code: success ? 'TS' : 'TF',
          airtel_money_id: r.airtelMoneyId,
        },
      };
      callbacks.push({ url: callbackUrl, body });
      if (deliver) void deliver(callbackUrl, body).catch(() => {});
    }, r.outcome.afterMs ?? 0);
    timers.add(t);
  }

  function checkApiCall(req: EmulatorRequest) {
    const auth = header(req, 'authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const exp = tokens.get(token);
    if (!exp || exp <= Date.now()) return { status: 401, body: { error: 'invalid_token', error_description: 'The access token is invalid or has expired' } };
    if (header(req, 'x-country') !== country) return fail(400, 'ROUTER006', 'Invalid Country');
    if (header(req, 'x-currency') !== currency) return fail(400, 'ROUTER112', 'Invalid Currency');
    return null;
  }

  const server = await startEmulatorServer((method, path) => {
    if (method === 'POST' && path === '/auth/oauth2/token') {
      return {
        endpoint: 'token',
        handler: (req) => {
          const b = req.body as Record<string, unknown> | undefined;
          if (!b || b.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' } };
          if (b.client_id !== opts.clientId || b.client_secret !== opts.clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
          const token = randomBytes(24).toString('base64url');
          tokens.set(token, Date.now() + ttl * 1000);
          return { status: 200, body: { access_token: token, expires_in: String(ttl), token_type: 'bearer' } };
        },
      };
    }
    if (method === 'POST' && path === '/merchant/v1/payments/') {
      return {
        endpoint: 'payments',
        handler: (req) => {
          const denied = checkApiCall(req);
          if (denied) return denied;
          const b = req.body as { reference?: unknown; subscriber?: Record<string, unknown>; transaction?: Record<string, unknown> } | undefined;
          const sub = b?.subscriber;
          const tx = b?.transaction;
          if (!b || typeof b.reference !== 'string' || !sub || !tx || typeof tx.id !== 'string' || !tx.id || typeof tx.amount !== 'number' || !(tx.amount > 0)) {
            return fail(400, 'ESB000008', 'Field validation failed');
          }
          if (sub.country !== country || tx.country !== country) return fail(400, 'ESB000034', 'Invalid Country Name');
          if (sub.currency !== currency || tx.currency !== currency) return fail(400, 'ESB000035', 'Invalid Currency Code');
          // No minor unit in RWF or UGX: Airtel takes whole amounts only.
          if (!Number.isInteger(tx.amount)) return fail(400, 'ESB000008', 'Field validation failed');
          if (typeof sub.msisdn !== 'string' || !/^7\d{8}$/.test(sub.msisdn)) return fail(400, 'ESB000033', 'Invalid MSISDN Length. MSISDN Length should be 9');
          if (requests.has(tx.id)) return fail(400, 'ESB000041', 'External Transaction ID already exists');
          const record: AirtelRequestRecord = {
            id: tx.id,
            reference: b.reference,
            msisdn: sub.msisdn,
            amount: tx.amount,
            createdAt: Date.now(),
            outcome: outcomeFor(sub.msisdn),
            airtelMoneyId: `MP${Date.now()}.${Math.floor(Math.random() * 1e4)}`,
            callbackSent: false,
          };
          requests.set(tx.id, record);
          scheduleCallback(record);
          return ok({ transaction: { id: tx.id, status: 'SUCCESS' } }, 'DP00800001006');
        },
      };
    }
    const m = /^\/standard\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      return {
        endpoint: 'status',
        handler: (req) => {
          const denied = checkApiCall(req);
          if (denied) return denied;
          const r = requests.get(decodeURIComponent(m[1]!));
          if (!r) return fail(200, 'ESB000045', 'No Transaction Found With Provided Transaction Id', 'DP00800001025');
          const s = current(r);
          const tx = { id: r.id, status: s.status, message: s.status === 'TS' ? 'success' : s.status, ...(s.status === 'TS' ? { airtel_money_id: r.airtelMoneyId } : {}) };
          if (s.status === 'TF' || s.status === 'TE') return { status: 200, body: { data: { transaction: tx }, status: { code: '200', message: 'FAILED', response_code: s.responseCode, success: false } } };
          return ok({ transaction: tx }, s.status === 'TS' ? 'DP00800001001' : 'DP00800001006');
        },
      };
    }
    return null;
  });

  return {
    url: server.url,
    /** Calls per endpoint: `token`, `payments`, `status`. */
    calls: server.calls,
    fault: server.fault,
    requests,
    callbacks,
    setOutcome(localMsisdn: string, outcome: AirtelOutcome) {
      scripted.set(localMsisdn, outcome);
    },
    revokeTokens() {
      tokens.clear();
    },
    setCallbackUrl(url: string | null) {
      callbackUrl = url;
    },
    setDeliverCallback(fn: ((url: string, body: object) => Promise<void>) | null) {
      deliver = fn;
    },
    charges: () => [...requests.values()].filter((r) => r.outcome.status === 'TS').length,
    async close() {
      for (const t of timers) clearTimeout(t);
      await server.close();
    },
  };
}
export type AirtelMoneyEmulator = Awaited<ReturnType<typeof startAirtelMoneyEmulator>>;

async function httpPost(url: string, body: object): Promise<void> {
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
}
