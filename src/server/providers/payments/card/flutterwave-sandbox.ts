/**
 * The card-payment sandbox: the embedded default when no Flutterwave key is configured (no network, no keys). An
 * in-process object with the CardPaymentClient interface of flutterwave-client.ts that keeps its checkouts in
 * memory (lost on restart, like any sandbox state) and behaves like Flutterwave's hosted checkout:
 *
 * - `createCheckout` answers a link to a local path, `${basePath}/{id}` (default `/api/billing/card-sandbox/{id}`).
 *   That route is to be served by the billing module (not here): a page with Pay / Decline / Cancel that calls
 *   `complete(id, outcome)` and redirects the browser to the URL it returns.
 * - `complete` creates the transaction (successful or failed; none when cancelled) and answers the redirect URL
 *   with `status`, `tx_ref` and `transaction_id` appended, as Flutterwave does.
 * - `verify`, `verifyByReference`, `refund` and `matches` answer as the real client does; `checkWebhook` checks
 *   `verif-hash` against `webhookHash` (no hash configured: every webhook is refused, as the sandbox sends none).
 */
import { randomBytes } from 'node:crypto';
import { PaymentProviderError } from '../payment-provider.js';
import { type CardPaymentClient, type CheckoutRequest, matchesExpected, parseWebhook, toFlutterwaveAmount, type VerifiedCardTransaction } from './card-payments.js';

export const CARD_SANDBOX_PATH = '/api/billing/card-sandbox';

interface SandboxCheckout {
  id: string;
  req: CheckoutRequest;
  state: 'open' | 'completed' | 'cancelled';
  transactionId: string | null;
}

interface SandboxTransaction {
  id: string;
  txRef: string;
  status: 'successful' | 'failed';
  amountMinor: number;
  currency: string;
  refundedMinor: number;
}

export interface CardSandbox extends CardPaymentClient {
  /** The checkout behind a sandbox link id (for the billing module's page), or null. */
  checkout(id: string): { txRef: string; title: string; amountMinor: number; currency: string; open: boolean } | null;
  /**
   * The payer's choice on checkout `id`. Returns the URL to redirect the browser to
   * (`redirectUrl?status=successful|failed|cancelled&tx_ref=…[&transaction_id=…]`).
   * @throws PaymentProviderError `refused` when there is no such open checkout.
   */
  complete(id: string, outcome: 'successful' | 'failed' | 'cancelled'): string;
}

/** @param opts.basePath where the billing module serves the sandbox page (default CARD_SANDBOX_PATH). */
export function createFlutterwaveSandbox(opts: { basePath?: string; webhookHash?: string } = {}): CardSandbox {
  const basePath = (opts.basePath ?? CARD_SANDBOX_PATH).replace(/\/+$/, '');
  const checkouts = new Map<string, SandboxCheckout>();
  const transactions = new Map<string, SandboxTransaction>();
  let nextId = 1;

  const notFound = (id: string, txRef: string): VerifiedCardTransaction => ({ id, txRef, status: 'not_found', amountMinor: 0, currency: '', cardLast4: null, cardBrand: null });
  const read = (t: SandboxTransaction): VerifiedCardTransaction => ({
    id: t.id,
    txRef: t.txRef,
    status: t.status,
    amountMinor: t.amountMinor,
    currency: t.currency,
    cardLast4: '2950',
    cardBrand: 'MASTERCARD',
  });

  return {
    async createCheckout(req) {
      toFlutterwaveAmount(req.amountMinor, req.currency); // the same RangeError as the real client
      const existing = [...checkouts.values()].find((c) => c.req.txRef === req.txRef);
      const c = existing ?? { id: randomBytes(12).toString('hex'), req, state: 'open' as const, transactionId: null };
      checkouts.set(c.id, c);
      return { link: `${basePath}/${c.id}` };
    },

    checkout(id) {
      const c = checkouts.get(id);
      return c ? { txRef: c.req.txRef, title: c.req.title, amountMinor: c.req.amountMinor, currency: c.req.currency, open: c.state === 'open' } : null;
    },

    complete(id, outcome) {
      const c = checkouts.get(id);
      if (!c || c.state !== 'open') throw new PaymentProviderError('no open sandbox checkout with this id', 'refused', 'REQUEST_FAILED');
      const back = new URL(c.req.redirectUrl, 'http://sandbox.invalid');
      back.searchParams.set('status', outcome);
      back.searchParams.set('tx_ref', c.req.txRef);
      if (outcome === 'cancelled') {
        c.state = 'cancelled';
      } else {
        const tid = String(nextId++);
        transactions.set(tid, { id: tid, txRef: c.req.txRef, status: outcome, amountMinor: c.req.amountMinor, currency: c.req.currency, refundedMinor: 0 });
        c.state = 'completed';
        c.transactionId = tid;
        back.searchParams.set('transaction_id', tid);
      }
      // A relative redirect URL stays relative.
      return back.origin === 'http://sandbox.invalid' ? `${back.pathname}${back.search}` : back.toString();
    },

    async verify(transactionId) {
      const t = transactions.get(transactionId);
      return t ? read(t) : notFound(transactionId, '');
    },

    async verifyByReference(txRef) {
      const t = [...transactions.values()].filter((x) => x.txRef === txRef).at(-1);
      return t ? read(t) : notFound('', txRef);
    },

    checkWebhook(headers, rawBody) {
      return parseWebhook(opts.webhookHash ?? '', headers, rawBody);
    },

    async refund(transactionId, amountMinor) {
      const t = transactions.get(transactionId);
      if (!t || t.status !== 'successful') throw new PaymentProviderError('Sandbox refund refused: no successful transaction with this id', 'refused', 'REQUEST_FAILED');
      const left = t.amountMinor - t.refundedMinor;
      const amount = amountMinor ?? left;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw new PaymentProviderError('Sandbox refund refused: amount exceeds what is left', 'refused', 'REQUEST_FAILED');
      t.refundedMinor += amount;
      return { refundId: `sandbox-refund-${transactionId}-${t.refundedMinor}`, status: 'completed', amountMinor: amount };
    },

    matches: matchesExpected,
  };
}
