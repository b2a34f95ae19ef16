import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGroupNew, isNew, KIGALI_OFFSET_MS, weekStart } from './new-badge.js';

/** Kigali wall-clock fields of an instant (UTC+2, no DST), checked against Intl's own Africa/Kigali below. */
const kigali = (d: Date) => new Date(d.getTime() + KIGALI_OFFSET_MS);

describe('the NEW badge (docs/product/viewer.md §9): the week starts Sunday 00:00 in Kigali', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-11-21T22:00:00.000Z'], // Sunday noon in Kigali
    ['2026-11-21T22:00:00Z', '2026-11-21T22:00:00.000Z'], // Sunday 00:00 in Kigali exactly
    ['2026-11-21T21:59:59.999Z', '2026-11-14T22:00:00.000Z'], // Saturday 23:59:59.999 in Kigali
    ['2026-11-21T23:30:00Z', '2026-11-21T22:00:00.000Z'], // still Saturday in UTC, already Sunday in Kigali
    ['2026-11-22T00:00:00Z', '2026-11-21T22:00:00.000Z'], // Sunday midnight UTC is Sunday 02:00 in Kigali
    ['2026-11-18T12:00:00Z', '2026-11-14T22:00:00.000Z'], // Wednesday
    ['2027-01-01T08:00:00Z', '2026-12-26T22:00:00.000Z'], // across a year
  ])('the week of %s starts %s', (now, start) => {
    expect(weekStart(new Date(now)).toISOString()).toBe(start);
  });

  it('uses the same offset as the IANA zone Africa/Kigali', () => {
    const f = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Kigali', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const iso of ['2026-11-21T22:00:00Z', '2026-03-29T22:00:00Z', '2026-07-04T21:59:00Z']) {
      const d = new Date(iso);
      const k = kigali(d);
      const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
      expect(f.format(d)).toBe(`${days[k.getUTCDay()]} ${String(k.getUTCHours()).padStart(2, '0')}:${String(k.getUTCMinutes()).padStart(2, '0')}`);
    }
  });

  it('marks items created on or after Sunday 00:00 Kigali time', () => {
    const now = new Date('2026-11-25T09:00:00Z'); // Wednesday
    expect(isNew(new Date('2026-11-21T22:00:00.000Z'), now)).toBe(true); // Sunday 00:00 in Kigali
    expect(isNew(new Date('2026-11-21T21:59:59.999Z'), now)).toBe(false); // Saturday night in Kigali
    expect(isNew(new Date('2026-11-21T23:00:00Z'), now)).toBe(true); // Saturday in UTC, Sunday 01:00 in Kigali
    expect(isNew(new Date('2026-11-25T08:59:00Z'), now)).toBe(true);
    // Early on Sunday in Kigali (still Saturday in UTC), Saturday's titles are no longer new.
    expect(isNew(new Date('2026-11-28T21:00:00Z'), new Date('2026-11-28T23:00:00Z'))).toBe(false);
  });

  it('counts a group new when its newest part is', () => {
    const now = new Date('2026-11-25T09:00:00Z');
    expect(isGroupNew([new Date('2026-10-01T00:00:00Z'), new Date('2026-11-23T00:00:00Z')], now)).toBe(true);
    expect(isGroupNew([new Date('2026-10-01T00:00:00Z')], now)).toBe(false);
    expect(isGroupNew([], now)).toBe(false);
  });

  it('starts every week on a Kigali Sunday midnight, at most 7 days before now', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (now) => {
        const s = weekStart(now);
        const k = kigali(s);
        expect(k.getUTCDay()).toBe(0);
        expect(k.getUTCHours() + k.getUTCMinutes() + k.getUTCSeconds() + k.getUTCMilliseconds()).toBe(0);
        // In UTC that is Saturday 22:00.
        expect([s.getUTCDay(), s.getUTCHours()]).toEqual([6, 22]);
        expect(now.getTime() - s.getTime()).toBeGreaterThanOrEqual(0);
        expect(now.getTime() - s.getTime()).toBeLessThan(7 * 86_400_000);
        expect(isNew(s, now)).toBe(true);
        expect(isNew(new Date(s.getTime() - 1), now)).toBe(false);
      }),
    );
  });

  it('around the Saturday–Sunday boundary, in both UTC and Kigali: a new week begins at Kigali midnight only', () => {
    // Any Saturday 20:00 UTC to Sunday 04:00 UTC, to the millisecond.
    const saturday2000 = Date.UTC(2026, 10, 21, 20); // 2026-11-21 is a Saturday
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 520 }), fc.integer({ min: 0, max: 8 * 3_600_000 }), (weeks, offset) => {
        const now = new Date(saturday2000 + weeks * 7 * 86_400_000 + offset);
        const kigaliMidnight = saturday2000 + weeks * 7 * 86_400_000 + 2 * 3_600_000; // Saturday 22:00 UTC
        const expected = now.getTime() >= kigaliMidnight ? kigaliMidnight : kigaliMidnight - 7 * 86_400_000;
        expect(weekStart(now).getTime()).toBe(expected);
      }),
    );
  });
});
