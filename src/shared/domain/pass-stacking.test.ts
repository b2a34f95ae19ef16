import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advancePass, buyPass, normaliseQueue, passTimeline, planRank, purchaseEffect, refundPass, type PassState } from './pass-stacking.js';
import { PLAN_IDS, PLANS, type PlanId } from './plans.js';

const now = new Date('2026-11-26T10:00:00Z');
const H = 3600;
const at = (secondsFromNow: number) => new Date(now.getTime() + secondsFromNow * 1000);
const dur = (p: PlanId) => PLANS[p].durationSeconds;
const none: PassState = { current: null, queued: [] };
/** A state with `plan` in force since an hour ago and `left` seconds to go. */
const running = (plan: PlanId, left: number): PassState => ({ current: { plan, startsAt: at(-H), expiresAt: at(left) }, queued: [] });
/** Plan and length in seconds of each segment of a timeline. */
const shape = (s: PassState, when = now) => passTimeline(when, s).map((x) => [x.plan, (x.endsAt.getTime() - x.startsAt.getTime()) / 1000]);
/** Seconds owed per plan from `when` on. */
const owed = (s: PassState, when = now) => {
  const out: Partial<Record<PlanId, number>> = {};
  for (const x of passTimeline(when, s)) out[x.plan] = (out[x.plan] ?? 0) + (x.endsAt.getTime() - Math.max(x.startsAt.getTime(), when.getTime())) / 1000;
  return out;
};

