import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGroupNew, isNew, weekStart } from './new-badge.js';

describe('the NEW badge (viewer spec section 9)', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-11-22T00:00:00.000Z'], // a Sunday
    ['2026-11-22T00:00:00Z', '2026-11-22T00:00:00.000Z'], // Sunday midnight exactly
    ['2026-11-21T23:59:59.999Z', '2026-11-15T00:00:00.000Z'], // Saturday night
    ['2026-11-18T12:00:00Z', '2026-11-15T00:00:00.000Z'], // Wednesday
    ['2027-01-01T08:00:00Z', '2026-12-27T00:00:00.000Z'], // across a year
  ])('the week of %s starts %s', (now, start) => {
    expect(weekStart(new Date(now)).toISOString()).toBe(start);
  });

  it('marks items created on or after Sunday 00:00 UTC', () => {
    const now = new Date('2026-11-25T09:00:00Z'); // Wednesday
    expect(isNew(new Date('2026-11-22T00:00:00.000Z'), now)).toBe(true);
    expect(isNew(new Date('2026-11-21T23:59:59.999Z'), now)).toBe(false);
    expect(isNew(new Date('2026-11-25T08:59:00Z'), now)).toBe(true);
    // On Sunday morning, Saturday's titles are no longer new.
    expect(isNew(new Date('2026-11-28T22:00:00Z'), new Date('2026-11-29T01:00:00Z'))).toBe(false);
  });

  it('counts a group new when its newest part is', () => {
    const now = new Date('2026-11-25T09:00:00Z');
    expect(isGroupNew([new Date('2026-10-01T00:00:00Z'), new Date('2026-11-23T00:00:00Z')], now)).toBe(true);
    expect(isGroupNew([new Date('2026-10-01T00:00:00Z')], now)).toBe(false);
    expect(isGroupNew([], now)).toBe(false);
  });

  it('starts every week on a Sunday midnight, at most 7 days before now', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (now) => {
        const s = weekStart(now);
        expect(s.getUTCDay()).toBe(0);
        expect(s.getUTCHours() + s.getUTCMinutes() + s.getUTCSeconds() + s.getUTCMilliseconds()).toBe(0);
        expect(now.getTime() - s.getTime()).toBeGreaterThanOrEqual(0);
        expect(now.getTime() - s.getTime()).toBeLessThan(7 * 86_400_000);
        expect(isNew(s, now)).toBe(true);
        expect(isNew(new Date(s.getTime() - 1), now)).toBe(false);
      }),
    );
  });
});
