/**
 * The Flutterwave v3 card client against the local emulator of the published API: checkout creation, verify by id
 * and by reference (paid, declined, abandoned), the crediting rule on mismatched answers, webhooks (repeated,
 * forged, without header), refunds, retries, credentials refused, and amounts in minor units both ways.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../payment-provider.js';
import type { CheckoutRequest } from './card-payments.js';
import { createFlutterwaveClient, type FlutterwaveConfig } from './flutterwave-client.js';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from './emulators/flutterwave-emulator.js';

const SECRET = 'FLWSECK_TEST-8f3c2a1b9d7e4f60a5b1c2d3e4f5a6b7-X';
const HASH = 'sobanura-webhook-hash-3b9f1c';

describe('Flutterwave v3 card client (emulator)', () => {
  let flw: FlutterwaveEmulator;
  beforeAll(async () => {
    flw = await startFlutterwaveEmulator({ secretKey: SECRET, webhookHash: HASH });
  });
  afterAll(() => flw.close());
  afterEach(() => flw.calls.clear());

  const client = (over: Partial<FlutterwaveConfig> = {}) => createFlutterwaveClient({ baseUrl: flw.url, secretKey: SECRET, webhookHash: HASH, retry: { baseDelayMs: 10, timeoutMs: 500 }, ...over });
  const checkout = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    txRef: `sob-${randomUUID()}`,
    amountMinor: 1500,
    currency: 'RWF',
    redirectUrl: 'https://sobanura.example/billing/card/return',
    customer: { email: 'viewer@example.com', name: 'Aline Uwase', phone: '250788123456' },
    title: 'Sobanura weekly pass',
    ...over,
  });
  /** Opens a checkout and lets the payer choose; returns the request and the emulator's answer. */
  const paid = async (outcome: 'successful' | 'failed' | 'cancelled', over: Partial<CheckoutRequest> = {}) => {
    const req = checkout(over);
    await client().createCheckout(req);
    return { req, ...flw.pay(req.txRef, outcome) };
  };
  const session = (txRef: string) => [...flw.sessions.values()].find((s) => s.txRef === txRef)!;

  it('creates a hosted checkout with the published body and the secret key as bearer', async () => {
    const req = checkout({ meta: { paymentId: 'pay_1' } });
    const { link } = await client().createCheckout(req);
    const s = session(req.txRef);
    expect(link).toBe(`${flw.url}/checkout/${s.id}`);
    expect(s.authorization).toBe(`Bearer ${SECRET}`);
    expect(s.body).toEqual({
      tx_ref: req.txRef,
      amount: 1500,
      currency: 'RWF',
      redirect_url: 'https://sobanura.example/billing/card/return',
      payment_options: 'card',
      customer: { email: 'viewer@example.com', name: 'Aline Uwase', phonenumber: '250788123456' },
      customizations: { title: 'Sobanura weekly pass' },
      meta: { paymentId: 'pay_1' },
    });
  });

  it('verifies a paid checkout by id and by reference, with the card last 4 and brand for the receipt', async () => {
    const { req, transactionId, redirect } = await paid('successful');
    expect(new URL(redirect).searchParams.get('status')).toBe('successful');
    expect(new URL(redirect).searchParams.get('transaction_id')).toBe(transactionId);
    const c = client();
    const v = await c.verify(transactionId!);
    expect(v).toEqual({ id: transactionId, txRef: req.txRef, status: 'successful', amountMinor: 1500, currency: 'RWF', cardLast4: '2950', cardBrand: 'MASTERCARD' });
    expect(await c.verifyByReference(req.txRef)).toEqual(v);
    expect(c.matches(v, { txRef: req.txRef, amountMinor: 1500, currency: 'RWF' })).toBe(true);
  });

  it('reads a declined card as failed: not credited', async () => {
    const { req, transactionId } = await paid('failed');
    const v = await client().verify(transactionId!);
    expect(v.status).toBe('failed');
    expect(client().matches(v, { txRef: req.txRef, amountMinor: 1500, currency: 'RWF' })).toBe(false);
  });

  it('reads an abandoned (cancelled) checkout as not_found: no transaction, never successful', async () => {
    const { req, transactionId, redirect } = await paid('cancelled');
    expect(transactionId).toBeNull();
    expect(new URL(redirect).searchParams.get('status')).toBe('cancelled');
    const v = await client().verifyByReference(req.txRef);
    expect(v).toMatchObject({ status: 'not_found', txRef: req.txRef });
    expect(client().matches(v, { txRef: req.txRef, amountMinor: 1500, currency: 'RWF' })).toBe(false);
    expect(await client().verify('999999999')).toMatchObject({ id: '999999999', status: 'not_found' });
  });

  it('refuses to credit a successful transaction for another amount, currency or tx_ref', async () => {
    const { req, transactionId } = await paid('successful');
    const c = client();
    const v = await c.verify(transactionId!);
    const expected = { txRef: req.txRef, amountMinor: 1500, currency: 'RWF' };
    expect(c.matches(v, { ...expected, amountMinor: 1000 })).toBe(false);
    expect(c.matches(v, { ...expected, amountMinor: 15000 })).toBe(false);
    expect(c.matches(v, { ...expected, currency: 'UGX' })).toBe(false);
    expect(c.matches(v, { ...expected, txRef: `sob-${randomUUID()}` })).toBe(false);
    expect(c.matches(v, expected)).toBe(true);
  });

  it('parses the same webhook twice to the same hint (settling once is the caller’s job)', async () => {
    const { req, transactionId } = await paid('successful');
    const first = flw.webhooks.at(-1)!;
    const again = flw.sendWebhook(transactionId!);
    const c = client();
    const hint = { event: 'charge.completed', transactionId, txRef: req.txRef };
    expect(c.checkWebhook(first.headers, first.rawBody)).toEqual(hint);
    expect(c.checkWebhook(again.headers, Buffer.from(again.rawBody))).toEqual(hint);
  });

  it('refuses forged webhooks: wrong hash, missing header, unreadable body', async () => {
    const { transactionId } = await paid('successful');
    const c = client();
    const forged = flw.sendWebhook(transactionId!, { hash: 'guessed-hash', overrideAmount: 1 });
    expect(c.checkWebhook(forged.headers, forged.rawBody)).toBeNull();
    const bare = flw.sendWebhook(transactionId!, { hash: null });
    expect(bare.headers['verif-hash']).toBeUndefined();
    expect(c.checkWebhook(bare.headers, bare.rawBody)).toBeNull();
    expect(c.checkWebhook({ 'verif-hash': HASH }, '{not json')).toBeNull();
  });

  it('takes a webhook claiming another amount or currency only as a hint: verify answers the truth', async () => {
    const { req, transactionId } = await paid('successful');
    const c = client();
    const lie = flw.sendWebhook(transactionId!, { overrideAmount: 1, overrideCurrency: 'USD' });
    const hint = c.checkWebhook(lie.headers, lie.rawBody);
    expect(hint?.transactionId).toBe(transactionId);
    const v = await c.verify(hint!.transactionId);
    expect(v).toMatchObject({ amountMinor: 1500, currency: 'RWF' });
    expect(c.matches(v, { txRef: req.txRef, amountMinor: 1, currency: 'USD' })).toBe(false);
  });

  it('refunds in part, then the rest, in minor units', async () => {
    const { transactionId } = await paid('successful', { amountMinor: 499, currency: 'USD' });
    const c = client();
    expect(await c.refund(transactionId!, 199)).toMatchObject({ status: 'completed', amountMinor: 199 });
    expect(flw.refunds.at(-1)).toMatchObject({ transactionId, amount: 1.99 });
    expect(await c.refund(transactionId!)).toMatchObject({ status: 'completed', amountMinor: 300 });
    const over = await c.refund(transactionId!, 1).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(PaymentProviderError);
    expect((over as PaymentProviderError).kind).toBe('refused');
  });

  it('refunds a whole transaction when no amount is given', async () => {
    const { transactionId } = await paid('successful', { amountMinor: 20000, currency: 'UGX' });
    expect(await client().refund(transactionId!)).toMatchObject({ status: 'completed', amountMinor: 20000 });
    expect(flw.refunds.at(-1)).toMatchObject({ transactionId, amount: 20000 });
  });

  it('never retries a refund that may have reached Flutterwave: one POST, ambiguous', async () => {
    const { transactionId } = await paid('successful');
    flw.fault('refund', { status: 502 }, 1);
    const err = await client().refund(transactionId!, 500).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'PaymentProviderError', kind: 'ambiguous' });
    expect(flw.calls.get('refund')).toBe(1);
  });

  it('retries a 5xx on verify and gets through', async () => {
    const { transactionId } = await paid('successful');
    flw.fault('verify', { status: 503 }, 2);
    expect((await client().verify(transactionId!)).status).toBe('successful');
    expect(flw.calls.get('verify')).toBe(3);
  });

  it('answers a wrong secret key (401) with not_delivered, and never puts the key in the message', async () => {
    const wrong = 'FLWSECK_TEST-00000000000000000000000000000000-X';
    const c = client({ secretKey: wrong });
    for (const call of [() => c.verify('1'), () => c.createCheckout(checkout())]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'PaymentProviderError', kind: 'not_delivered' });
      expect((err as Error).message).not.toContain(wrong);
      expect((err as Error).message).not.toContain(SECRET);
    }
  });

  it('answers not_delivered when nothing listens, ambiguous when the connection is cut', async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((r) => free.close(() => r()));
    const closed = createFlutterwaveClient({ baseUrl: `http://127.0.0.1:${port}`, secretKey: SECRET, webhookHash: HASH, retry: { retries: 1, baseDelayMs: 5 } });
    await expect(closed.verify('1')).rejects.toMatchObject({ kind: 'not_delivered' });
    flw.fault('verify', { drop: true }, 4);
    await expect(client().verify('1')).rejects.toMatchObject({ kind: 'ambiguous' });
    expect(flw.calls.get('verify')).toBe(4);
  });

  it('sends 4.99 USD as 4.99 and reads it back as 499 minor units', async () => {
    const { req, transactionId } = await paid('successful', { amountMinor: 499, currency: 'USD' });
    expect(session(req.txRef).body.amount).toBe(4.99);
    const v = await client().verify(transactionId!);
    expect(v).toMatchObject({ amountMinor: 499, currency: 'USD' });
    expect(client().matches(v, { txRef: req.txRef, amountMinor: 499, currency: 'USD' })).toBe(true);
  });

  it('sends UGX as an integer (exponent 0) and refuses a fractional minor amount before any call', async () => {
    const { req, transactionId } = await paid('successful', { amountMinor: 15000, currency: 'UGX' });
    expect(session(req.txRef).body.amount).toBe(15000);
    expect(await client().verify(transactionId!)).toMatchObject({ amountMinor: 15000, currency: 'UGX' });
    await expect(client().createCheckout(checkout({ amountMinor: 4.5 }))).rejects.toBeInstanceOf(RangeError);
    expect(flw.calls.get('payments')).toBe(1);
  });
});
