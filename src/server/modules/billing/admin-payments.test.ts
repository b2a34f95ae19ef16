/**
 * The admin Payments list (docs/product/admin.md §11) against a real database, with cards on the Flutterwave
 * emulator (docs/decisions/044) and mobile-money rows written as the mobile-money service writes them: admins and
 * super admins read it, viewers do not; newest first, keyset pages after a payment id, filters by status and method;
 * each row shows amount and currency, method, the masked number or the card's brand and last four digits, the
 * paying account's email, the plan or title and the refund. Only a super admin refunds (docs/decisions/045).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from '../../providers/payments/card/emulators/flutterwave-emulator.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const SECRET_KEY = 'FLWSECK_TEST-3f1c9a0b5d7e4c2a8b6d0e1f2a3b4c5d-X';
const SECRET_HASH = 'webhook-secret-hash-7d1e9c';
const DAY_MS = 24 * 3600 * 1000;

type Row = { id: string; createdAt: string; method: string; status: string; amount: number; currency: string; msisdnMasked: string | null; card: unknown; account: { email: string } | null; plan: string | null; movieTitle: string | null; refundedAt: string | null; refundedAmount: number | null };

describeEachDb('admin payments list', (kind) => {
  let t: TestApp;
  let flw: FlutterwaveEmulator;
  let boss: { cookie: string; id: string; email: string };
  let admin: { cookie: string; id: string; email: string };
  let viewer: { cookie: string; id: string; email: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    flw = await startFlutterwaveEmulator({ secretKey: SECRET_KEY, webhookHash: SECRET_HASH });
    t = await startTestApp(kind, { workers: false, env: { PAYMENT_METHODS: 'card', PUBLIC_URL: 'https://sobanura.test', FLW_BASE_URL: flw.url, FLW_SECRET_KEY: SECRET_KEY, FLW_SECRET_HASH: SECRET_HASH } });
    boss = await signUp(t, 'super_admin');
    admin = await signUp(t, 'admin');
    viewer = await signUp(t, 'user', 'kamana.viewer@example.com');
    const movie = await t.services.catalog.create({ title: 'Inkotanyi', category: 'drama', isPremium: true });
    // Mobile money, written as the mobile-money service writes it, days ago.
    const mm = (over: object, daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * DAY_MS);
      return t.services.billingRepo.insertPayment({ userId: viewer.id, kind: 'pass', plan: 'daily', amount: 500, currency: 'RWF', msisdn: '250788123456', provider: 'mtn', providerReference: randomUUID(), status: 'pending', expiresAt: new Date(at.getTime() + 300_000), createdAt: at, updatedAt: at, ...over });
    };
    ids.mmOk = (await mm({}, 3)).id;
    await t.services.billingRepo.settle(ids.mmOk, { status: 'successful', reason: null }, new Date(Date.now() - 3 * DAY_MS));
    ids.mmFailed = (await mm({ plan: null, kind: 'title', movieId: movie.id, amount: 1000 }, 2)).id;
    await t.services.billingRepo.settle(ids.mmFailed, { status: 'failed', reason: 'NOT_ENOUGH_FUNDS' }, new Date(Date.now() - 2 * DAY_MS));
    ids.mmPending = (await mm({ userId: null, msisdn: '256772123456', provider: 'airtel-ug', currency: 'UGX', amount: 1500 }, 1)).id;
    // Cards through the emulator's checkout, paid now.
    const card = async (plan: string) => {
      const { payment } = (await t.app.inject({ method: 'POST', url: '/api/billing/card-checkouts', headers: { cookie: viewer.cookie }, payload: { plan } })).json();
      const session = [...flw.sessions.values()].find((s) => s.redirectUrl.includes(payment.id))!.id;
      const u = new URL(flw.pay(session, 'successful').redirect);
      await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      return payment.id as string;
    };
    ids.cardWeekly = await card('weekly');
    ids.cardMonthly = await card('monthly');
  });
  afterAll(async () => {
    await t.stop();
    await flw.close();
  });

  const list = (who: { cookie: string } | null, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/payments${query}`, headers: who ? { cookie: who.cookie } : {} });
  const refund = (who: { cookie: string }, id: string) => t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/refund`, headers: { cookie: who.cookie } });

  it('is for admins and super admins only; refunds are for super admins only', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(viewer)).statusCode).toBe(403);
    expect((await list(viewer)).json().error.code).toBe('forbidden');
    expect((await list(admin)).statusCode).toBe(200);
    expect((await list(boss)).statusCode).toBe(200);
    expect((await list(admin)).headers['cache-control']).toBe('no-store');
    const denied = await refund(admin, ids.cardWeekly!);
    expect(denied.statusCode).toBe(403);
    expect((await t.db.executeSql('select refunded_at from payments where id = $1', [ids.cardWeekly])).rows[0]!.refunded_at).toBeNull();
  });

  it('lists every payment newest first with amount, method, masked number or card, account, plan or title', async () => {
    const { items, nextAfter } = (await list(admin)).json() as { items: Row[]; nextAfter: string | null };
    expect(nextAfter).toBeNull();
    const cards = [ids.cardWeekly, ids.cardMonthly];
    expect(items.map((p) => p.id).slice(2)).toEqual([ids.mmPending, ids.mmFailed, ids.mmOk]);
    expect(new Set(items.slice(0, 2).map((p) => p.id))).toEqual(new Set(cards));
    const byId = Object.fromEntries(items.map((p) => [p.id, p]));
    expect(byId[ids.cardWeekly!]).toMatchObject({ method: 'card', provider: 'card', status: 'successful', amount: 299, currency: 'USD', plan: 'weekly', msisdnMasked: null, card: { brand: 'MASTERCARD', last4: '2950' }, account: { id: viewer.id, email: 'kamana.viewer@example.com' }, refundedAt: null, refundedAmount: null });
    expect(byId[ids.mmOk!]).toMatchObject({ method: 'mobile_money', provider: 'mtn', status: 'successful', amount: 500, currency: 'RWF', plan: 'daily', msisdnMasked: '250788***456', card: null, account: { email: 'kamana.viewer@example.com' } });
    expect(byId[ids.mmFailed!]).toMatchObject({ kind: 'title', movieTitle: 'Inkotanyi', status: 'failed', reason: 'NOT_ENOUGH_FUNDS', amount: 1000 });
    expect(byId[ids.mmPending!]).toMatchObject({ status: 'pending', currency: 'UGX', amount: 1500, account: null, msisdnMasked: '256772***456' });
    // Never the full number.
    expect(JSON.stringify(items)).not.toContain('250788123456');
  });

  it('filters by status and by method, and pages after a payment id', async () => {
    const ofQuery = async (q: string) => ((await list(admin, q)).json().items as Row[]).map((p) => p.id);
    expect(await ofQuery('?status=failed')).toEqual([ids.mmFailed]);
    expect(await ofQuery('?method=mobile_money')).toEqual([ids.mmPending, ids.mmFailed, ids.mmOk]);
    expect((await ofQuery('?method=card')).sort()).toEqual([ids.cardWeekly, ids.cardMonthly].sort());
    expect(await ofQuery('?method=mobile_money&status=successful')).toEqual([ids.mmOk]);
    const all = await ofQuery('');
    const first = (await list(admin, '?limit=2')).json();
    expect(first.items.map((p: Row) => p.id)).toEqual(all.slice(0, 2));
    expect(first.nextAfter).toBe(all[1]);
    const second = (await list(admin, `?limit=2&after=${first.nextAfter}`)).json();
    expect(second.items.map((p: Row) => p.id)).toEqual(all.slice(2, 4));
    const last = (await list(admin, `?limit=2&after=${second.nextAfter}`)).json();
    expect(last).toEqual({ items: [expect.objectContaining({ id: all[4] })], nextAfter: null });
    expect(await ofQuery(`?after=${randomUUID()}`)).toEqual([]);
  });

  it('refuses bad filters and pages with 400', async () => {
    for (const q of ['?status=refunded', '?method=cash', '?limit=0', '?limit=101', '?after=not-an-id']) {
      const res = await list(admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code, q).toBe('validation_failed');
    }
  });

  it('shows a refund a super admin made from it', async () => {
    const res = await refund(boss, ids.cardMonthly!);
    expect(res.statusCode).toBe(200);
    const row = ((await list(admin, '?method=card')).json().items as Row[]).find((p) => p.id === ids.cardMonthly)!;
    expect(row).toMatchObject({ status: 'successful', refundedAt: expect.any(String), refundedAmount: 599, card: { brand: 'MASTERCARD', last4: '2950' } });
  });
});
