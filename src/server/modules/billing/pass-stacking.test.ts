/**
 * Buying a pass on top of a pass (docs/decisions/019), through sandbox mobile money and settlement, on both
 * databases: for every pair (plan in force, plan bought) the plan in force after paying, its limits (quality cap,
 * streams, downloads) as playback reports them, the queued passes, and what takes over when the first one ends
 * (computed on read, then written by the expiry job). Grants (command line, support) follow the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { planRank } from '../../../shared/domain/pass-stacking.js';
import { PLAN_IDS, PLANS, type PlanId } from '../../../shared/domain/plans.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const S = 1000;
const better = (a: PlanId, b: PlanId) => planRank(a) > planRank(b);
const limitsOf = (p: PlanId) => ({ maxHeight: PLANS[p].maxHeight, streams: PLANS[p].devices, downloads: PLANS[p].downloads });
const PAIRS = PLAN_IDS.flatMap((current) => PLAN_IDS.map((bought) => [current, bought] as const));

describeEachDb('buying a pass on top of a pass', (kind) => {
  let t: TestApp;
  let movieId: string;
  let phone = 1_000_100;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const movie = await t.services.catalog.create({ title: 'Stacking film', category: 'drama', isPremium: true });
    const { rows } = await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
    await t.db.executeSql('update movies set video_id = $1 where id = $2', [rows[0]!.id, movie.id]);
    movieId = movie.id;
  });
  afterAll(() => t.stop());

  const history = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: { cookie } })).json();
  /** Pays for `plan` from a fresh sandbox number that approves, and polls until it settles. */
  async function buy(cookie: string, plan: PlanId) {
    const created = await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie }, payload: { plan, phone: `078${phone++}` } });
    expect(created.statusCode).toBe(202);
    const id = created.json().payment.id as string;
    const done = await t.app.inject({ method: 'GET', url: `/api/billing/payments/${id}`, headers: { cookie } });
    expect(done.json().payment.status).toBe('successful');
  }
  /** The limits playback applies to the viewer at `now`: quality cap (from a playback answer), streams, downloads. */
  async function limitsAt(user: SessionUser, now: Date) {
    const played = await t.services.playback.signedMaster(user, movieId, {}, now);
    const sessions = await t.services.playback.sessions(user, now);
    const quota = await t.services.playback.downloadQuota(user, now);
    return { maxHeight: played.maxHeight, streams: sessions.limit, downloads: quota.limit };
  }
  const queuedRows = async (userId: string) =>
    (await t.db.executeSql('select plan, seconds::int as seconds, source from queued_passes where user_id = $1 order by seconds', [userId])).rows as { plan: PlanId; seconds: number; source: string }[];

  describe.each(PAIRS)('%s in force, %s bought', (current, bought) => {
    it('keeps every day paid for at its plan, the better plan first', async () => {
      const v = await signUp(t);
      const user: SessionUser = { id: v.id, email: v.email, name: 'Test Person', role: 'user' };
      await buy(v.cookie, current);
      const firstEnd = new Date((await history(v.cookie)).pass.expiresAt).getTime();
      const paidAt = Date.now();
      await buy(v.cookie, bought);

      const h = await history(v.cookie);
      const now = new Date();
      const inForce = better(bought, current) ? bought : current;
      expect(h.pass).toMatchObject({ plan: inForce, status: 'active', active: true });
      expect(await limitsAt(user, now)).toEqual(limitsOf(inForce));

      const timeline = h.pass.timeline.map((x: { plan: PlanId; startsAt: string; endsAt: string }) => ({ plan: x.plan, startsAt: Date.parse(x.startsAt), endsAt: Date.parse(x.endsAt) }));
      const end = timeline[0].endsAt;
      if (current === bought) {
        // The same plan: one pass, longer by exactly the plan's duration.
        expect(timeline.map((x: { plan: PlanId }) => x.plan)).toEqual([current]);
        expect(end - firstEnd).toBe(PLANS[current].durationSeconds * S);
        expect(await queuedRows(v.id)).toEqual([]);
        return;
      }
      expect(timeline.map((x: { plan: PlanId }) => x.plan)).toEqual(better(bought, current) ? [bought, current] : [current, bought]);
      expect(timeline[1].startsAt).toBe(end);
      const [queued] = await queuedRows(v.id);
      if (better(bought, current)) {
        // The better pass runs from now for its whole length; what was left of the lesser one waits, whole.
        expect(Math.abs(end - (paidAt + PLANS[bought].durationSeconds * S))).toBeLessThan(60 * S);
        const left = (firstEnd - Date.parse(h.pass.timeline[0].startsAt)) / S;
        expect(queued).toMatchObject({ plan: current, source: 'payment' });
        expect(Math.abs(queued!.seconds - left)).toBeLessThanOrEqual(1);
      } else {
        // The lesser pass waits, whole, until the better one in force ends; the one in force is untouched.
        expect(end).toBe(firstEnd);
        expect(queued).toEqual({ plan: bought, seconds: PLANS[bought].durationSeconds, source: 'payment' });
      }

      // A second after the first pass ends, the queued one is in force with its own limits, before and after the job writes it.
      const next = timeline[1].plan as PlanId;
      const after = new Date(end + S);
      expect(await t.services.billingRepo.passOf(v.id, after)).toMatchObject({ plan: next, status: 'active', expiresAt: new Date(timeline[1].endsAt), updatedAt: new Date(end) });
      expect(await limitsAt(user, after)).toEqual(limitsOf(next));
      expect(await t.services.billingRepo.expirePasses(after)).toBeGreaterThanOrEqual(1);
      const row = (await t.db.executeSql('select plan, status, expires_at from subscriptions where user_id = $1', [v.id])).rows[0] as { plan: string; status: string; expires_at: Date | string };
      expect(row).toMatchObject({ plan: next, status: 'active' });
      expect(new Date(row.expires_at).getTime()).toBe(timeline[1].endsAt);
      expect(await queuedRows(v.id)).toEqual([]);
      // And when that one ends too, the pass expires.
      await t.services.billingRepo.expirePasses(new Date(timeline[1].endsAt + S));
      expect((await t.db.executeSql('select status from subscriptions where user_id = $1', [v.id])).rows[0]).toEqual({ status: 'expired' });
    });
  });

  it('runs a granted lesser pass after a paid Yearly, and a granted Yearly before a paid Daily, recorded as grants', async () => {
    const a = await signUp(t);
    await buy(a.cookie, 'yearly');
    const yearlyEnd = (await t.services.billingRepo.passOf(a.id))!.expiresAt.getTime();
    const granted = await t.services.billing.grantPass(a.id, 'weekly');
    expect(granted).toMatchObject({ plan: 'yearly', source: 'payment' });
    expect(granted.expiresAt.getTime()).toBe(yearlyEnd);
    expect(await queuedRows(a.id)).toEqual([{ plan: 'weekly', seconds: PLANS.weekly.durationSeconds, source: 'grant' }]);
    const timeline = await t.services.billing.passTimeline(a.id);
    expect(timeline.map((x) => [x.plan, x.startsAt.getTime() === yearlyEnd || x.plan === 'yearly'])).toEqual([
      ['yearly', true],
      ['weekly', true],
    ]);

    const b = await signUp(t);
    await buy(b.cookie, 'daily');
    const yearly = await t.services.billing.grantPass(b.id, 'yearly');
    expect(yearly).toMatchObject({ plan: 'yearly', source: 'grant', status: 'active' });
    expect(await queuedRows(b.id)).toMatchObject([{ plan: 'daily', source: 'payment' }]);
    // After the granted year, the paid Daily resumes with its own source.
    expect(await t.services.billingRepo.passOf(b.id, new Date(yearly.expiresAt.getTime() + S))).toMatchObject({ plan: 'daily', source: 'payment' });
  });

  it('adds time of the same plan queued twice into one waiting pass', async () => {
    const v = await signUp(t);
    await buy(v.cookie, 'monthly');
    await buy(v.cookie, 'daily');
    await t.services.billing.grantPass(v.id, 'daily');
    expect(await queuedRows(v.id)).toEqual([{ plan: 'daily', seconds: 2 * PLANS.daily.durationSeconds, source: 'grant' }]);
    expect((await history(v.cookie)).pass.timeline.map((x: { plan: string }) => x.plan)).toEqual(['monthly', 'daily']);
  });

  it('keeps both passes when a Daily and a Weekly first pass settle at the same instant', async () => {
    const v = await signUp(t);
    const pay = async (plan: PlanId) =>
      (await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan, phone: `078${phone++}` } })).json().payment.id as string;
    const [a, b] = [await pay('daily'), await pay('weekly')];
    const at = new Date();
    await Promise.all([t.services.billingRepo.settle(a, { status: 'successful', reason: null }, at), t.services.billingRepo.settle(b, { status: 'successful', reason: null }, at)]);
    const timeline = await t.services.billingRepo.passTimelineOf(v.id, at);
    expect(timeline.map((x) => [x.plan, (x.endsAt.getTime() - x.startsAt.getTime()) / S])).toEqual([
      ['weekly', PLANS.weekly.durationSeconds],
      ['daily', PLANS.daily.durationSeconds],
    ]);
  });
});
