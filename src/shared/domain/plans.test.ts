import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendExpiry, isPassActive, planSaving, PLANS, remainingTime, remainingTimeText, withPrices } from './plans.js';

const now = new Date('2026-11-22T10:00:00Z');

describe('pass arithmetic (docs/product/viewer.md §4 and §9)', () => {
  it('prices plans in RWF as the spec lists them', () => {
    expect([PLANS.daily.priceRwf, PLANS.weekly.priceRwf, PLANS.monthly.priceRwf, PLANS.yearly.priceRwf]).toEqual([500, 3000, 7000, 85000]);
  });

  it('starts a new pass now, and stacks on a running one', () => {
    expect(extendExpiry(now, null, 'daily').toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(extendExpiry(now, new Date('2026-11-20T00:00:00Z'), 'daily').toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(extendExpiry(now, new Date('2026-11-25T00:00:00Z'), 'weekly').toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('never shortens a pass and always adds exactly the plan duration past max(now, expiry)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const), (offset, plan) => {
        const current = new Date(now.getTime() + offset);
        const next = extendExpiry(now, current, plan).getTime();
        return next - Math.max(now.getTime(), current.getTime()) === PLANS[plan].durationSeconds * 1000;
      }),
    );
  });

  it('counts a pass active only while active and unexpired', () => {
    expect(isPassActive({ status: 'active', expiresAt: new Date(now.getTime() + 1000) }, now)).toBe(true);
    expect(isPassActive({ status: 'active', expiresAt: now }, now)).toBe(false);
    expect(isPassActive({ status: 'expired', expiresAt: new Date(now.getTime() + 1e6) }, now)).toBe(false);
    expect(isPassActive(null, now)).toBe(false);
  });

  it('reads remaining time in days, or hours under a day', () => {
    expect(remainingTime(new Date(now.getTime() + 3 * 86400e3 + 5), now)).toEqual({ unit: 'days', count: 3 });
    // A 7-day pass bought a moment ago reads 7 days, not 6; 6 days and 22 hours read 6.
    expect(remainingTime(new Date(now.getTime() + 7 * 86400e3 - 60e3), now)).toEqual({ unit: 'days', count: 7 });
    expect(remainingTime(new Date(now.getTime() + 6 * 86400e3 + 22 * 3600e3), now)).toEqual({ unit: 'days', count: 6 });
    expect(remainingTime(new Date(now.getTime() + 86400e3), now)).toEqual({ unit: 'days', count: 1 });
    expect(remainingTime(new Date(now.getTime() + 5 * 3600e3 - 1), now)).toEqual({ unit: 'hours', count: 5 });
    expect(remainingTime(new Date(now.getTime() - 1), now)).toEqual({ unit: 'hours', count: 0 });
  });
});

describe('remaining time and expiry (docs/product/viewer.md §4)', () => {
  it('reads whole days, then rounded-up hours under a day', () => {
    expect(remainingTimeText(new Date(now.getTime() + 86400e3), now)).toBe('1 day remaining');
    expect(remainingTimeText(new Date(now.getTime() + 2 * 86400e3 + 22 * 3600e3), now)).toBe('2 days remaining');
    expect(remainingTimeText(new Date(now.getTime() + 2 * 86400e3 + 23 * 3600e3 + 1), now)).toBe('3 days remaining');
    expect(remainingTimeText(new Date(now.getTime() + 86400e3 - 1), now)).toBe('24 hours remaining');
    expect(remainingTimeText(new Date(now.getTime() + 60e3), now)).toBe('1 hour remaining');
    expect(remainingTimeText(new Date(now.getTime() + 2 * 3600e3), now)).toBe('2 hours remaining');
    expect(remainingTimeText(now, now)).toBe('Expired');
  });

  it('never reads more than an hour over what is left, nor zero while time is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86400e3 }), (ms) => {
        const r = remainingTime(new Date(now.getTime() + ms), now);
        if (r.unit === 'days') return ms >= 86400e3 && r.count >= 1 && r.count * 86400e3 <= ms + 3600e3 && ms + 3600e3 < (r.count + 1) * 86400e3;
        return ms < 86400e3 && r.count >= 1 && r.count <= 24 && (r.count - 1) * 3600e3 < ms && ms <= r.count * 3600e3;
      }),
    );
  });

  it('stacks a sequence of purchases to the sum of their durations from the first purchase', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const), { minLength: 1, maxLength: 8 }), (plans) => {
        let expiry: Date | null = null;
        for (const p of plans) expiry = extendExpiry(now, expiry, p);
        const total = plans.reduce((s, p) => s + PLANS[p].durationSeconds * 1000, 0);
        return expiry!.getTime() - now.getTime() === total;
      }),
    );
  });

  it('a lapsed pass restarts from the moment of purchase', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const), (ago, plan) => {
        const lapsed = new Date(now.getTime() - ago);
        const next = extendExpiry(now, lapsed, plan);
        return next.getTime() === now.getTime() + PLANS[plan].durationSeconds * 1000 && isPassActive({ status: 'active', expiresAt: next }, now) && !isPassActive({ status: 'active', expiresAt: lapsed }, now);
      }),
    );
  });
});

describe('struck-through price and "Save N%" (docs/decisions/022)', () => {
  it('hides both for the spec\'s Yearly (84,000 struck above an 85,000 price is not a saving)', () => {
    expect(planSaving(85000, 84000)).toEqual({ compareAtRwf: null, savePercent: null });
    expect(planSaving(PLANS.yearly.priceRwf, PLANS.yearly.compareAtRwf)).toEqual({ compareAtRwf: null, savePercent: null });
    expect(planSaving(500, null)).toEqual({ compareAtRwf: null, savePercent: null });
  });

  it('computes the floor of the saving, and no badge under 1%', () => {
    expect(planSaving(84000, 105000)).toEqual({ compareAtRwf: 105000, savePercent: 20 });
    expect(planSaving(85000, 105000)).toEqual({ compareAtRwf: 105000, savePercent: 19 });
    expect(planSaving(999, 1000)).toEqual({ compareAtRwf: 1000, savePercent: null });
    expect(planSaving(7000, 7000)).toEqual({ compareAtRwf: null, savePercent: null });
  });

  it('shows a compare-at only above the price, and a badge only when the saving it names is true', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.option(fc.integer({ min: 1, max: 10_000_000 })), (price, compareAt) => {
        const { compareAtRwf, savePercent } = planSaving(price, compareAt);
        if (compareAtRwf === null) return savePercent === null && (compareAt === null || compareAt <= price);
        if (compareAtRwf !== compareAt || compareAtRwf <= price) return false;
        if (savePercent === null) return (compareAt - price) * 100 < compareAt; // under 1%
        // N% is never more than the real saving, and the real saving is below N+1%.
        return savePercent >= 1 && savePercent <= 99 && savePercent * compareAt <= (compareAt - price) * 100 && (compareAt - price) * 100 < (savePercent + 1) * compareAt;
      }),
    );
  });

  it('applies effective prices over the defaults, keeping durations and features', () => {
    const plans = withPrices({ daily: { priceRwf: 600, compareAtRwf: 700 } });
    expect(plans[0]).toEqual({ ...PLANS.daily, priceRwf: 600, compareAtRwf: 700 });
    expect(plans[3]).toEqual(PLANS.yearly);
  });
});
