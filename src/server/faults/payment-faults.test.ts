/**
 * The server killed with SIGKILL while mobile-money payments wait for the payer (docs/product/architecture.md §5.4 "A
 * payment is settled once"; docs/decisions/004 and 008), on PGlite and on PostgreSQL, against the MTN MoMo emulator
 * (src/server/providers/payments/emulators/mtn-momo-emulator.ts) with PAYMENT_PROVIDER=mtn. Two pending payments
 * survive the kill: one the payer approves while the server is down (its callback lost), settled after the restart
 * while the reconciliation at start, two copies of the callback and the payer's polls race; the other approved after
 * the restart, its callback delivered twice beside polls. Each settles exactly once: one successful payment row, one
 * charge prompt at the operator, the daily pass extended by one day and not two.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLANS } from '../../shared/domain/plans.js';
import { startMtnMomoEmulator, type MtnMomoEmulator } from '../providers/payments/emulators/mtn-momo-emulator.js';
import { describeEachDb, waitFor } from '../test/harness.js';
import { createFaultSite, type FaultSite } from './support/child-server.js';
import { api, signedIn } from './support/site-client.js';

const MTN = { apiUser: randomUUID(), apiKey: 'faults-api-key-5e1f', subscriptionKey: 'faults-subscription-9c2d' };
const DAY_SECONDS = PLANS.daily.durationSeconds;

interface Payment {
  id: string;
  status: 'pending' | 'successful' | 'failed';
  settledAt: string | null;
}

describeEachDb('faults: the server killed while payments are pending', (kind) => {
  let site: FaultSite;
  let mtn: MtnMomoEmulator;

  beforeAll(async () => {
    // Callbacks are delivered by the test (never by the emulator), so their number and timing are the test's.
    mtn = await startMtnMomoEmulator({ ...MTN, deliverCallback: null });
    site = await createFaultSite(kind, {
      PAYMENT_PROVIDER: 'mtn',
      PAYMENT_TIMEOUT_SECONDS: '3',
      MTN_BASE_URL: mtn.url,
      MTN_API_USER: MTN.apiUser,
      MTN_API_KEY: MTN.apiKey,
      MTN_SUBSCRIPTION_KEY: MTN.subscriptionKey,
      MTN_TARGET_ENVIRONMENT: 'sandbox',
    });
    await site.start();
  }, 150_000);
  afterAll(async () => {
    await site?.dispose();
    await mtn?.close();
  }, 60_000);

  const payment = async (cookie: string, id: string) => (await api<{ payment: Payment }>(site, cookie, 'GET', `/api/billing/payments/${id}`)).payment;
  const callback = (id: string) => fetch(`${site.url}/api/billing/callbacks/mtn/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'SUCCESSFUL', externalId: id }) }).then((r) => r.status);
  /** The operator's record of our request to pay for payment `id` (exactly one: one charge prompt). */
  const operatorRecord = (id: string) => {
    const sent = [...mtn.requests.values()].filter((r) => r.externalId === id);
    expect(sent).toHaveLength(1);
    return sent[0]!;
  };
  const settled = (cookie: string, id: string) =>
    waitFor(async () => {
      const p = await payment(cookie, id);
      return p.status !== 'pending' ? p : null;
    }, 60);
  /** The pass of a user with no pass before: one daily extension ends DAY_SECONDS after the settlement. */
  async function expectOneDay(cookie: string, p: Payment) {
    const me = await api<{ pass: { plan: string; active: boolean; expiresAt: string } | null }>(site, cookie, 'GET', '/api/accounts/me');
    expect(me.pass).toMatchObject({ plan: 'daily', active: true });
    const days = (Date.parse(me.pass!.expiresAt) - Date.parse(p.settledAt!)) / 1000 / DAY_SECONDS;
    expect(days).toBeCloseTo(1, 2);
    const history = await api<{ payments: Payment[] }>(site, cookie, 'GET', '/api/billing/history');
    expect(history.payments.map((h) => [h.id, h.status])).toEqual([[p.id, 'successful']]);
  }

  it('settles each payment once after the restart, whatever races: lost and doubled callbacks, polls, the reconciliation', { timeout: 240_000 }, async () => {
    const early = await signedIn(site);
    const late = await signedIn(site);
    mtn.setOutcome('250788610001', { status: 'PENDING' });
    mtn.setOutcome('250788610002', { status: 'PENDING' });
    const a = (await api<{ payment: Payment }>(site, early, 'POST', '/api/billing/payments', { plan: 'daily', phone: '0788610001' }, 202)).payment;
    const b = (await api<{ payment: Payment }>(site, late, 'POST', '/api/billing/payments', { plan: 'daily', phone: '0788610002' }, 202)).payment;
    expect([a.status, b.status]).toEqual(['pending', 'pending']);
    await site.kill9();

    // The payer of `a` approves while the server is down; the operator's callback finds nobody.
    operatorRecord(a.id).outcome = { status: 'SUCCESSFUL' };
    expect(await callback(a.id).catch(() => 'refused')).toBe('refused');

    await site.start();
    // The callback retried twice at once, beside two polls, racing the reconciliation the server runs at start.
    const race = await Promise.all([callback(a.id), callback(a.id), payment(early, a.id), payment(early, a.id)]);
    expect(race.slice(0, 2)).toEqual([200, 200]);
    const settledA = await settled(early, a.id);
    expect(settledA.status).toBe('successful');
    await expectOneDay(early, settledA);

    // `b` was still pending across the kill; the payer approves now, and the callback comes twice beside polls.
    expect((await payment(late, b.id)).status).toBe('pending');
    operatorRecord(b.id).outcome = { status: 'SUCCESSFUL' };
    const raceB = await Promise.all([callback(b.id), payment(late, b.id), callback(b.id), payment(late, b.id)]);
    expect([raceB[0], raceB[2]]).toEqual([200, 200]);
    const settledB = await settled(late, b.id);
    expect(settledB.status).toBe('successful');
    await expectOneDay(late, settledB);

    // A callback arriving long after changes nothing.
    expect(await callback(a.id)).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await payment(early, a.id)).toEqual(settledA);
    operatorRecord(a.id);
    operatorRecord(b.id);

    // In the database itself (on PGlite, the folder opened again after the kill): one row each, one pass each.
    expect(await site.stop()).toBe(0);
    const rows = await site.sql(`select p.id, p.status, (select count(*)::int from subscriptions s where s.user_id = p.user_id) as passes from payments p order by p.created_at`);
    expect(rows).toEqual([
      { id: a.id, status: 'successful', passes: 1 },
      { id: b.id, status: 'successful', passes: 1 },
    ]);
  });
});
