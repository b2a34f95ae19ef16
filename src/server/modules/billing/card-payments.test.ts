/**
 * Card payments through the whole site (docs/decisions/044-card-payments.md): with `PAYMENT_METHODS=card` against a
 * local emulator of Flutterwave v3, and with the in-process sandbox (the embedded default). Each settles once or
 * not at all: a redirect back without a webhook, a webhook twice, a webhook that never comes (the reconciliation
 * job), a forged webhook, a webhook claiming another amount or currency, a transaction for another amount, a
 * declined card and an abandoned checkout. Nothing from the browser or a webhook body is trusted: every credit
 * follows a read-back of the transaction by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from '../../providers/payments/card/emulators/flutterwave-emulator.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const SECRET_KEY = 'FLWSECK_TEST-3f1c9a0b5d7e4c2a8b6d0e1f2a3b4c5d-X';
const SECRET_HASH = 'webhook-secret-hash-7d1e9c';
const PUBLIC_URL = 'https://sobanura.test';
const DAY_MS = 24 * 3600 * 1000;

describeEachDb('card payments against the Flutterwave emulator', (kind) => {
  let t: TestApp;
  let flw: FlutterwaveEmulator;
  beforeAll(async () => {
    flw = await startFlutterwaveEmulator({ secretKey: SECRET_KEY, webhookHash: SECRET_HASH });
    t = await startTestApp(kind, { workers: false, env: { PAYMENT_METHODS: 'card', PUBLIC_URL, PAYMENT_TIMEOUT_SECONDS: '1', FLW_BASE_URL: flw.url, FLW_SECRET_KEY: SECRET_KEY, FLW_SECRET_HASH: SECRET_HASH } });
  });
  afterAll(async () => {
    await t.stop();
    await flw.close();
  });

  const checkout = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/billing/card-checkouts', headers: { cookie }, payload });
  const row = async (id: string) => (await t.db.executeSql('select status, reason, amount, currency, provider from payments where id = $1', [id])).rows[0]!;
  const passEnds = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie } })).json().pass?.expiresAt as string | undefined;
  /** Delivers the emulator's last webhook (as recorded) to the site, optionally altered. */
  const deliver = (w: { headers: Record<string, string>; rawBody: string }) => t.app.inject({ method: 'POST', url: '/api/billing/callbacks/card', headers: w.headers, payload: w.rawBody });
  /** The emulator's checkout session of a payment (its redirect URL names the payment). */
  const sessionOf = (paymentId: string) => [...flw.sessions.values()].find((s) => s.redirectUrl.includes(paymentId))!.id;
  const returnFrom = (redirect: string) => {
    const u = new URL(redirect);
    return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };

  it('opens a hosted checkout in USD at the plan\'s USD price, and offers cards on /api/plans', async () => {
    const v = await signUp(t);
    const res = await checkout(v.cookie, { plan: 'weekly', amount: 1 });
    expect(res.statusCode).toBe(201);
    const { payment, checkoutUrl } = res.json();
    expect(payment).toMatchObject({ kind: 'pass', plan: 'weekly', amount: 299, currency: 'USD', provider: 'card', status: 'pending', msisdnMasked: null });
    expect(checkoutUrl).toMatch(new RegExp(`^${flw.url}/checkout/[0-9a-f]+$`));
    const session = [...flw.sessions.values()].find((s) => s.redirectUrl.includes(payment.id))!;
    expect(session).toMatchObject({ amount: 2.99, currency: 'USD', redirectUrl: `${PUBLIC_URL}/api/billing/card-return?payment=${payment.id}` });
    expect((session.body.customer as { email: string }).email).toBe(v.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/plans' })).json()).toMatchObject({ card: true, operators: [] });
  });

  it('settles on the payer\'s return without a webhook, reading the transaction back by id, once', async () => {
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'weekly' })).json();
    const { redirect } = flw.pay(sessionOf(payment.id), 'successful');
    const back = await returnFrom(redirect);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/subscribe?paid=${payment.id}`);
    expect(await row(payment.id)).toMatchObject({ status: 'successful', amount: 299, currency: 'USD' });
    const ends = await passEnds(v.cookie);
    await returnFrom(redirect); // the payer reloads the return page
    expect(await passEnds(v.cookie)).toBe(ends);
    expect(new Date(ends!).getTime() - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    expect(new Date(ends!).getTime() - Date.now()).toBeLessThan(7.1 * DAY_MS);
  });

  it('keeps the brand and last four digits the processor read back, for the payment, the history and the receipt', async () => {
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'weekly' })).json();
    expect(payment.card).toBeNull();
    const { redirect } = flw.pay(sessionOf(payment.id), 'successful');
    await returnFrom(redirect);
    const card = { brand: 'MASTERCARD', last4: '2950' };
    expect((await t.db.executeSql('select card_brand, card_last4 from payments where id = $1', [payment.id])).rows[0]).toEqual({ card_brand: 'MASTERCARD', card_last4: '2950' });
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/payments/${payment.id}`, headers: { cookie: v.cookie } })).json().payment.card).toEqual(card);
    const history = (await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: { cookie: v.cookie } })).json();
    expect(history.payments.find((p: { id: string }) => p.id === payment.id).card).toEqual(card);
    const receipt = (await t.app.inject({ method: 'GET', url: `/api/billing/payments/${payment.id}/receipt`, headers: { cookie: v.cookie } })).json().receipt;
    expect(receipt).toMatchObject({ card, msisdnMasked: null, provider: 'card' });
    // A declined card keeps nothing of the card.
    const declined = (await checkout(v.cookie, { plan: 'daily' })).json().payment;
    await returnFrom(flw.pay(sessionOf(declined.id), 'failed').redirect);
    expect((await t.db.executeSql('select status, card_brand, card_last4 from payments where id = $1', [declined.id])).rows[0]).toEqual({ status: 'failed', card_brand: null, card_last4: null });
  });

  it('settles once for a webhook sent twice; refuses a forged or unsigned one', async () => {
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'daily' })).json();
    flw.pay(sessionOf(payment.id), 'successful');
    const hook = flw.webhooks.at(-1)!;
    expect((await deliver({ headers: { 'content-type': 'application/json', 'verif-hash': 'guess' }, rawBody: hook.rawBody })).statusCode).toBe(400);
    expect((await deliver({ headers: { 'content-type': 'application/json' }, rawBody: hook.rawBody })).statusCode).toBe(400);
    await t.services.billing.idle();
    expect((await row(payment.id)).status).toBe('pending');
    const [a, b] = await Promise.all([deliver(hook), deliver(hook)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await t.services.billing.idle();
    expect(await row(payment.id)).toMatchObject({ status: 'successful', amount: 99 });
    const ends = new Date((await passEnds(v.cookie))!).getTime();
    expect(ends - Date.now()).toBeLessThan(1.1 * DAY_MS);
  });

  it('credits the processor\'s record, never the webhook body: a webhook claiming another amount or currency changes nothing', async () => {
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'monthly' })).json();
    const { transactionId } = flw.pay(sessionOf(payment.id), 'successful');
    await deliver(flw.sendWebhook(transactionId!, { overrideAmount: 0.01, overrideCurrency: 'RWF' }));
    await t.services.billing.idle();
    expect(await row(payment.id)).toMatchObject({ status: 'successful', amount: 599, currency: 'USD' });
  });

  it('credits nothing when the transaction itself is for another amount or currency', async () => {
    for (const change of [{ amount: 0.5 }, { currency: 'EUR' }]) {
      const v = await signUp(t);
      const { payment } = (await checkout(v.cookie, { plan: 'daily' })).json();
      const { transactionId, redirect } = flw.pay(sessionOf(payment.id), 'successful');
      Object.assign(flw.transactions.get(transactionId!)!, change);
      await returnFrom(redirect);
      expect(await row(payment.id), JSON.stringify(change)).toMatchObject({ status: 'failed', reason: 'REQUEST_FAILED' });
      expect(await passEnds(v.cookie)).toBeUndefined();
    }
  });

  it('settles a payment whose webhook never comes and whose payer never returns, through the reconciliation job', async () => {
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'daily' })).json();
    flw.pay(sessionOf(payment.id), 'successful');
    await t.services.billing.reconcile();
    expect((await row(payment.id)).status).toBe('successful');
  });

  it('fails a declined card, and leaves an abandoned checkout pending until its window closes', async () => {
    const v = await signUp(t);
    const declined = (await checkout(v.cookie, { plan: 'daily' })).json().payment;
    await returnFrom(flw.pay(sessionOf(declined.id), 'failed').redirect);
    expect(await row(declined.id)).toMatchObject({ status: 'failed', reason: 'APPROVAL_REJECTED' });
    const abandoned = (await checkout(v.cookie, { plan: 'daily' })).json().payment;
    const back = await returnFrom(flw.pay(sessionOf(abandoned.id), 'cancelled').redirect);
    expect(back.statusCode).toBe(303);
    expect((await row(abandoned.id)).status).toBe('pending');
    await t.db.executeSql("update payments set expires_at = now() - interval '1 second' where id = $1", [abandoned.id]);
    await t.services.billing.reconcile();
    expect(await row(abandoned.id)).toMatchObject({ status: 'failed', reason: 'REQUEST_FAILED' });
    expect(await passEnds(v.cookie)).toBeUndefined();
  });

  it('refunds a card payment through the processor, once, and takes back the pass it bought (ADR 045)', async () => {
    const boss = await signUp(t, 'super_admin');
    const v = await signUp(t);
    const { payment } = (await checkout(v.cookie, { plan: 'weekly' })).json();
    const { transactionId, redirect } = flw.pay(sessionOf(payment.id), 'successful');
    await returnFrom(redirect);
    expect(await passEnds(v.cookie)).toBeDefined();
    const refund = (cookie: string) => t.app.inject({ method: 'POST', url: `/api/admin/payments/${payment.id}/refund`, headers: { cookie } });
    expect((await refund(v.cookie)).statusCode).toBe(403);
    const [a, b] = await Promise.all([refund(boss.cookie), refund(boss.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json().payment).toMatchObject({ id: payment.id, status: 'successful', amount: 299, currency: 'USD' });
    expect(done.json().payment.refundedAt).toEqual(expect.any(String));
    expect(flw.refunds.filter((r) => r.transactionId === transactionId)).toEqual([expect.objectContaining({ amount: 2.99 })]);
    expect((await t.db.executeSql('select refunded_amount from payments where id = $1', [payment.id])).rows[0]!.refunded_amount).toBe(299);
    // The week it bought is taken back: the pass ends now.
    const me = (await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie: v.cookie } })).json();
    expect(me.pass === null || me.pass.active === false).toBe(true);
    expect((await refund(boss.cookie)).json().error.code).toBe('conflict');
  });

  it('refuses to refund what is not a successful card payment, and changes nothing when the processor refuses', async () => {
    const boss = await signUp(t, 'super_admin');
    const v = await signUp(t);
    const pending = (await checkout(v.cookie, { plan: 'daily' })).json().payment;
    const refund = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/refund`, headers: { cookie: boss.cookie } });
    expect((await refund(pending.id)).json().error.code).toBe('conflict');
    const { redirect } = flw.pay(sessionOf(pending.id), 'successful');
    await returnFrom(redirect);
    flw.fault('refund', { status: 500, body: { status: 'error', message: 'Service unavailable' } });
    const failed = await refund(pending.id);
    expect(failed.statusCode).toBe(502);
    expect((await t.db.executeSql('select refunded_at from payments where id = $1', [pending.id])).rows[0]!.refunded_at).toBeNull();
    expect(await passEnds(v.cookie)).toBeDefined();
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('fails the payment at once when the processor cannot open a checkout', async () => {
    const v = await signUp(t);
    flw.fault('payments', { status: 401, body: { status: 'error', message: 'Invalid authorization key' } });
    const res = await checkout(v.cookie, { plan: 'daily' });
    expect(res.statusCode).toBe(502);
    expect(await row(res.json().error.details.paymentId)).toMatchObject({ status: 'failed', reason: 'REQUEST_FAILED' });
  });
});

describe('card payments on the sandbox (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { workers: false });
  });
  afterAll(() => t.stop());

  it('walks the sandbox checkout page: Pay sends the payer back, and the payment settles', async () => {
    const v = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/card-checkouts', headers: { cookie: v.cookie }, payload: { plan: 'daily', currency: 'UGX' } });
    expect(res.statusCode).toBe(201);
    const { payment, checkoutUrl } = res.json();
    expect(payment).toMatchObject({ amount: 1500, currency: 'UGX' });
    expect(checkoutUrl).toMatch(/^\/api\/billing\/card-sandbox\/[0-9a-f]{24}$/);
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1500 UGX');
    expect(page.body).not.toMatch(/<script/i);
    const host = new URL(t.config.publicUrl).host;
    const pay = await t.app.inject({ method: 'POST', url: checkoutUrl, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, host }, payload: 'outcome=successful' });
    expect(pay.statusCode).toBe(303);
    const back = new URL(pay.headers.location as string);
    expect(back.pathname).toBe('/api/billing/card-return');
    expect(back.searchParams.get('payment')).toBe(payment.id);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.headers.location).toBe(`/subscribe?paid=${payment.id}`);
    expect((await t.db.executeSql('select status from payments where id = $1', [payment.id])).rows[0]!.status).toBe('successful');
    const again = await t.app.inject({ method: 'POST', url: checkoutUrl, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, host }, payload: 'outcome=successful' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to refund a mobile-money payment from the panel (its operator refunds it)', async () => {
    const boss = await signUp(t, 'super_admin');
    const v = await signUp(t);
    const paid = (await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan: 'daily', phone: '0788123456' } })).json().payment;
    await t.services.billing.reconcile();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${paid.id}/refund`, headers: { cookie: boss.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('method_unavailable');
  });
});
