/**
 * A local emulator of the Flutterwave v3 endpoints the card client uses (see ../flutterwave-client.ts for the API as
 * published), for tests and end-to-end runs. It checks `Authorization: Bearer <secret key>` (401 otherwise) and
 * the checkout body, and models what the pages describe: a checkout link is a session with our `tx_ref`; a
 * transaction (numeric id) exists only once the payer tries to pay, so a cancelled checkout leaves none; unknown
 * ids and references are answered 400 "No transaction was found for this id"; refunds cannot exceed what is left.
 *
 * The payer acts on the HTML page at the link (checkout-page-server.ts: "Pay", "Decline", "Cancel") or through
 * `pay()`. Pay and Decline post `charge.completed` to `webhookUrl` (when set) with `verif-hash`; every webhook is
 * recorded in `webhooks`. Lives under emulators/ so the server build leaves it out. Faults per endpoint (`payments`, `verify`, `verify_by_reference`, `refund`) as in
 * ../../emulators/emulator-server.ts. Behaviour not on the pages read (the emulator's choice): a repeated `tx_ref` on
 * `POST /v3/payments` gets the same link again. Test code only.
 */
import { randomBytes } from 'node:crypto';
import { type EmulatorRequest, header, startEmulatorServer } from '../../emulators/emulator-server.js';
import { fromFlutterwaveAmount } from '../card-payments.js';
import { BY_REFERENCE_PATH, type CheckoutAction, startCheckoutPageServer } from './checkout-page-server.js';

export type FlutterwaveOutcome = 'successful' | 'failed' | 'pending' | 'cancelled';

export interface FlutterwaveSession {
  id: string;
  txRef: string;
  /** The request body as received (to assert what the client sent). */
  body: Record<string, unknown>;
  authorization: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  state: 'open' | 'completed' | 'cancelled';
  transactionId: string | null;
}

export interface FlutterwaveTransaction {
  id: number;
  txRef: string;
  flwRef: string;
  /** Decimal, as Flutterwave answers it. */
  amount: number;
  currency: string;
  status: 'successful' | 'failed' | 'pending';
  customer: { email: string; name: string | null; phone_number: string | null };
  /** Decimal total refunded so far. */
  refunded: number;
}

/** Flutterwave's published test Mastercard (5531 8866 5214 2950), as verify reports it. */
export const EMULATOR_CARD = { first_6digits: '553188', last_4digits: '2950', type: 'MASTERCARD', country: 'NG', expiry: '09/32' } as const;

const NOT_FOUND_MESSAGE = 'No transaction was found for this id';

