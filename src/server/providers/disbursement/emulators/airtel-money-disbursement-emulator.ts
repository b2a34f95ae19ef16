/**
 * A local emulator of Airtel Money's Disbursement APIs as Airtel publishes them
 * (docs/decisions/048-disbursement-clients.md), beside the Collections emulator and on the same HTTP server
 * (src/server/providers/payments/emulators/emulator-server.ts). It checks what the real API checks: client
 * credentials on the token call, a live bearer token, `X-Country` and `X-Currency`, the body's fields (msisdn without
 * the country code, a whole amount), the PIN, which it decrypts with the private half of the RSA key whose public
 * half (`publicKey`, base64 DER as Airtel's portal shows it) the client encrypts with (ROUTER116 when it cannot),
 * and a transaction id used once (DP00900001017 after). It counts the requests per id (`posts`) and the money paid
 * per payee (`paidTo`). Outcomes by the last 7 digits of the local number (e.g. 720000001):
 *
 * | ends with | disbursement answer                 | enquiry                             |
 * |-----------|-------------------------------------|-------------------------------------|
 * | 0000001   | TF, DP00900001012 (not registered)  | TF                                  |
 * | 0000002   | TF, DP00900001010 (user not allowed)| TF                                  |
 * | 0000003   | TIP, DP00900001006 (in process)     | TIP for ever                        |
 * | 0000004   | TF, DP00900001007 (our funds short) | TF                                  |
 * | 0000005   | TA, DP00900001000 (ambiguous)       | TA until `approvalMs`, then TS      |
 * | any other | TS, DP00900001001                   | TS                                  |
 *
 * A final outcome is POSTed to `callbackUrl` (set in Airtel's portal) `callbackTimes` times through `deliver`.
 * Test code only.
 */
import { constants, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import { type EmulatorRequest, header, startEmulatorServer } from '../../payments/emulators/emulator-server.js';

type Letters = 'TS' | 'TF' | 'TIP' | 'TA';
export interface AirtelTransferOutcome {
  status: Letters;
  responseCode: string;
  /** Reads TA until this many ms after the request. */
  afterMs?: number;
}

export interface AirtelTransferRecord {
  id: string;
  msisdn: string;
  amount: number;
  reference: string;
  createdAt: number;
  outcome: AirtelTransferOutcome;
  airtelMoneyId: string;
}

export interface AirtelDisbursementEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /** The disbursement account's PIN the decrypted `pin` must equal. */
  pin: string;
  country?: string;
  currency?: string;
  tokenTtlSeconds?: number;
  approvalMs?: number;
  callbackUrl?: string | null;
  callbackTimes?: number;
  deliver?: ((url: string, body: object) => Promise<void>) | null;
}

const CODES: Record<string, AirtelTransferOutcome> = {
  '0000001': { status: 'TF', responseCode: 'DP00900001012' },
  '0000002': { status: 'TF', responseCode: 'DP00900001010' },
  '0000003': { status: 'TIP', responseCode: 'DP00900001006' },
  '0000004': { status: 'TF', responseCode: 'DP00900001007' },
};

const envelope = (http: number, data: object | null, responseCode: string, success: boolean, resultCode = 'ESB000010') => ({
  status: http,
  body: { ...(data ? { data } : {}), status: { code: String(http), message: success ? 'SUCCESS' : 'FAILED', result_code: resultCode, response_code: responseCode, success } },
});