describe('buying a pass on top of a pass (ADR 019)', () => {
  it('orders the plans so that each is at least as good as the one before in quality, streams and downloads', () => {
    const height = (p: PlanId) => PLANS[p].maxHeight ?? Infinity;
    const downloads = (p: PlanId) => PLANS[p].downloads ?? Infinity;
    for (let i = 1; i < PLAN_IDS.length; i++) {
      const [lo, hi] = [PLAN_IDS[i - 1]!, PLAN_IDS[i]!];
      expect(planRank(hi)).toBeGreaterThan(planRank(lo));
      expect(height(hi)).toBeGreaterThanOrEqual(height(lo));
      expect(PLANS[hi].devices).toBeGreaterThan(PLANS[lo].devices);
      expect(downloads(hi)).toBeGreaterThan(downloads(lo));
    }
  });

  it('keeps a running Yearly in force when a Daily is bought, and runs the Daily after it', () => {
    const s = buyPass(now, running('yearly', 300 * 24 * H), 'daily');
    expect(s.current).toMatchObject({ plan: 'yearly', expiresAt: at(300 * 24 * H) });
    expect(shape(s)).toEqual([
      ['yearly', 300 * 24 * H + H],
      ['daily', 24 * H],
    ]);
    expect(purchaseEffect(now, running('yearly', 300 * 24 * H), 'daily')).toEqual({ kind: 'queued', plan: 'daily', startsAt: at(300 * 24 * H), endsAt: at(301 * 24 * H), after: 'yearly' });
  });

  it('puts a better pass in force at once and resumes the rest of the lesser one after it', () => {
    const s = buyPass(now, running('daily', 20 * H), 'yearly');
    expect(s.current).toEqual({ plan: 'yearly', startsAt: now, expiresAt: at(dur('yearly')) });
    expect(s.queued).toEqual([{ plan: 'daily', seconds: 20 * H }]);
    expect(purchaseEffect(now, running('daily', 20 * H), 'yearly')).toEqual({ kind: 'takes_over', plan: 'yearly', startsAt: now, endsAt: at(dur('yearly')), paused: { plan: 'daily', seconds: 20 * H } });
    // A year on, the 20 hours of Daily run, then nothing.
    const later = at(dur('yearly') + H);
    expect(advancePass(later, s).current).toEqual({ plan: 'daily', startsAt: at(dur('yearly')), expiresAt: at(dur('yearly') + 20 * H) });
    expect(passTimeline(at(dur('yearly') + 21 * H), s)).toEqual([]);
  });

  it('extends the plan in force when the same plan is bought', () => {
    const s = buyPass(now, running('weekly', 2 * 24 * H), 'weekly');
    expect(s).toEqual({ current: { plan: 'weekly', startsAt: at(-H), expiresAt: at(9 * 24 * H) }, queued: [] });
    expect(purchaseEffect(now, running('weekly', 2 * 24 * H), 'weekly').kind).toBe('extends');
  });

  it('starts a pass now when the last one ended, whatever it was', () => {
    const lapsed = running('yearly', -60);
    expect(buyPass(now, lapsed, 'daily')).toEqual({ current: { plan: 'daily', startsAt: now, expiresAt: at(24 * H) }, queued: [] });
    expect(purchaseEffect(now, none, 'monthly')).toEqual({ kind: 'starts_now', plan: 'monthly', startsAt: now, endsAt: at(dur('monthly')) });
  });

  it('puts a middle plan between the better one in force and a lesser one queued', () => {
    let s = buyPass(now, running('yearly', 10 * 24 * H), 'daily');
    s = buyPass(now, s, 'monthly');
    expect(shape(s).map(([p]) => p)).toEqual(['yearly', 'monthly', 'daily']);
    expect(purchaseEffect(now, s, 'weekly')).toMatchObject({ kind: 'queued', after: 'monthly', startsAt: at(40 * 24 * H) });
  });

  it('starts the next queued pass at the instant the previous one ended, however late it is looked at', () => {
    const s: PassState = { current: { plan: 'monthly', startsAt: at(-30 * 24 * H), expiresAt: at(-10 * H) }, queued: [{ plan: 'daily', seconds: 24 * H }, { plan: 'weekly', seconds: 7 * 24 * H }] };
    const a = advancePass(now, s);
    expect(a.current).toEqual({ plan: 'weekly', startsAt: at(-10 * H), expiresAt: at(-10 * H + 7 * 24 * H) });
    expect(a.queued).toEqual([{ plan: 'daily', seconds: 24 * H }]);
    expect(advancePass(at(8 * 24 * H), s).current).toMatchObject({ plan: 'daily', startsAt: at(-10 * H + 7 * 24 * H) });
  });

  it('merges queued time of the same plan and drops empty entries', () => {
    expect(normaliseQueue([{ plan: 'daily', seconds: 5 }, { plan: 'monthly', seconds: 0 }, { plan: 'weekly', seconds: 7 }, { plan: 'daily', seconds: 3 }])).toEqual([
      { plan: 'weekly', seconds: 7 },
      { plan: 'daily', seconds: 8 },
    ]);
  });

  it('for any purchases at any times, owes every second paid for at the plan paid for, and never runs a lesser plan before a better one', () => {
    const step = fc.record({ plan: fc.constantFrom(...PLAN_IDS), gap: fc.integer({ min: 0, max: 40 * 24 * H }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let s: PassState = none;
        let when = now;
        for (const { plan, gap } of steps) {
          when = new Date(when.getTime() + gap * 1000);
          const before = owed(s, when);
          s = buyPass(when, s, plan);
          const after = owed(s, when);
          // Exactly the plan's duration is added, to that plan; every other plan keeps what it was owed.
          for (const p of PLAN_IDS) expect(after[p] ?? 0).toBeCloseTo((before[p] ?? 0) + (p === plan ? dur(p) : 0), 0);
          // Best plan first, back to back.
          const t = passTimeline(when, s);
          for (let i = 1; i < t.length; i++) {
            expect(planRank(t[i]!.plan)).toBeLessThan(planRank(t[i - 1]!.plan));
            expect(t[i]!.startsAt.getTime()).toBe(t[i - 1]!.endsAt.getTime());
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('taking back a refunded pass (docs/decisions/045-card-refunds.md)', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const DAY = 86400;
  const at = (s: number) => new Date(now.getTime() + s * 1000);

  it('removes a queued pass of that plan before touching the pass in force', () => {
    const state: PassState = { current: { plan: 'monthly', startsAt: now, expiresAt: at(30 * DAY) }, queued: [{ plan: 'weekly', seconds: 7 * DAY }] };
    const r = refundPass(now, state, 'weekly');
    expect(r.secondsTaken).toBe(7 * DAY);
    expect(r.state).toEqual({ current: state.current, queued: [] });
  });

  it('shortens the pass in force of that plan from its end, never before now', () => {
    const twoWeeks: PassState = { current: { plan: 'weekly', startsAt: now, expiresAt: at(14 * DAY) }, queued: [] };
    expect(refundPass(now, twoWeeks, 'weekly')).toEqual({ state: { current: { ...twoWeeks.current!, expiresAt: at(7 * DAY) }, queued: [] }, secondsTaken: 7 * DAY });
    const twoDaysLeft: PassState = { current: { plan: 'weekly', startsAt: at(-5 * DAY), expiresAt: at(2 * DAY) }, queued: [] };
    expect(refundPass(now, twoDaysLeft, 'weekly')).toEqual({ state: { current: { ...twoDaysLeft.current!, expiresAt: now }, queued: [] }, secondsTaken: 2 * DAY });
  });

  it('never takes another plan\'s time, and takes nothing once that plan\'s time is spent', () => {
    const state: PassState = { current: { plan: 'yearly', startsAt: now, expiresAt: at(365 * DAY) }, queued: [{ plan: 'daily', seconds: DAY }] };
    expect(refundPass(now, state, 'weekly')).toEqual({ state, secondsTaken: 0 });
    expect(refundPass(now, { current: null, queued: [] }, 'daily')).toEqual({ state: { current: null, queued: [] }, secondsTaken: 0 });
  });

  it('takes back at most what buying it added, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PLAN_IDS), { minLength: 1, maxLength: 5 }), fc.nat({ max: 4 }), (bought, k) => {
        let s: PassState = { current: null, queued: [] };
        for (const p of bought) s = buyPass(now, s, p);
        const plan = bought[k % bought.length]!;
        const owed = (x: PassState) => (x.current ? (x.current.expiresAt.getTime() - now.getTime()) / 1000 : 0) + x.queued.reduce((a, q) => a + q.seconds, 0);
        const r = refundPass(now, s, plan);
        return r.secondsTaken === PLANS[plan].durationSeconds && owed(s) - owed(r.state) === r.secondsTaken;
      }),
    );
  });
});
