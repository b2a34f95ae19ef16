import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMsisdn, maskMsisdn, operatorOf, parseMsisdn, parseMtnMsisdn, parseRwandaMsisdn, sanitizeMsisdnInput } from './msisdn.js';

describe('MTN Rwanda numbers (docs/product/viewer.md §5)', () => {
  it.each([
    ['0788123456', '250788123456'],
    ['0791234567', '250791234567'],
    ['250788123456', '250788123456'],
    ['+250 788 123 456', '250788123456'],
    ['788123456', '250788123456'],
    [' 079 123 4567 ', '250791234567'],
  ])('accepts %s', (raw, msisdn) => expect(parseMtnMsisdn(raw)).toBe(msisdn));

  it.each(['0728123456', '0738123456', '078812345', '07881234567', '2507881234567', '250728123456', '', 'abcdefghij', '0788-123-456'])('refuses %s', (raw) =>
    expect(parseMtnMsisdn(raw)).toBeNull(),
  );

  it('accepts exactly the three forms, for every 7-digit subscriber number', () => {
    fc.assert(
      fc.property(fc.constantFrom('8', '9'), fc.stringMatching(/^\d{7}$/), (k, sub) => {
        const expected = `2507${k}${sub}`;
        return parseMtnMsisdn(`07${k}${sub}`) === expected && parseMtnMsisdn(`2507${k}${sub}`) === expected && parseMtnMsisdn(`7${k}${sub}`) === expected;
      }),
    );
  });

  it('never accepts another operator prefix', () => {
    fc.assert(fc.property(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7'), fc.stringMatching(/^\d{7}$/), (k, sub) => parseMtnMsisdn(`07${k}${sub}`) === null));
  });

  it('keeps digits only, at most 12, in the input', () => {
    expect(sanitizeMsisdnInput('+250 (788) 123-456 789')).toBe('250788123456');
    fc.assert(fc.property(fc.string(), (s) => /^\d{0,12}$/.test(sanitizeMsisdnInput(s))));
  });

  it('masks a number for display and logs', () => expect(maskMsisdn('250788123456')).toBe('250788***456'));
});

describe('Rwandan mobile-money numbers and their operator (issue 5 point 2)', () => {
  it.each([
    ['0788123456', '250788123456', 'mtn'],
    ['0791234567', '250791234567', 'mtn'],
    ['0721234567', '250721234567', 'airtel'],
    ['0731234567', '250731234567', 'airtel'],
    ['250 72 123 4567', '250721234567', 'airtel'],
    ['+250731234567', '250731234567', 'airtel'],
    ['731234567', '250731234567', 'airtel'],
    ['788123456', '250788123456', 'mtn'],
  ])('reads %s as %s (%s)', (raw, msisdn, operator) => expect(parseRwandaMsisdn(raw)).toEqual({ msisdn, operator }));

  it.each(['0741234567', '0751234567', '0701234567', '0771234567', '072123456', '07212345678', '+25672123456', '2507212345678', '', 'airtel'])('refuses %s', (raw) =>
    expect(parseRwandaMsisdn(raw)).toBeNull(),
  );

  it('chooses the operator by the prefix alone: 78/79 MTN, 72/73 Airtel, nothing else', () => {
    const expected: Record<string, string | null> = { '0': null, '1': null, '2': 'airtel', '3': 'airtel', '4': null, '5': null, '6': null, '7': null, '8': 'mtn', '9': 'mtn' };
    fc.assert(
      fc.property(fc.constantFrom(...'0123456789'), fc.stringMatching(/^\d{7}$/), fc.constantFrom('0', '250', '+250', ''), (k, sub, prefix) => {
        const parsed = parseRwandaMsisdn(`${prefix}7${k}${sub}`);
        return (parsed?.operator ?? null) === expected[k] && (parsed === null || parsed.msisdn === `2507${k}${sub}`);
      }),
    );
  });

  it('is idempotent and ignores spaces anywhere', () => {
    fc.assert(
      fc.property(fc.constantFrom('2', '3', '8', '9'), fc.stringMatching(/^\d{7}$/), fc.array(fc.nat({ max: 10 }), { maxLength: 4 }), (k, sub, cuts) => {
        const raw = `07${k}${sub}`;
        let spaced = raw;
        for (const c of cuts) spaced = `${spaced.slice(0, c)} ${spaced.slice(c)}`;
        const once = parseRwandaMsisdn(spaced)!;
        return once !== null && parseRwandaMsisdn(once.msisdn)?.msisdn === once.msisdn && operatorOf(once.msisdn) === once.operator;
      }),
    );
  });

  it('keeps parseMtnMsisdn to MTN numbers', () => {
    expect(parseMtnMsisdn('0721234567')).toBeNull();
    expect(parseMtnMsisdn('0781234567')).toBe('250781234567');
  });

  it('drops the country code for Airtel', () => {
    expect(localMsisdn('250721234567')).toBe('721234567');
    fc.assert(fc.property(fc.stringMatching(/^7[23]\d{7}$/), (local) => localMsisdn(parseRwandaMsisdn(local)!.msisdn) === local));
  });

  it('never shows more than the prefix and the last three digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^2507[2389]\d{7}$/), (msisdn) => {
        const masked = maskMsisdn(msisdn);
        return masked === `${msisdn.slice(0, 6)}***${msisdn.slice(-3)}` && masked.replace(/\D/g, '').length === 9;
      }),
    );
  });
});

describe('Ugandan mobile-money numbers (docs/decisions/043-payment-methods-countries-and-currencies.md)', () => {
  it.each([
    ['0772123456', 'UG', '256772123456', 'mtn-ug'],
    ['0761234567', 'UG', '256761234567', 'mtn-ug'],
    ['0781234567', 'UG', '256781234567', 'mtn-ug'],
    ['0701234567', 'UG', '256701234567', 'airtel-ug'],
    ['0741234567', 'UG', '256741234567', 'airtel-ug'],
    ['0751234567', 'UG', '256751234567', 'airtel-ug'],
    ['+256 77 212 3456', 'RW', '256772123456', 'mtn-ug'],
    ['256701234567', 'RW', '256701234567', 'airtel-ug'],
    ['+250788123456', 'UG', '250788123456', 'mtn'],
    ['0781234567', 'RW', '250781234567', 'mtn'],
  ] as const)('reads %s paid from %s as %s (%s)', (raw, country, msisdn, operator) => {
    expect(parseMsisdn(raw, country)).toEqual({ msisdn, operator, country: msisdn.startsWith('256') ? 'UG' : 'RW' });
  });

  it.each([
    ['0721234567', 'UG'],
    ['0711234567', 'UG'],
    ['0791234567', 'UG'],
    ['+256721234567', 'RW'],
    ['+254712345678', 'UG'],
    ['077212345', 'UG'],
  ] as const)('refuses %s paid from %s', (raw, country) => expect(parseMsisdn(raw, country)).toBeNull());

  it('never reads a Ugandan number as Rwandan, and the Rwandan reader keeps to Rwanda', () => {
    expect(parseRwandaMsisdn('+256772123456')).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom('0', '4', '5', '6', '7', '8'), fc.stringMatching(/^\d{7}$/), (k, sub) => {
        const parsed = parseMsisdn(`2567${k}${sub}`);
        return parsed === null || (parsed.country === 'UG' && parsed.msisdn === `2567${k}${sub}` && operatorOf(parsed.msisdn) === parsed.operator);
      }),
    );
  });

  it('drops the country code for Airtel Uganda', () => {
    expect(localMsisdn('256701234567')).toBe('701234567');
  });
});
