/**
 * Passes, titles and sandbox mobile money (issue 2 point 8, issue 5): amounts from the server, MTN and Airtel
 * numbers, each sandbox outcome, a payment granted once under concurrent polls, callbacks and jobs, the billing
 * history and receipts, single-title purchases (price, payment, playback of that title only), forged callbacks,
 * late confirmations, and a viewer reading only their own payments.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPaymentRouter } from '../../providers/payments/payment-router.js';
import type { PaymentProvider, PaymentStatusAnswer } from '../../providers/payments/payment-provider.js';
import { createSandboxProvider } from '../../providers/payments/sandbox-provider.js';
import { describeEachDb, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';
import { createBillingService } from './billing.service.js';

const DAY_MS = 24 * 3600 * 1000;
const quiet = { info: () => {}, warn: () => {} };

describeEachDb('billing', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const pay = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie }, payload });
  const poll = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/billing/payments/${id}`, headers: { cookie } });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie } })).json();
  const history = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: { cookie } })).json();
  const count = async (sql: string, params: unknown[]) => Number((await t.db.executeSql(sql, params)).rows[0]!.n);

  /** A premium movie with a ready video (no transcode needed to sign its playlist). */
  async function playableMovie(title: string, priceRwf: number | null = null) {
    const movie = await t.services.catalog.create({ title, category: 'drama', isPremium: true });
    const { rows } = await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
    await t.db.executeSql('update movies set video_id = $1, price_rwf = $2 where id = $3', [rows[0]!.id, priceRwf, movie.id]);
    return movie.id;
  }

  it('lists the four plans with their RWF prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.json().plans.map((p: { id: string; priceRwf: number }) => [p.id, p.priceRwf])).toEqual([['daily', 500], ['weekly', 3000], ['monthly', 7000], ['yearly', 85000]]);
    expect(res.json().operators).toEqual(['mtn', 'airtel', 'mtn-ug', 'airtel-ug']);
    const weekly = res.json().plans.find((p: { id: string }) => p.id === 'weekly');
    expect(weekly.prices).toEqual({ RWF: { price: 3000, compareAt: null }, UGX: { price: 8000, compareAt: null }, USD: { price: 299, compareAt: null } });
    expect(res.json().titlePrices).toEqual({ UGX: 5000, USD: 499 });
  });

  it('charges a Ugandan number in UGX from the UGX price list, and reads local numbers in the payer\'s country', async () => {
    const v = await signUp(t);
    const mtnUg = await pay(v.cookie, { plan: 'weekly', phone: '0772 123 456', country: 'UG' });
    expect(mtnUg.statusCode).toBe(202);
    expect(mtnUg.json().payment).toMatchObject({ amount: 8000, currency: 'UGX', operator: 'mtn-ug', provider: 'sandbox', msisdnMasked: '256772***456' });
    const airtelUg = await pay(v.cookie, { plan: 'daily', phone: '+256 70 123 4567' });
    expect(airtelUg.json().payment).toMatchObject({ amount: 1500, currency: 'UGX', operator: 'airtel-ug' });
    // 078 is MTN's in both countries: the payer's country decides.
    expect((await pay(v.cookie, { plan: 'daily', phone: '0788123457' })).json().payment).toMatchObject({ currency: 'RWF', amount: 500, operator: 'mtn' });
    const bad = await pay(v.cookie, { plan: 'daily', phone: '0721234567', country: 'UG' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_msisdn', message: 'Please enter a valid MTN Mobile Money Uganda or Airtel Money Uganda number (076, 077, 078, 070, 074 or 075 followed by 7 digits).' });
    expect((await pay(v.cookie, { plan: 'daily', phone: '0772123456', country: 'KE' })).json().error.code).toBe('validation_failed');
  });

  it('takes the amount from the plan, never from the client', async () => {
    const v = await signUp(t);
    const res = await pay(v.cookie, { plan: 'daily', phone: '0788 123 456', amount: 1, amountRwf: 1 });
    expect(res.statusCode).toBe(202);
    expect(res.json().payment).toMatchObject({ kind: 'pass', plan: 'daily', amount: 500, status: 'pending', operator: 'mtn', provider: 'sandbox', msisdnMasked: '250788***456' });
    expect(await count('select amount as n from payments where id = $1', [res.json().payment.id])).toBe(500);
  });

  it('refuses numbers that are neither MTN nor Airtel Rwanda, unknown plans, and a body naming both or neither', async () => {
    const v = await signUp(t);
    for (const phone of ['0741234567', '12345', '07881234567', 'abc', '+254712345678']) {
      const res = await pay(v.cookie, { plan: 'daily', phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.code).toBe('invalid_msisdn');
    }
    const w = await signUp(t); // payment creation is limited to 5 a minute per viewer
    expect((await pay(w.cookie, { plan: 'forever', phone: '0788123456' })).statusCode).toBe(400);
    expect((await pay(w.cookie, { phone: '0788123456' })).json().error.code).toBe('validation_failed');
    expect((await pay(w.cookie, { plan: 'daily', movieId: randomUUID(), phone: '0788123456' })).json().error.code).toBe('validation_failed');
    expect(await count('select count(*)::int as n from payments where user_id = any($1)', [[v.id, w.id]])).toBe(0);
  });

  it('limits payment requests to 5 a minute per viewer', async () => {
    const v = await signUp(t);
    const other = await signUp(t);
    for (let i = 0; i < 5; i++) expect((await pay(v.cookie, { plan: 'daily', phone: '0780000003' })).statusCode).toBe(202);
    const sixth = await pay(v.cookie, { plan: 'daily', phone: '0780000003' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
    expect((await pay(other.cookie, { plan: 'daily', phone: '0780000003' })).statusCode).toBe(202);
  });

  it('activates a Daily Pass once the phone approves', async () => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'daily', phone: '250788123456' })).json().payment;
    const done = (await poll(v.cookie, created.id)).json().payment;
    expect(done).toMatchObject({ status: 'successful', reason: null });
    expect(done.settledAt).toBeTruthy();
    const { pass } = await me(v.cookie);
    expect(pass).toMatchObject({ plan: 'daily', status: 'active', active: true });
    expect(Math.abs(new Date(pass.expiresAt).getTime() - (Date.now() + DAY_MS))).toBeLessThan(60_000);
  });

  it('takes Airtel numbers (072/073) too', async () => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'weekly', phone: '0731234567' })).json().payment;
    expect(created).toMatchObject({ operator: 'airtel', msisdnMasked: '250731***567', amount: 3000 });
    expect((await poll(v.cookie, created.id)).json().payment.status).toBe('successful');
    expect((await me(v.cookie)).pass).toMatchObject({ plan: 'weekly', active: true });
  });

  it.each([
    ['0780000001', 'PAYER_NOT_FOUND'],
    ['0780000002', 'APPROVAL_REJECTED'],
    ['0780000004', 'NOT_ENOUGH_FUNDS'],
    ['0720000004', 'NOT_ENOUGH_FUNDS'],
  ])('settles %s as failed with %s and grants nothing', async (phone, reason) => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'weekly', phone })).json().payment;
    const res = (await poll(v.cookie, created.id)).json().payment;
    expect(res).toMatchObject({ status: 'failed', reason });
    expect((await me(v.cookie)).pass).toBeNull();
  });

  it('extends the pass exactly once under 50 concurrent polls, callbacks and reconciliations', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'weekly');
    const before = new Date((await me(v.cookie)).pass.expiresAt).getTime();
    const created = (await pay(v.cookie, { plan: 'weekly', phone: '0791234567' })).json().payment;
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => poll(v.cookie, created.id)),
      ...Array.from({ length: 15 }, () => t.app.inject({ method: 'PUT', url: `/api/billing/callbacks/sandbox/${created.id}`, payload: { status: 'SUCCESSFUL' } })),
      ...Array.from({ length: 15 }, () => t.services.billing.reconcile()),
    ]);
    await t.services.billing.idle();
    for (const r of results.slice(0, 20)) expect((r as { json(): { payment: { status: string } } }).json().payment.status).toBe('successful');
    const after = new Date((await me(v.cookie)).pass.expiresAt).getTime();
    expect(after - before).toBe(7 * DAY_MS); // the same plan: added to the running pass, once
    expect(await count('select count(*)::int as n from payments where id = $1 and settled_at is not null', [created.id])).toBe(1);
  });

  it('keeps both extensions when two first passes of one viewer settle at the same moment', async () => {
    const v = await signUp(t);
    const a = (await pay(v.cookie, { plan: 'daily', phone: '0788111111' })).json().payment;
    const b = (await pay(v.cookie, { plan: 'weekly', phone: '0788111112' })).json().payment;
    const at = new Date();
    await Promise.all([t.services.billingRepo.settle(a.id, { status: 'successful', reason: null }, at), t.services.billingRepo.settle(b.id, { status: 'successful', reason: null }, at)]);
    // The Weekly runs first and the Daily after it (ADR 019): 8 days in all, nothing lost.
    const timeline = (await history(v.cookie)).pass.timeline as { plan: string; endsAt: string }[];
    expect(timeline.map((x) => x.plan)).toEqual(['weekly', 'daily']);
    expect(new Date(timeline[1]!.endsAt).getTime() - at.getTime()).toBe(8 * DAY_MS);
  });

  it('expires a request the payer never answers once its approval window closes', async () => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'daily', phone: '0780000003' })).json().payment;
    expect((await poll(v.cookie, created.id)).json().payment.status).toBe('pending');
    const later = () => new Date(Date.now() + 6 * 60 * 1000);
    const provider = createSandboxProvider({ approvalSeconds: 0, lookup: async () => ({ msisdn: '250780000003', createdAt: new Date() }), now: later });
    const billing = createBillingService({ repo: t.services.billingRepo, providers: createPaymentRouter({ sandbox: provider }), log: quiet, now: later });
    await billing.reconcile();
    expect((await poll(v.cookie, created.id)).json().payment).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    expect((await me(v.cookie)).pass).toBeNull();
  });

  it('grants a payment the provider confirms after our window closed (the payer was charged), once', async () => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'daily', phone: '0788222333' })).json().payment;
    let answer: PaymentStatusAnswer = { status: 'PENDING' };
    let queries = 0;
    const late: PaymentProvider = { name: 'sandbox', currency: 'RWF', requestToPay: async () => {}, status: async () => (queries++, answer) };
    let clock = Date.now() + 6 * 60 * 1000;
    const billing = createBillingService({ repo: t.services.billingRepo, providers: createPaymentRouter({ sandbox: late }), log: quiet, now: () => new Date(clock) });
    await billing.reconcile();
    expect((await poll(v.cookie, created.id)).json().payment).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    // Within 5 minutes it is not asked again; after that it is, and a late success is granted once.
    const asked = queries;
    await billing.reconcile();
    expect(queries).toBe(asked);
    clock += 6 * 60 * 1000;
    answer = { status: 'SUCCESSFUL' };
    await Promise.all([billing.reconcile(), billing.reconcile(), billing.handleCallback('sandbox', { paymentId: created.id })]);
    expect((await poll(v.cookie, created.id)).json().payment).toMatchObject({ status: 'successful', reason: null });
    expect((await me(v.cookie)).pass).toMatchObject({ plan: 'daily', active: true });
    // A provider's FAILED never undoes a success.
    answer = { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
    await billing.handleCallback('sandbox', { paymentId: created.id });
    expect((await poll(v.cookie, created.id)).json().payment.status).toBe('successful');
  });

  it('ignores what a callback body says: a forged success activates nothing', async () => {
    const v = await signUp(t);
    const created = (await pay(v.cookie, { plan: 'yearly', phone: '0780000003' })).json().payment;
    const forged = { status: 'SUCCESSFUL', externalId: created.id, financialTransactionId: '1', amount: '85000', transaction: { id: created.id, status_code: 'TS' } };
    for (const req of [
      { method: 'PUT' as const, url: `/api/billing/callbacks/sandbox/${created.id}` },
      { method: 'POST' as const, url: `/api/billing/callbacks/sandbox/${created.id}` },
      { method: 'POST' as const, url: '/api/billing/callbacks/sandbox' },
      { method: 'PUT' as const, url: `/api/billing/callbacks/mtn/${created.id}` },
      { method: 'POST' as const, url: `/api/billing/callbacks/airtel/${randomUUID()}` },
    ]) {
      const res = await t.app.inject({ ...req, payload: forged });
      expect(res.statusCode, req.url).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const text = await t.app.inject({ method: 'PUT', url: `/api/billing/callbacks/sandbox/${created.id}`, headers: { 'content-type': 'text/plain' }, payload: 'SUCCESSFUL' });
    expect(text.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/billing/callbacks/paypal/x' })).statusCode).toBe(400);
    await t.services.billing.idle();
    expect((await poll(v.cookie, created.id)).json().payment.status).toBe('pending');
    expect((await me(v.cookie)).pass).toBeNull();
  });

  it("never shows a viewer another viewer's payment, receipt or history", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const created = (await pay(a.cookie, { plan: 'daily', phone: '0788123456' })).json().payment;
    await poll(a.cookie, created.id);
    for (const url of [`/api/billing/payments/${created.id}`, `/api/billing/payments/${created.id}/receipt`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await history(b.cookie)).payments).toEqual([]);
  });

  it('lists the pass and every payment of the viewer, newest first, with masked numbers and reasons', async () => {
    const v = await signUp(t);
    expect(await history(v.cookie)).toEqual({ pass: null, payments: [] });
    const ok = (await pay(v.cookie, { plan: 'monthly', phone: '0788123456' })).json().payment;
    await poll(v.cookie, ok.id);
    const failed = (await pay(v.cookie, { plan: 'daily', phone: '0720000002' })).json().payment;
    await poll(v.cookie, failed.id);
    const h = await history(v.cookie);
    // A 30-day pass bought a moment ago reads 30 days (plans.ts remainingTime).
    expect(h.pass).toMatchObject({ plan: 'monthly', status: 'active', active: true, remaining: { unit: 'days', count: 30 } });
    expect(h.payments.map((p: { id: string }) => p.id)).toEqual([failed.id, ok.id]);
    expect(h.payments[0]).toMatchObject({ kind: 'pass', plan: 'daily', amount: 500, status: 'failed', reason: 'APPROVAL_REJECTED', operator: 'airtel', msisdnMasked: '250720***002', provider: 'sandbox' });
    expect(h.payments[1]).toMatchObject({ plan: 'monthly', amount: 7000, status: 'successful', reason: null, operator: 'mtn', msisdnMasked: '250788***456' });
    expect(JSON.stringify(h)).not.toContain('250788123456');
  });

  it('gives a receipt for a successful payment only', async () => {
    const v = await signUp(t, 'user', `receipt${randomUUID().slice(0, 6)}@example.com`);
    const ok = (await pay(v.cookie, { plan: 'weekly', phone: '0788123456' })).json().payment;
    await poll(v.cookie, ok.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/payments/${ok.id}/receipt`, headers: { cookie: v.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt).toMatchObject({
      receiptNumber: `SOB-${ok.id.slice(0, 8).toUpperCase()}`,
      paymentId: ok.id,
      kind: 'pass',
      plan: 'weekly',
      planDurationSeconds: 7 * 24 * 3600,
      amount: 3000,
      currency: 'RWF',
      operator: 'mtn',
      msisdnMasked: '250788***456',
      card: null,
      payer: { name: 'Test Person', email: v.email },
      seller: { name: 'Sobanura' },
    });
    const failed = (await pay(v.cookie, { plan: 'daily', phone: '0780000002' })).json().payment;
    await poll(v.cookie, failed.id);
    const pending = (await pay(v.cookie, { plan: 'daily', phone: '0780000003' })).json().payment;
    for (const id of [failed.id, pending.id, randomUUID()]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/billing/payments/${id}/receipt`, headers: { cookie: v.cookie } });
      expect(r.statusCode).toBe(404);
    }
  });

  it('lets an admin price a title alone, and only an admin', async () => {
    const admin = await signUp(t, 'admin');
    const viewer = await signUp(t);
    const movieId = await playableMovie('Priced film');
    const put = (cookie: string, payload: object, id = movieId) => t.app.inject({ method: 'PUT', url: `/api/admin/movies/${id}/price`, headers: { cookie }, payload });
    expect((await put(viewer.cookie, { priceRwf: 1000 })).statusCode).toBe(403);
    const res = await put(admin.cookie, { priceRwf: 1500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ movieId, priceRwf: 1500 });
    expect(await count('select price_rwf as n from movies where id = $1', [movieId])).toBe(1500);
    for (const bad of [{ priceRwf: 0 }, { priceRwf: -5 }, { priceRwf: 10.5 }, { priceRwf: '1000' }, {}]) expect((await put(admin.cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await put(admin.cookie, { priceRwf: 100 }, randomUUID())).statusCode).toBe(404);
    expect((await put(admin.cookie, { priceRwf: null })).json()).toEqual({ movieId, priceRwf: null });
  });

  it('sells one title at its price: the buyer watches that title, and only that one', async () => {
    const v = await signUp(t);
    const bought = await playableMovie('Bought film', 1200);
    const other = await playableMovie('Other film', 1200);
    const notForSale = await playableMovie('Passes only');
    const play = (id: string) => t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: { cookie: v.cookie } });
    expect((await play(bought)).statusCode).toBe(403);

    const notSold = await pay(v.cookie, { movieId: notForSale, phone: '0788123456' });
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json().error.code).toBe('not_for_sale');
    expect((await pay(v.cookie, { movieId: randomUUID(), phone: '0788123456' })).statusCode).toBe(404);
    const free = await t.services.catalog.create({ title: 'Free film', category: 'drama', isPremium: false });
    await t.db.executeSql('update movies set price_rwf = 700 where id = $1', [free.id]);
    const freeRes = await pay(v.cookie, { movieId: free.id, phone: '0788123456' });
    expect(freeRes.json().error).toMatchObject({ code: 'not_for_sale', details: { free: true } });

    const created = await pay(v.cookie, { movieId: bought, phone: '0788123456', amount: 1 });
    expect(created.statusCode).toBe(202);
    expect(created.json().payment).toMatchObject({ kind: 'title', plan: null, movieId: bought, movieTitle: 'Bought film', amount: 1200, status: 'pending' });
    expect((await poll(v.cookie, created.json().payment.id)).json().payment.status).toBe('successful');
    expect(await count('select count(*)::int as n from title_purchases where user_id = $1 and movie_id = $2 and payment_id = $3', [v.id, bought, created.json().payment.id])).toBe(1);

    expect((await play(bought)).statusCode).toBe(200);
    expect((await play(other)).statusCode).toBe(403);
    expect((await me(v.cookie)).pass).toBeNull();
    const again = await pay(v.cookie, { movieId: bought, phone: '0788123456' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_purchased');
    const receipt = await t.app.inject({ method: 'GET', url: `/api/billing/payments/${created.json().payment.id}/receipt`, headers: { cookie: v.cookie } });
    expect(receipt.json().receipt).toMatchObject({ kind: 'title', movieId: bought, movieTitle: 'Bought film', amount: 1200, planDurationSeconds: null });
  });

  it('does not start a second payment for a title while one waits for approval', async () => {
    const v = await signUp(t);
    const movie = await playableMovie('Waiting film', 900);
    const first = await pay(v.cookie, { movieId: movie, phone: '0780000003' });
    expect(first.statusCode).toBe(202);
    const second = await pay(v.cookie, { movieId: movie, phone: '0788123456' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'conflict', details: { paymentId: first.json().payment.id } });
  });

  it('refuses numbers of an operator that is not enabled', async () => {
    const v = await signUp(t);
    const mtnOnly = createBillingService({ repo: t.services.billingRepo, providers: createPaymentRouter({ mtn: { name: 'mtn', currency: 'RWF', requestToPay: async () => {}, status: async () => ({ status: 'PENDING' }) } }), log: quiet });
    await expect(mtnOnly.createPayment(v.id, { plan: 'daily', phone: '0721234567' })).rejects.toMatchObject({ statusCode: 400, code: 'operator_unavailable', details: { operator: 'airtel' } });
    await expect(mtnOnly.createPayment(v.id, { plan: 'daily', phone: '0781234567' })).resolves.toMatchObject({ provider: 'mtn', status: 'pending' });
    expect(mtnOnly.operators()).toEqual(['mtn']);
  });

  it('marks passes past their expiry as expired', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'daily');
    await t.db.executeSql(`update subscriptions set expires_at = now() - interval '1 second' where user_id = $1`, [v.id]);
    expect(await t.services.billing.expirePasses()).toBeGreaterThanOrEqual(1);
    expect((await me(v.cookie)).pass).toMatchObject({ status: 'expired', active: false });
    expect((await history(v.cookie)).pass).toMatchObject({ status: 'expired', active: false, remaining: { unit: 'hours', count: 0 } });
  });
});