export async function startAirtelMoneyDisbursementEmulator(opts: AirtelDisbursementEmulatorOptions) {
  const country = opts.country ?? 'RW';
  const currency = opts.currency ?? 'RWF';
  const approvalMs = opts.approvalMs ?? 300;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Map<string, number>();
  const transfers = new Map<string, AirtelTransferRecord>();
  const posts = new Map<string, number>();
  const callbacks: { url: string; body: object }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let deliver = opts.deliver === undefined ? httpPost : opts.deliver;

  const outcomeFor = (msisdn: string): AirtelTransferOutcome =>
    CODES[msisdn.slice(-7)] ?? (msisdn.endsWith('0000005') ? { status: 'TS', responseCode: 'DP00900001001', afterMs: approvalMs } : { status: 'TS', responseCode: 'DP00900001001' });
  const current = (r: AirtelTransferRecord): AirtelTransferOutcome => (r.outcome.afterMs && Date.now() - r.createdAt < r.outcome.afterMs ? { status: 'TA', responseCode: 'DP00900001000' } : r.outcome);
  const txView = (r: AirtelTransferRecord, s: AirtelTransferOutcome) => ({ transaction: { id: r.id, reference_id: r.reference, status: s.status, message: s.status, ...(s.status === 'TS' ? { airtel_money_id: r.airtelMoneyId } : {}) } });

  function scheduleCallback(r: AirtelTransferRecord) {
    if (!opts.callbackUrl || (r.outcome.status !== 'TS' && r.outcome.status !== 'TF')) return;
    const t = setTimeout(() => {
      timers.delete(t);
      for (let i = 0; i < (opts.callbackTimes ?? 1); i++) {
        const body = { transaction: { id: r.id, message: r.outcome.status === 'TS' ? 'Transaction is successful' : 'Transaction failed', status_code: r.outcome.status, airtel_money_id: r.airtelMoneyId } };
        callbacks.push({ url: opts.callbackUrl!, body });
        if (deliver) void deliver(opts.callbackUrl!, body).catch(() => {});
      }
    }, r.outcome.afterMs ?? 0);
    timers.add(t);
  }

  function denied(req: EmulatorRequest) {
    const auth = header(req, 'authorization') ?? '';
    const exp = tokens.get(auth.startsWith('Bearer ') ? auth.slice(7) : '');
    if (!exp || exp <= Date.now()) return { status: 401, body: { error: 'invalid_token', error_description: 'The access token is invalid or has expired' } };
    if (header(req, 'x-country') !== country) return envelope(400, null, 'ROUTER006', false, 'ROUTER006');
    if (header(req, 'x-currency') !== currency) return envelope(400, null, 'ROUTER112', false, 'ROUTER112');
    return null;
  }

  function pinOk(encrypted: unknown): boolean {
    if (typeof encrypted !== 'string') return false;
    try {
      return privateDecrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(encrypted, 'base64')).toString('utf8') === opts.pin;
    } catch {
      return false;
    }
  }

  function disburse(req: EmulatorRequest) {
    const no = denied(req);
    if (no) return no;
    const b = req.body as { payee?: { msisdn?: unknown }; reference?: unknown; pin?: unknown; transaction?: { amount?: unknown; id?: unknown } } | undefined;
    const id = b?.transaction?.id;
    const amount = b?.transaction?.amount;
    const msisdn = b?.payee?.msisdn;
    if (typeof id !== 'string' || !id || typeof b?.reference !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return envelope(400, null, 'ESB000008', false, 'ESB000008');
    posts.set(id, (posts.get(id) ?? 0) + 1);
    if (!pinOk(b.pin)) return envelope(400, null, 'ROUTER116', false, 'ROUTER116');
    if (typeof msisdn !== 'string' || !/^7\d{8}$/.test(msisdn)) return envelope(400, null, 'ESB000033', false, 'ESB000033');
    if (transfers.has(id)) return envelope(200, null, 'DP00900001017', false, 'ESB000041');
    const r: AirtelTransferRecord = { id, msisdn, amount, reference: b.reference, createdAt: Date.now(), outcome: outcomeFor(msisdn), airtelMoneyId: `DS${Date.now()}.${transfers.size}` };
    transfers.set(id, r);
    scheduleCallback(r);
    const s = current(r);
    return envelope(200, txView(r, s), s.responseCode, s.status !== 'TF');
  }

  const server = await startEmulatorServer((method, path) => {
    if (method === 'POST' && path === '/auth/oauth2/token') {
      return {
        endpoint: 'token',
        handler: (req) => {
          const b = req.body as Record<string, unknown> | undefined;
          if (b?.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
          if (b.client_id !== opts.clientId || b.client_secret !== opts.clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
          const token = randomBytes(24).toString('base64url');
          tokens.set(token, Date.now() + (opts.tokenTtlSeconds ?? 180) * 1000);
          return { status: 200, body: { access_token: token, expires_in: String(opts.tokenTtlSeconds ?? 180), token_type: 'bearer' } };
        },
      };
    }
    if (method === 'POST' && path === '/standard/v1/disbursements/') return { endpoint: 'disburse', handler: disburse };
    const m = /^\/standard\/v1\/disbursements\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      return {
        endpoint: 'enquiry',
        handler: (req) => {
          const r = denied(req) ?? transfers.get(decodeURIComponent(m[1]!));
          if (!r) return envelope(200, null, 'DP00900001015', false, 'ESB000045');
          if ('status' in r) return r;
          const s = current(r);
          return envelope(200, txView(r, s), s.responseCode, s.status !== 'TF');
        },
      };
    }
    return null;
  });

  return {
    url: server.url,
    /** Calls per endpoint: `token`, `disburse`, `enquiry`. */
    calls: server.calls,
    fault: server.fault,
    /** Airtel's RSA public key for the PIN, base64 DER (SPKI), as its portal shows it. */
    publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    transfers,
    posts,
    callbacks,
    revokeTokens() {
      tokens.clear();
    },
    setDeliver(fn: ((url: string, body: object) => Promise<void>) | null) {
      deliver = fn;
    },
    /** How many transfers to the local number `msisdn` ended (or will end) TS: money paid to that wallet. */
    paidTo: (msisdn: string) => [...transfers.values()].filter((r) => r.msisdn === msisdn && r.outcome.status === 'TS').length,
    async close() {
      for (const t of timers) clearTimeout(t);
      await server.close();
    },
  };
}
export type AirtelMoneyDisbursementEmulator = Awaited<ReturnType<typeof startAirtelMoneyDisbursementEmulator>>;

async function httpPost(url: string, body: object): Promise<void> {
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
}
