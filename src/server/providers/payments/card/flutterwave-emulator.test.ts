/**
 * The emulator's hosted-checkout page as a browser uses it (GET the page, submit one of its forms, follow the 303),
 * and the webhook it posts with `verif-hash`, received by a real local server and accepted by the client.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlutterwaveClient } from './flutterwave-client.js';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from './emulators/flutterwave-emulator.js';

const SECRET = 'FLWSECK_TEST-1a2b3c4d5e6f708192a3b4c5d6e7f809-X';
const HASH = 'emulator-test-hash-77';

describe('Flutterwave emulator hosted checkout page', () => {
  let flw: FlutterwaveEmulator;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/billing/webhooks/flutterwave`;
    flw = await startFlutterwaveEmulator({ secretKey: SECRET, webhookHash: HASH, webhookUrl });
  });
  afterAll(async () => {
    await flw.close();
    await new Promise<void>((r) => hook.close(() => r()));
  });

  const client = () => createFlutterwaveClient({ baseUrl: flw.url, secretKey: SECRET, webhookHash: HASH, retry: { baseDelayMs: 10, timeoutMs: 500 } });
  const open = async (txRef: string) =>
    (
      await client().createCheckout({ txRef, amountMinor: 499, currency: 'USD', redirectUrl: 'https://sobanura.example/return?from=card', customer: { email: 'a@example.com' }, title: 'Film <b>rental</b>' })
    ).link;
  const submit = (link: string, action: string) =>
    fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${action}`, redirect: 'manual' });

  it('serves a page with Pay, Decline and Cancel forms, the amount and an escaped title', async () => {
    const link = await open('page-1');
    const res = await fetch(link);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const a of ['pay', 'decline', 'cancel']) expect(html).toContain(`name="action" value="${a}"`);
    expect(html).toMatch(/<button type="submit">Pay<\/button>[\s\S]*Decline[\s\S]*Cancel/);
    expect(html).toContain('USD 4.99');
    expect(html).toContain('Film &#60;b&#62;rental&#60;/b&#62;');
  });

  it('Pay redirects with status=successful, tx_ref and transaction_id, and posts a webhook the client accepts', async () => {
    const link = await open('page-2');
    const res = await submit(link, 'pay');
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('https://sobanura.example/return');
    expect(Object.fromEntries(to.searchParams)).toEqual({ from: 'card', status: 'successful', tx_ref: 'page-2', transaction_id: expect.stringMatching(/^\d+$/) });
    await flw.webhooks.at(-1)!.delivered;
    const got = received.at(-1)!;
    expect(got.headers['verif-hash']).toBe(HASH);
    const hint = client().checkWebhook(got.headers, got.body);
    expect(hint).toEqual({ event: 'charge.completed', transactionId: to.searchParams.get('transaction_id'), txRef: 'page-2' });
    expect((await client().verify(hint!.transactionId)).status).toBe('successful');
    expect((await submit(link, 'pay')).status).toBe(409);
  });

  it('Decline makes a failed transaction; Cancel makes none', async () => {
    const declined = await submit(await open('page-3'), 'decline');
    const d = new URL(declined.headers.get('location')!);
    expect(d.searchParams.get('status')).toBe('failed');
    expect((await client().verify(d.searchParams.get('transaction_id')!)).status).toBe('failed');

    const cancelled = await submit(await open('page-4'), 'cancel');
    const c = new URL(cancelled.headers.get('location')!);
    expect(c.searchParams.get('status')).toBe('cancelled');
    expect(c.searchParams.has('transaction_id')).toBe(false);
    expect((await client().verifyByReference('page-4')).status).toBe('not_found');
  });

  it('answers 404 for an unknown checkout and hides the internal by-reference path', async () => {
    expect((await fetch(`${flw.url}/checkout/nope`)).status).toBe(404);
    expect((await fetch(`${flw.url}/__by_ref/page-2`, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(404);
  });
});
