import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryOfPayment, licenceRefusal, licenceState, sharesAddUp } from './licence';

describe('the licence rule (ADR 050)', () => {
  const start = new Date('2026-12-01T00:00:00.000Z');
  const end = new Date('2027-01-01T00:00:00.000Z');

  it('holds from its start (inclusive) to its end (exclusive), to the millisecond', () => {
    const w = { licenceStart: start, licenceEnd: end, countries: null };
    expect(licenceState(w, new Date(start.getTime() - 1))).toBe('not_started');
    expect(licenceState(w, start)).toBe('in_force');
    expect(licenceState(w, new Date(end.getTime() - 1))).toBe('in_force');
    expect(licenceState(w, end)).toBe('ended');
    expect(licenceState({ ...w, licenceEnd: null }, new Date('2999-01-01T00:00:00Z'))).toBe('in_force');
  });

  it('refuses by window first, then by country; an unknown country only plays where every country is licensed', () => {
    const rw = { licenceStart: start, licenceEnd: end, countries: ['RW'] };
    const inside = new Date('2026-12-15T00:00:00Z');
    expect(licenceRefusal(rw, inside, 'RW')).toBeNull();
    expect(licenceRefusal(rw, inside, 'UG')).toBe('not_licensed_in_country');
    expect(licenceRefusal(rw, inside, null)).toBe('not_licensed_in_country');
    expect(licenceRefusal({ ...rw, countries: null }, inside, null)).toBeNull();
    expect(licenceRefusal(rw, end, 'RW')).toBe('licence_ended');
    expect(licenceRefusal(rw, new Date(0), 'UG')).toBe('licence_not_started');
  });

  it('reads a payment’s country from its number, else its currency', () => {
    expect(countryOfPayment({ msisdn: '250781234567', currency: 'EUR' })).toBe('RW');
    expect(countryOfPayment({ msisdn: '+256771234567', currency: 'UGX' })).toBe('UG');
    expect(countryOfPayment({ msisdn: null, currency: 'UGX' })).toBe('UG');
    expect(countryOfPayment({ msisdn: null, currency: 'USD' })).toBeNull();
  });

  it('accepts shares only when whole basis points add up to exactly 10000', () => {
    expect(sharesAddUp([10000])).toBe(true);
    expect(sharesAddUp([3333, 3333, 3334])).toBe(true);
    expect(sharesAddUp([])).toBe(false);
    expect(sharesAddUp([5000, 4999])).toBe(false);
    expect(sharesAddUp([10001, -1])).toBe(false);
    expect(sharesAddUp([5000.5, 4999.5])).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10000 }), { minLength: 1, maxLength: 20 }), (shares) => {
        expect(sharesAddUp(shares)).toBe(shares.reduce((a, b) => a + b, 0) === 10000);
      }),
    );
  });
});