describeEachDb('billing with a configured approval window', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, env: { PAYMENT_APPROVAL_SECONDS: '1' } });
  });
  afterAll(() => t.stop());

  it('closes an unanswered request after PAYMENT_APPROVAL_SECONDS, as EXPIRED, and grants nothing', async () => {
    const v = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan: 'daily', phone: '0780000003' } });
    expect(res.statusCode).toBe(202);
    const created = res.json().payment;
    expect(new Date(created.approvalExpiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(1000);
    const settled = await waitFor(async () => {
      const p = (await t.app.inject({ method: 'GET', url: `/api/billing/payments/${created.id}`, headers: { cookie: v.cookie } })).json().payment;
      return p.status === 'pending' ? null : p;
    }, 30);
    expect(settled).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie: v.cookie } })).json().pass).toBeNull();
  });

  it('refuses an approval window that is not whole seconds between 1 and 3600', async () => {
    const { loadConfig } = await import('../../config.js');
    for (const bad of ['0', '3601', '2.5', 'soon']) expect(() => loadConfig({ DATA_DIR: t.config.dataDir, PAYMENT_APPROVAL_SECONDS: bad }), bad).toThrow(/PAYMENT_APPROVAL_SECONDS/);
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).payments.approvalSeconds).toBe(300);
  });
});