export async function startFlutterwaveEmulator(opts: { secretKey: string; webhookHash: string; webhookUrl?: string }) {
  const sessions = new Map<string, FlutterwaveSession>();
  const transactions = new Map<string, FlutterwaveTransaction>();
  const refunds: { id: number; transactionId: string; amount: number; status: 'completed' }[] = [];
  const webhooks: { url: string | null; headers: Record<string, string>; rawBody: string; delivered: Promise<number | null> }[] = [];
  let nextId = 4_100_000 + Math.floor(Math.random() * 1000);
  let webhookUrl = opts.webhookUrl;

  const error = (status: number, message: string) => ({ status, body: { status: 'error', message, data: null } });
  const authorised = (req: EmulatorRequest) => header(req, 'authorization') === `Bearer ${opts.secretKey}`;
  const denied = error(401, 'Invalid authorization key');

  function view(t: FlutterwaveTransaction) {
    return {
      id: t.id,
      tx_ref: t.txRef,
      flw_ref: t.flwRef,
      amount: t.amount,
      currency: t.currency,
      charged_amount: t.amount,
      status: t.status,
      payment_type: 'card',
      card: EMULATOR_CARD,
      customer: t.customer,
    };
  }

  /** Posts (or, with no URL, only records) a webhook for transaction `id`. */
  function sendWebhook(id: string, o: { hash?: string | null; overrideAmount?: number; overrideCurrency?: string } = {}) {
    const t = transactions.get(id);
    if (!t) throw new Error(`no transaction ${id}`);
    const data = { ...view(t), ...(o.overrideAmount !== undefined ? { amount: o.overrideAmount, charged_amount: o.overrideAmount } : {}), ...(o.overrideCurrency ? { currency: o.overrideCurrency } : {}) };
    const rawBody = JSON.stringify({ event: 'charge.completed', data });
    const hash = o.hash === undefined ? opts.webhookHash : o.hash;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(hash !== null ? { 'verif-hash': hash } : {}) };
    const url = webhookUrl ?? null;
    const delivered = url
      ? fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(5000) }).then(
          (r) => r.status,
          () => null,
        )
      : Promise.resolve(null);
    const record = { url, headers, rawBody, delivered };
    webhooks.push(record);
    return record;
  }

  function find(ref: string): FlutterwaveSession | undefined {
    return sessions.get(ref) ?? [...sessions.values()].find((s) => s.txRef === ref || s.transactionId === ref);
  }

  /**
   * The payer's choice on checkout `ref` (session id, tx_ref or transaction id): `successful`, `failed` and `pending`
   * create the transaction (webhook for the first two), `cancelled` none. Returns the browser's redirect URL.
   * @throws Error when there is no such checkout or it is already completed.
   */
  function pay(ref: string, outcome: FlutterwaveOutcome): { transactionId: string | null; redirect: string } {
    const s = find(ref);
    if (!s || s.state !== 'open') throw new Error(`no open checkout ${ref}`);
    const back = new URL(s.redirectUrl);
    if (outcome === 'cancelled') {
      s.state = 'cancelled';
      back.searchParams.set('status', 'cancelled');
      back.searchParams.set('tx_ref', s.txRef);
      return { transactionId: null, redirect: back.toString() };
    }
    const id = nextId++;
    const customer = s.body.customer as Record<string, unknown>;
    transactions.set(String(id), {
      id,
      txRef: s.txRef,
      flwRef: `FLW-MOCK-${randomBytes(8).toString('hex')}`,
      amount: s.amount,
      currency: s.currency,
      status: outcome,
      customer: { email: String(customer.email), name: typeof customer.name === 'string' ? customer.name : null, phone_number: typeof customer.phonenumber === 'string' ? customer.phonenumber : null },
      refunded: 0,
    });
    s.state = 'completed';
    s.transactionId = String(id);
    if (outcome !== 'pending') sendWebhook(String(id));
    back.searchParams.set('status', outcome === 'successful' ? 'successful' : outcome === 'failed' ? 'failed' : 'pending');
    back.searchParams.set('tx_ref', s.txRef);
    back.searchParams.set('transaction_id', String(id));
    return { transactionId: String(id), redirect: back.toString() };
  }

  function createPayment(req: EmulatorRequest) {
    if (!authorised(req)) return denied;
    const b = req.body as Record<string, unknown> | undefined;
    const customer = b?.customer as Record<string, unknown> | undefined;
    if (!b || typeof b.tx_ref !== 'string' || !b.tx_ref || typeof b.currency !== 'string' || typeof b.amount !== 'number' || b.amount <= 0) return error(400, 'tx_ref, amount and currency are required');
    if (typeof b.redirect_url !== 'string' || !/^https?:\/\/[^/\s]+/.test(b.redirect_url)) return error(400, 'redirect_url must be a valid url');
    if (typeof customer?.email !== 'string' || !customer.email.includes('@')) return error(400, 'customer.email is required');
    try {
      fromFlutterwaveAmount(b.amount, b.currency);
    } catch {
      return error(400, `Invalid amount or currency ${b.currency}`);
    }
    const existing = [...sessions.values()].find((s) => s.txRef === b.tx_ref);
    const s: FlutterwaveSession = existing ?? {
      id: randomBytes(12).toString('hex'),
      txRef: b.tx_ref,
      body: b,
      authorization: header(req, 'authorization') ?? '',
      amount: b.amount,
      currency: b.currency,
      redirectUrl: b.redirect_url,
      state: 'open',
      transactionId: null,
    };
    sessions.set(s.id, s);
    return { status: 200, body: { status: 'success', message: 'Hosted Link', data: { link: `${front.url}/checkout/${s.id}` } } };
  }

  function verify(t: FlutterwaveTransaction | undefined, req: EmulatorRequest) {
    if (!authorised(req)) return denied;
    if (!t) return error(400, NOT_FOUND_MESSAGE);
    return { status: 200, body: { status: 'success', message: 'Transaction fetched successfully', data: view(t) } };
  }

  function refund(id: string, req: EmulatorRequest) {
    if (!authorised(req)) return denied;
    const t = transactions.get(id);
    if (!t) return error(400, NOT_FOUND_MESSAGE);
    if (t.status !== 'successful') return error(400, 'Only successful transactions can be refunded');
    const left = Math.round((t.amount - t.refunded) * 100) / 100;
    const asked = (req.body as { amount?: unknown } | undefined)?.amount;
    const amount = asked === undefined ? left : asked;
    if (typeof amount !== 'number' || amount <= 0 || amount > left) return error(400, 'Refund amount is invalid or exceeds the amount left to refund');
    t.refunded = Math.round((t.refunded + amount) * 100) / 100;
    const r = { id: 75_000 + refunds.length, transactionId: id, amount, status: 'completed' as const };
    refunds.push(r);
    return { status: 200, body: { status: 'success', message: 'Transaction refund initiated', data: { id: r.id, tx_id: t.id, flw_ref: `URF_${Date.now()}`, amount_refunded: amount, status: r.status, destination: 'payment_source' } } };
  }

  const api = await startEmulatorServer((method, path) => {
    if (method === 'POST' && path === '/v3/payments') return { endpoint: 'payments', handler: createPayment };
    const v = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(path);
    if (method === 'GET' && v) return { endpoint: 'verify', handler: (req) => verify(transactions.get(decodeURIComponent(v[1]!)), req) };
    if (method === 'GET' && path.startsWith(BY_REFERENCE_PATH) && path.length > BY_REFERENCE_PATH.length) {
      const txRef = decodeURIComponent(path.slice(BY_REFERENCE_PATH.length));
      return { endpoint: 'verify_by_reference', handler: (req) => verify([...transactions.values()].filter((t) => t.txRef === txRef).at(-1), req) };
    }
    const r = /^\/v3\/transactions\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && r) return { endpoint: 'refund', handler: (req) => refund(decodeURIComponent(r[1]!), req) };
    return null;
  });

  const front = await startCheckoutPageServer({
    apiUrl: api.url,
    view(id) {
      const s = sessions.get(id);
      return s ? { title: String((s.body.customizations as { title?: unknown } | undefined)?.title ?? 'Checkout'), amount: s.amount, currency: s.currency, open: s.state === 'open' } : null;
    },
    complete(id, action: CheckoutAction) {
      if (sessions.get(id)?.state !== 'open') return null;
      return pay(id, action === 'pay' ? 'successful' : action === 'decline' ? 'failed' : 'cancelled').redirect;
    },
  });

  return {
    /** The base URL for the client (`baseUrl`) and of the checkout links. */
    url: front.url,
    /** Calls per endpoint: `payments`, `verify`, `verify_by_reference`, `refund`. */
    calls: api.calls,
    fault: api.fault,
    sessions,
    /** Transactions by Flutterwave id (a string of the numeric id). */
    transactions,
    refunds,
    webhooks,
    pay,
    sendWebhook,
    /** Where webhooks go from now on (undefined: recorded only). */
    setWebhookUrl(url: string | undefined) {
      webhookUrl = url;
    },
    async close() {
      await front.close();
      await api.close();
    },
  };
}
export type FlutterwaveEmulator = Awaited<ReturnType<typeof startFlutterwaveEmulator>>;
