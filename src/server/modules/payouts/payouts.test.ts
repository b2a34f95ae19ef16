/**
 * The payout run (docs/decisions/052-payout-run.md) on PGlite and PostgreSQL, on the sandbox clients and on the MTN
 * disbursement emulator (which counts transfer requests per reference and payments per payee): a payout paid; a
 * number refused or not registered; a transfer that times out yet was made, paid once; a restart finding a `created`
 * row whose transfer reached the operator, not sent again; an amount under the minimum carried and paid next month
 * with the sum; USD and numberless holders carried and listed; a retry after the number is corrected; two runs at
 * once; and the routes: who may call them, bad months, months not closed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PayoutView } from '../../../shared/contracts/payouts.js';
import { createMtnMomoDisbursement } from '../../providers/disbursement/mtn-momo-disbursement.js';
import type { DisbursementProviders } from '../../providers/disbursement/disbursement-operators.js';
import { createDisbursementProviders } from '../../providers/disbursement/disbursement-operators.js';
import { type MtnMomoDisbursementEmulator, startMtnMomoDisbursementEmulator } from '../../providers/disbursement/emulators/mtn-momo-disbursement-emulator.js';
import { SANDBOX_PAYOUT_NUMBERS, type SandboxTransfer } from '../../providers/disbursement/sandbox-disbursement.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addParty, addTranslator, closeMonth } from '../../test/payout-test-bed.js';
import { createPayablesSource } from './payables.repository.js';
import { createPayoutsRepository } from './payouts.repository.js';
import { createPayoutsService } from './payouts.service.js';

const CREDS = { apiUser: randomUUID(), apiKey: '0c2a41f5b7e94c1d8f3a6b2e9d7c5a13', subscriptionKey: '7d9e2b4c1a3f4e6b8c0d2e4f6a8b0c1d' };
const RULES = { minimums: { RWF: 1000, UGX: 5000 }, pollSeconds: 0.05 };

describeEachDb('payout run', (kind) => {
  let t: TestApp;
  let mtn: MtnMomoDisbursementEmulator;
  let superAdmin: string;
  let admin: string;
  const exec = (text: string, values?: unknown[]) => t.db.executeSql(text, values);
  let monthSeq = 0;
  /** The rows of `holders` only: the tests share one database, and carried amounts of earlier tests' months move on. */
  const of = <P extends { holderKey: string }>(rows: P[], ...holders: { key: string }[]) => rows.filter((r) => holders.some((h) => h.key === r.holderKey));
  /** A fresh month per test (the database is shared by the tests of this file). */
  const nextMonth = () => `20${String(30 + Math.floor(monthSeq / 12)).padStart(2, '0')}-${String((monthSeq++ % 12) + 1).padStart(2, '0')}`;

  /** A service on the sandbox clients sharing `store` (a "restart" keeps it, as an operator keeps its transfers). */
  const sandboxService = (store = new Map<string, SandboxTransfer>()) => ({
    store,
    svc: createPayoutsService({ repo: createPayoutsRepository(t.db.db), payables: createPayablesSource(t.db.db), providers: createDisbursementProviders(t.config.disbursements, { store }), rules: RULES }),
  });
  /** A service whose MTN Rwanda payouts go to the emulator (live client), Airtel's off. */
  const mtnService = (timeoutMs = 2000) => {
    const client = createMtnMomoDisbursement({ baseUrl: mtn.url, ...CREDS, targetEnvironment: 'mtnrwanda', currency: 'RWF', retry: { baseDelayMs: 5, timeoutMs } });
    const providers: DisbursementProviders = { forOperator: (o) => (o === 'mtn' ? client : null), byName: (n) => (n === 'mtn' ? client : null) };
    return { client, svc: createPayoutsService({ repo: createPayoutsRepository(t.db.db), payables: createPayablesSource(t.db.db), providers, rules: RULES }) };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    mtn = await startMtnMomoDisbursementEmulator({ ...CREDS, targetEnvironment: 'mtnrwanda', currency: 'RWF', deliver: null });
    superAdmin = (await signUp(t, 'super_admin')).cookie;
    admin = (await signUp(t, 'admin')).cookie;
  });
  afterAll(async () => {
    await mtn?.close();
    await t?.stop();
  });
  afterEach(() => mtn.calls.clear());

  it('pays a holder its closed month once; a second run sends nothing', async () => {
    const month = nextMonth();
    const a = await addTranslator(exec, 'Junior Giti', '250788123456');
    const p = await addParty(exec, 'Studio Kigali', '256772123456');
    await closeMonth(exec, month, [
      { holder: a, name: 'Junior Giti', currency: 'RWF', amount: 5000 },
      { holder: p, name: 'Studio Kigali', currency: 'UGX', amount: 20000 },
    ]);
    const { svc, store } = sandboxService();
    const r = await svc.run(month);
    expect(of(r.payouts, a, p).map((x) => x.status)).toEqual(['successful', 'successful']);
    const paid = r.payouts.find((x) => x.holderKey === a.key)!;
    expect(paid).toMatchObject({ amount: 5000, currency: 'RWF', msisdn: '250788123456', country: 'RW', provider: 'sandbox', status: 'successful' });
    expect(paid.operatorTransactionId).toMatch(/^\d+$/);
    expect(r.payouts.find((x) => x.holderKey === p.key)).toMatchObject({ amount: 20000, currency: 'UGX', country: 'UG', status: 'successful' });
    expect([...store.values()].map((s) => s.payments)).toEqual([1, 1]);
    const again = await svc.run(month);
    expect(again.payouts.map((x) => x.id).sort()).toEqual(r.payouts.map((x) => x.id).sort());
    expect(store.size).toBe(2);
    expect(r.counts.successful).toBe(2);
  });

  it('records a refused number and a payee not registered with their reasons', async () => {
    const month = nextMonth();
    const barred = await addTranslator(exec, 'Barred Wallet', SANDBOX_PAYOUT_NUMBERS.barred);
    const unknown = await addTranslator(exec, 'No Wallet', SANDBOX_PAYOUT_NUMBERS.notRegistered);
    await closeMonth(exec, month, [
      { holder: barred, name: 'Barred Wallet', currency: 'RWF', amount: 3000 },
      { holder: unknown, name: 'No Wallet', currency: 'RWF', amount: 4000 },
    ]);
    const { svc, store } = sandboxService();
    const r = await svc.run(month);
    expect(r.payouts.find((x) => x.holderKey === barred.key)).toMatchObject({ status: 'refused', reason: 'PAYEE_NOT_ALLOWED' });
    expect(r.payouts.find((x) => x.holderKey === unknown.key)).toMatchObject({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
    expect([...store.values()].reduce((s, x) => s + x.payments, 0)).toBe(0);
    // A run again does not send them again: the super admin retries (below).
    const again = await svc.run(month);
    expect(of(again.payouts, barred, unknown).map((x) => x.status).sort()).toEqual(['failed', 'refused']);
  });

  it('a transfer that times out but was made is paid once (emulator: one transfer, one payment)', async () => {
    const month = nextMonth();
    const a = await addTranslator(exec, 'Slow Network', '250788000111');
    await closeMonth(exec, month, [{ holder: a, name: 'Slow Network', currency: 'RWF', amount: 8000 }]);
    const { svc } = mtnService(150);
    // Every try of the transfer (1 + the client's 3 retries) is done by MTN but answered too late.
    mtn.fault('transfer', { delayMs: 400 }, 4);
    const r = await svc.run(month);
    expect(mtn.posts.get(of(r.payouts, a)[0]!.id)).toBe(4);
    const row = of(r.payouts, a)[0]!;
    expect(row).toMatchObject({ status: 'successful', amount: 8000, provider: 'mtn' });
    expect(mtn.transfers.get(row.id)).toMatchObject({ amount: '8000', currency: 'RWF', partyId: '250788000111' });
    expect(mtn.paidTo('250788000111')).toBe(1);
    expect(mtn.transfers.size).toBeGreaterThan(0);
    expect([...mtn.transfers.values()].filter((x) => x.partyId === '250788000111')).toHaveLength(1);
  });

  /** What a run killed right after storing a row leaves: a closed month and its holder's row committed `created`. */
  async function leftCreated(name: string, msisdn: string) {
    const month = nextMonth();
    const a = await addTranslator(exec, name, msisdn);
    await closeMonth(exec, month, [{ holder: a, name, currency: 'RWF', amount: 6000 }]);
    const repo = createPayoutsRepository(t.db.db);
    const row = (await repo.makeOnce({ month, holderKey: a.key, currency: 'RWF' }, () => ({ id: randomUUID(), holderName: name, amount: 6000, status: 'created', msisdn, country: 'RW', provider: 'mtn' })))!;
    return { month, a, row };
  }

  it('a restart finds a created row whose transfer reached MTN: asks first, sends nothing again', async () => {
    const { month, a, row } = await leftCreated('Killed Run', '250788000222');
    const { svc, client } = mtnService();
    // The run was killed after its transfer reached MTN, before it stored the answer.
    expect(await client.transfer({ referenceId: row.id, msisdn: '250788000222', country: 'RW', amount: 6000, currency: 'RWF', note: 'x' })).toEqual({ outcome: 'accepted' });
    expect(mtn.posts.get(row.id)).toBe(1);
    const r = await svc.run(month);
    expect(of(r.payouts, a)).toEqual([expect.objectContaining({ id: row.id, status: 'successful' })]);
    expect(mtn.posts.get(row.id)).toBe(1);
    expect(mtn.paidTo('250788000222')).toBe(1);
  });

  it('a created row whose transfer never left is sent under the same reference, once', async () => {
    const { month, a, row } = await leftCreated('Killed Before Send', '250788000333');
    const r = await mtnService().svc.run(month);
    expect(of(r.payouts, a)).toEqual([expect.objectContaining({ id: row.id, status: 'successful' })]);
    expect(mtn.posts.get(row.id)).toBe(1);
    expect(mtn.paidTo('250788000333')).toBe(1);
  });

  it('carries an amount under the minimum, and pays it with the next month’s; USD and numberless holders carried and listed', async () => {
    const oct = nextMonth();
    const nov = nextMonth();
    const a = await addTranslator(exec, 'Small Earner', '250788000444');
    const none = await addTranslator(exec, 'No Phone', null);
    await closeMonth(exec, oct, [
      { holder: a, name: 'Small Earner', currency: 'RWF', amount: 600 },
      { holder: a, name: 'Small Earner', currency: 'USD', amount: 250 },
      { holder: none, name: 'No Phone', currency: 'RWF', amount: 9000 },
    ]);
    const { svc, store } = sandboxService();
    const first = await svc.run(oct);
    expect(of(first.payouts, a, none).map((x) => x.status)).toEqual(['carried', 'carried', 'carried']);
    const small = first.payouts.find((x) => x.currency === 'RWF' && x.holderKey === a.key)!;
    expect(small).toMatchObject({ status: 'carried', reason: 'BELOW_MINIMUM', amount: 600 });
    expect(first.payouts.find((x) => x.currency === 'USD')).toMatchObject({ status: 'carried', reason: 'CURRENCY_NOT_PAID', amount: 250 });
    expect(first.payouts.find((x) => x.holderKey === none.key)).toMatchObject({ status: 'carried', reason: 'NO_NUMBER', msisdn: null, amount: 9000 });
    expect(store.size).toBe(0);

    await closeMonth(exec, nov, [{ holder: a, name: 'Small Earner', currency: 'RWF', amount: 700 }]);
    const second = await svc.run(nov);
    const paid = second.payouts.find((x) => x.currency === 'RWF' && x.holderKey === a.key)!;
    expect(paid).toMatchObject({ status: 'successful', amount: 1300, carriedIn: 600 });
    expect([...store.values()]).toEqual([expect.objectContaining({ amount: 1300, payments: 1 })]);
    // The numberless holder's 9000 and the USD 250 move on, carried again with their reasons; nothing is lost.
    expect(second.payouts.find((x) => x.holderKey === none.key)).toMatchObject({ status: 'carried', reason: 'NO_NUMBER', amount: 9000, carriedIn: 9000 });
    expect(second.payouts.find((x) => x.currency === 'USD')).toMatchObject({ status: 'carried', reason: 'CURRENCY_NOT_PAID', amount: 250 });
    const octAfter = (await svc.list(oct)).payouts;
    expect(octAfter.find((x) => x.id === small.id)!.carriedInto).toBe(paid.id);
    // Run again: the carried amounts are not taken twice.
    const third = await svc.run(nov);
    expect(third.payouts.map((x) => x.id).sort()).toEqual(second.payouts.map((x) => x.id).sort());
    expect(store.size).toBe(1);
  });

  it('two runs at once pay each holder once', async () => {
    const month = nextMonth();
    const holders = await Promise.all([1, 2, 3, 4].map((i) => addTranslator(exec, `Twin ${i}`, `25078800055${i}`)));
    await closeMonth(exec, month, holders.map((h, i) => ({ holder: h, name: `Twin ${i + 1}`, currency: 'RWF', amount: 2000 + i })));
    const { svc } = mtnService();
    const [r1, r2] = await Promise.all([svc.run(month), svc.run(month)]);
    expect(of(r1.payouts, ...holders)).toHaveLength(4);
    expect(of(r2.payouts, ...holders).filter((p) => p.status === 'successful')).toHaveLength(4);
    for (let i = 1; i <= 4; i++) expect(mtn.paidTo(`25078800055${i}`)).toBe(1);
  });

  it('a super admin retries a failed payout after correcting the number: a new reference, the old one superseded', async () => {
    const month = nextMonth();
    const a = await addTranslator(exec, 'Wrong Number', SANDBOX_PAYOUT_NUMBERS.notRegistered);
    await closeMonth(exec, month, [{ holder: a, name: 'Wrong Number', currency: 'RWF', amount: 4500 }]);
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: superAdmin }, payload: { month } });
    expect(run.statusCode).toBe(200);
    const failed = of(run.json().payouts as PayoutView[], a)[0]!;
    expect(failed).toMatchObject({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });

    // The number is corrected on the translator, then the payout retried without one: the holder's number now.
    await exec('update translators set phone = $1 where id = $2', ['250788000666', a.id]);
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${failed.id}/retry`, headers: { cookie: superAdmin }, payload: {} });
    expect(retry.statusCode).toBe(201);
    const fresh = retry.json().payout;
    expect(fresh).toMatchObject({ status: 'successful', msisdn: '250788000666', amount: 4500 });
    expect(fresh.id).not.toBe(failed.id);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/payouts?month=${month}`, headers: { cookie: superAdmin } });
    expect(list.json()).toMatchObject({ month, closed: true });
    expect(list.json().payouts.find((p: { id: string }) => p.id === failed.id)).toMatchObject({ status: 'failed', supersededBy: fresh.id });

    // The old row cannot be retried again; a successful one not at all; a bad number is refused; an unknown id is 404.
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${failed.id}/retry`, headers: { cookie: superAdmin }, payload: { msisdn: '0788000777' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('conflict');
    const paid = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${fresh.id}/retry`, headers: { cookie: superAdmin }, payload: {} });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/successful cannot be retried/);
    const missing = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${randomUUID()}/retry`, headers: { cookie: superAdmin }, payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('retries a numberless holder’s carried payout with a number typed by the super admin; a bad number is refused', async () => {
    const month = nextMonth();
    const a = await addTranslator(exec, 'Later Phone', null);
    await closeMonth(exec, month, [{ holder: a, name: 'Later Phone', currency: 'RWF', amount: 3000 }]);
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: superAdmin }, payload: { month } });
    const carried = of(run.json().payouts as PayoutView[], a)[0]!;
    expect(carried).toMatchObject({ status: 'carried', reason: 'NO_NUMBER' });
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${carried.id}/retry`, headers: { cookie: superAdmin }, payload: { msisdn: '0612345678' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_msisdn');
    const still = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${carried.id}/retry`, headers: { cookie: superAdmin }, payload: {} });
    expect(still.statusCode).toBe(409);
    expect(still.json().error.message).toMatch(/NO_NUMBER/);
    const ok = await t.app.inject({ method: 'POST', url: `/api/admin/payouts/${carried.id}/retry`, headers: { cookie: superAdmin }, payload: { msisdn: '0788 000 888' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payout).toMatchObject({ status: 'successful', msisdn: '250788000888', amount: 3000 });
  });

  it('routes: super admins only; a bad month is 400, a month not closed 409 and nothing is made', async () => {
    const month = nextMonth();
    const calls = [
      { method: 'GET' as const, url: `/api/admin/payouts?month=${month}` },
      { method: 'POST' as const, url: '/api/admin/payouts/run', payload: { month } },
      { method: 'POST' as const, url: `/api/admin/payouts/${randomUUID()}/retry`, payload: {} },
    ];
    for (const c of calls) {
      expect((await t.app.inject(c)).statusCode, `${c.method} ${c.url} anonymous`).toBe(401);
      expect((await t.app.inject({ ...c, headers: { cookie: admin } })).statusCode, `${c.method} ${c.url} admin`).toBe(403);
    }
    const open = await t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: superAdmin }, payload: { month } });
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toMatch(/not closed/);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/payouts?month=${month}`, headers: { cookie: superAdmin } });
    expect(list.json()).toEqual({ month, closed: false, payouts: [] });
    for (const bad of ['2026-13', '2026-1', 'october']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: superAdmin }, payload: { month: bad } });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
  });
});
