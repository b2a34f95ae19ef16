/**
 * The in-process card sandbox: links to the billing module's local page, `complete` as the page would call it,
 * and the same answers as the real client for verify, matches, refunds and webhooks.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutRequest } from './card-payments.js';
import { CARD_SANDBOX_PATH, createFlutterwaveSandbox } from './flutterwave-sandbox.js';

const req = (txRef: string, over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  txRef,
  amountMinor: 1500,
  currency: 'RWF',
  redirectUrl: '/billing/card/return',
  customer: { email: 'viewer@example.com' },
  title: 'Sobanura weekly pass',
  ...over,
});
const linkId = (link: string) => link.slice(CARD_SANDBOX_PATH.length + 1);

describe('Flutterwave card sandbox', () => {
  it('links to the local sandbox page and completes a payment the client can verify and credit', async () => {
    const sb = createFlutterwaveSandbox();
    const { link } = await sb.createCheckout(req('sb-1'));
    expect(link).toMatch(new RegExp(`^${CARD_SANDBOX_PATH}/[0-9a-f]{24}$`));
    expect(sb.checkout(linkId(link))).toEqual({ txRef: 'sb-1', title: 'Sobanura weekly pass', amountMinor: 1500, currency: 'RWF', open: true });
    const back = new URL(sb.complete(linkId(link), 'successful'), 'http://x');
    expect(back.pathname).toBe('/billing/card/return');
    expect(back.searchParams.get('status')).toBe('successful');
    const v = await sb.verify(back.searchParams.get('transaction_id')!);
    expect(v).toEqual({ id: back.searchParams.get('transaction_id'), txRef: 'sb-1', status: 'successful', amountMinor: 1500, currency: 'RWF', cardLast4: '2950', cardBrand: 'MASTERCARD' });
    expect(sb.matches(v, { txRef: 'sb-1', amountMinor: 1500, currency: 'RWF' })).toBe(true);
    expect(sb.matches(v, { txRef: 'sb-1', amountMinor: 1499, currency: 'RWF' })).toBe(false);
    expect(sb.checkout(linkId(link))?.open).toBe(false);
    expect(() => sb.complete(linkId(link), 'successful')).toThrow(/no open sandbox checkout/);
  });

  it('keeps an absolute redirect URL absolute', async () => {
    const sb = createFlutterwaveSandbox({ basePath: '/sandbox/' });
    const { link } = await sb.createCheckout(req('sb-abs', { redirectUrl: 'https://sobanura.example/return' }));
    expect(link.startsWith('/sandbox/')).toBe(true);
    expect(sb.complete(link.slice('/sandbox/'.length), 'failed')).toMatch(/^https:\/\/sobanura\.example\/return\?status=failed&tx_ref=sb-abs&transaction_id=\d+$/);
  });

  it('reads a declined payment as failed and a cancelled one as not_found', async () => {
    const sb = createFlutterwaveSandbox();
    const d = await sb.createCheckout(req('sb-2'));
    sb.complete(linkId(d.link), 'failed');
    expect((await sb.verifyByReference('sb-2')).status).toBe('failed');
    const c = await sb.createCheckout(req('sb-3'));
    expect(sb.complete(linkId(c.link), 'cancelled')).toBe('/billing/card/return?status=cancelled&tx_ref=sb-3');
    expect(await sb.verifyByReference('sb-3')).toMatchObject({ status: 'not_found', txRef: 'sb-3' });
    expect(await sb.verify('424242')).toMatchObject({ status: 'not_found', id: '424242' });
  });

  it('refunds in minor units, never more than was paid', async () => {
    const sb = createFlutterwaveSandbox();
    const { link } = await sb.createCheckout(req('sb-4', { amountMinor: 499, currency: 'USD' }));
    const id = new URL(sb.complete(linkId(link), 'successful'), 'http://x').searchParams.get('transaction_id')!;
    expect(await sb.refund(id, 199)).toMatchObject({ status: 'completed', amountMinor: 199 });
    expect(await sb.refund(id)).toMatchObject({ status: 'completed', amountMinor: 300 });
    await expect(sb.refund(id, 1)).rejects.toMatchObject({ kind: 'refused' });
  });

  it('checks webhooks against its hash, and refuses all without one', async () => {
    const body = JSON.stringify({ event: 'charge.completed', data: { id: 7, tx_ref: 'sb-5' } });
    expect(createFlutterwaveSandbox({ webhookHash: 'h1' }).checkWebhook({ 'verif-hash': 'h1' }, body)).toEqual({ event: 'charge.completed', transactionId: '7', txRef: 'sb-5' });
    expect(createFlutterwaveSandbox({ webhookHash: 'h1' }).checkWebhook({ 'verif-hash': 'h2' }, body)).toBeNull();
    expect(createFlutterwaveSandbox().checkWebhook({ 'verif-hash': '' }, body)).toBeNull();
  });

  it('refuses amounts it could not send to Flutterwave', async () => {
    const sb = createFlutterwaveSandbox();
    await expect(sb.createCheckout(req('sb-6', { amountMinor: 0 }))).rejects.toBeInstanceOf(RangeError);
    await expect(sb.createCheckout(req('sb-7', { currency: 'XYZ' }))).rejects.toBeInstanceOf(RangeError);
  });
});
