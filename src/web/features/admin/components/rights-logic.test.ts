import { describe, expect, it } from 'vitest';
import { countriesOf, fromLocalInput, holdersOf, percentToBp, toLocalInput, totalBp, type HolderRow } from './rights-logic';

const row = (over: Partial<HolderRow>): HolderRow => ({ kind: 'operator', translatorId: '', partyId: '', name: '', percent: '100', ...over });

describe('rights form rules', () => {
  it('reads percents with up to 2 decimals as basis points', () => {
    expect(percentToBp('100')).toBe(10000);
    expect(percentToBp('33.33')).toBe(3333);
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp('0.01')).toBe(1);
    for (const bad of ['', '0', '100.01', '101', '1.234', '-5', 'abc']) expect(percentToBp(bad), bad).toBeNull();
  });

  it('sends holders only when they add up to 100 % and each is named', () => {
    const t = '00000000-0000-4000-8000-000000000001';
    expect(holdersOf([row({ kind: 'translator', translatorId: t, percent: '60' }), row({ kind: 'party', name: ' Studio ', percent: '40' })])).toEqual([
      { kind: 'translator', translatorId: t, shareBp: 6000 },
      { kind: 'party', name: 'Studio', shareBp: 4000 },
    ]);
    expect(holdersOf([row({ percent: '60' }), row({ kind: 'party', name: 'S', percent: '30' })])).toBe('sharesTotal');
    expect(holdersOf([])).toBe('sharesTotal');
    expect(holdersOf([row({ kind: 'translator', percent: '100' })])).toBe('holderMissing');
    expect(holdersOf([row({ kind: 'party', percent: '100' })])).toBe('holderMissing');
    expect(holdersOf([row({ percent: '1.234' })])).toBe('percentInvalid');
    expect(totalBp([row({ percent: '60' }), row({ percent: 'x' }), row({ percent: '20.5' })])).toBe(8050);
  });

  it('turns datetime-local values and ISO instants into each other, and reads country lists', () => {
    const iso = fromLocalInput('2027-01-31T18:30')!;
    expect(toLocalInput(iso)).toBe('2027-01-31T18:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(countriesOf('rw, UG ug')).toEqual(['RW', 'UG']);
    expect(countriesOf('RW, XX')).toBeNull();
    expect(countriesOf('  ')).toBeNull();
  });
});
