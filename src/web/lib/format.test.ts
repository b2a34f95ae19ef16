import { describe, expect, it } from 'vitest';
import { formatDecimal, formatRwf, formatTimeRange, formatDate } from './format';

describe('formatRwf', () => {
  it('groups thousands as each language writes them (CLDR)', () => {
    expect(formatRwf(7000, 'en')).toBe('7,000 RWF');
    expect(formatRwf(1_234_567, 'fr')).toBe('1\u202f234\u202f567 RWF');
    expect(formatRwf(7000, 'rw')).toBe('7.000 RWF');
    expect(formatRwf(500, 'rw')).toBe('500 RWF');
  });

  it('reads a regional tag by its language, and anything unknown as English', () => {
    expect(formatRwf(7000, 'fr-RW')).toBe('7\u202f000 RWF');
    expect(formatRwf(7000, 'de')).toBe('7,000 RWF');
    expect(formatRwf(7000, '')).toBe('7,000 RWF');
  });
});

describe('formatTimeRange', () => {
  it('writes business hours in each language’s style, with plain spaces only', () => {
    expect(formatTimeRange([9, 0], [18, 0], 'en')).toBe('9:00 AM – 6:00 PM');
    expect(formatTimeRange([9, 0], [18, 0], 'fr')).toBe('09:00 – 18:00');
    expect(formatTimeRange([10, 0], [16, 0], 'rw')).toBe('10:00–16:00');
    for (const l of ['en', 'fr', 'rw']) expect(formatTimeRange([9, 30], [17, 45], l)).not.toMatch(/[\u202f\u2009\u00a0]/);
  });
});

describe('formatDecimal', () => {
  it('writes ratings and decimals with the language’s separators (CLDR)', () => {
    expect(formatDecimal(6.1, 'en')).toBe('6.1');
    expect(formatDecimal(6.1, 'fr')).toBe('6,1');
    expect(formatDecimal(6.1, 'rw')).toBe('6,1');
    expect(formatDecimal(8, 'fr')).toBe('8,0');
    expect(formatDecimal(7.25, 'en', 2)).toBe('7.25');
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.5');
    expect(formatDecimal(1234.5, 'fr')).toBe('1\u202f234,5');
    expect(formatDecimal(1234.5, 'rw')).toBe('1.234,5');
  });
});

describe('formatDate', () => {
  // 05:06 UTC is 07:06 in Kigali (UTC+2).
  const at = '2026-12-05T05:06:00Z';
  it('writes a date, and its time in Kigali, in the words of each language', () => {
    expect(formatDate(at, 'en')).toBe('December 5, 2026');
    expect(formatDate(at, 'en', { time: true })).toBe('December 5, 2026 at 7:06 AM');
    expect(formatDate(at, 'fr', { time: true })).toBe('5 décembre 2026 à 07:06');
    // Kinyarwanda's months by hand (Chromium has no Kinyarwanda data): never English inside Kinyarwanda.
    expect(formatDate(at, 'rw')).toBe('5 Ukuboza 2026');
    expect(formatDate(at, 'rw', { time: true })).toBe('5 Ukuboza 2026, 07:06');
    expect(formatDate('2027-01-31T23:30:00Z', 'rw')).toBe('1 Gashyantare 2027');
  });
  it('gives "" for a date that is not one', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
