/**
 * The front of the Flutterwave emulator: a small node:http server that serves the hosted-checkout page a browser
 * (Playwright) can use, and passes every other request through to the JSON API emulator behind it
 * (../../emulators/emulator-server.ts, whose faults and call counts then apply unchanged). It exists because that server
 * answers JSON only and does not see query strings: here `GET /v3/transactions/verify_by_reference?tx_ref=X` is
 * passed on as `GET /__by_ref/X`. Test code only; never part of the running site.
 *
 * Pages: `GET /checkout/{id}` shows the amount and three buttons, "Pay", "Decline" and "Cancel", each a form
 * `POST /checkout/{id}` with `action=pay|decline|cancel`, answered 303 to the URL `complete` returns.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CheckoutAction = 'pay' | 'decline' | 'cancel';

export interface CheckoutPageView {
  title: string;
  /** Flutterwave's decimal amount, as shown. */
  amount: number;
  currency: string;
  /** False once paid, declined or cancelled. */
  open: boolean;
}

export interface CheckoutPageOptions {
  /** The JSON API emulator to pass other requests to. */
  apiUrl: string;
  /** The page of checkout `id`, or null (404). */
  view(id: string): CheckoutPageView | null;
  /** Applies the payer's choice; the URL to send the browser to, or null (404 or already completed: 409). */
  complete(id: string, action: CheckoutAction): string | null;
}

/** The internal path that carries verify_by_reference's `tx_ref` to the JSON emulator. */
export const BY_REFERENCE_PATH = '/__by_ref/';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(id: string, v: CheckoutPageView): string {
  const action = `/checkout/${encodeURIComponent(id)}`;
  const button = (value: CheckoutAction, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button type="submit">${label}</button></form>`;
  const body = v.open ? [button('pay', 'Pay'), button('decline', 'Decline'), button('cancel', 'Cancel')].join('\n') : '<p>This checkout is closed.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(v.title)} · Flutterwave emulator</title></head>
<body><h1>${escapeHtml(v.title)}</h1><p data-testid="amount">${escapeHtml(`${v.currency} ${v.amount}`)}</p>
<p>Test card 5531 8866 5214 2950 (emulated: nothing to type)</p>
${body}</body></html>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendText(res: ServerResponse, status: number, type: string, text: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...extra });
  res.end(text);
}

/** Passes the request on to the API emulator; a cut connection there is a cut connection here. */
function forward(apiUrl: string, path: string, req: IncomingMessage, res: ServerResponse) {
  const upstream = request(`${apiUrl}${path}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
    answer.on('aborted', () => res.destroy());
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Starts the front on 127.0.0.1, port 0. */
export async function startCheckoutPageServer(opts: CheckoutPageOptions): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const m = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const id = decodeURIComponent(m[1]!);
      if (req.method === 'GET') {
        const v = opts.view(id);
        return v ? sendText(res, 200, 'text/html', page(id, v)) : sendText(res, 404, 'text/plain', 'No such checkout');
      }
      if (req.method === 'POST') {
        void readBody(req)
          .then((raw) => {
            const action = new URLSearchParams(raw).get('action');
            if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return sendText(res, 400, 'text/plain', 'Unknown action');
            if (!opts.view(id)) return sendText(res, 404, 'text/plain', 'No such checkout');
            const to = opts.complete(id, action);
            return to ? sendText(res, 303, 'text/plain', `See ${to}`, { location: to }) : sendText(res, 409, 'text/plain', 'This checkout is closed');
          })
          .catch(() => res.destroy());
        return;
      }
    }
    if (url.pathname.startsWith('/__')) return sendText(res, 404, 'application/json', JSON.stringify({ status: 'error', message: 'Not found', data: null }));
    if (url.pathname === '/v3/transactions/verify_by_reference') {
      return forward(opts.apiUrl, `${BY_REFERENCE_PATH}${encodeURIComponent(url.searchParams.get('tx_ref') ?? '')}`, req, res);
    }
    forward(opts.apiUrl, `${url.pathname}${url.search}`, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
