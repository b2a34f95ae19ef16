import { describe, expect, it } from 'vitest';
import { OPERATOR_LIST, OPERATORS } from '../../../../shared/domain/operators';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import rw from '../../../locales/rw.json';
import { numberPlaceholder, operatorSet, providerKey } from './operator-texts';

/** The billing texts that have one variant per operator on offer (and `both` for several). */
const PER_SET = ['pageSubtitle', 'mobileMoneyNote', 'paymentTitle', 'phoneLabel', 'phoneHint', 'invalidNumber', 'invalidNumberText'] as const;

describe('operator texts (ADR 041)', () => {
  it.each([
    ['en', en],
    ['fr', fr],
    ['rw', rw],
  ])('%s has every text of every operator of the shared list', (_, locale) => {
    const billing = locale.billing as unknown as Record<string, Record<string, string>>;
    for (const id of OPERATORS) {
      expect(billing.operators?.[id], `billing.operators.${id}`).toBeTruthy();
      expect(billing.providers?.[id], `billing.providers.${id}`).toBeTruthy();
      for (const group of PER_SET) expect(billing[group]?.[id], `billing.${group}.${id}`).toBeTruthy();
    }
    for (const group of PER_SET) expect(billing[group]?.both, `billing.${group}.both`).toBeTruthy();
  });

  it('picks the texts of the one operator on offer, or the texts for several', () => {
    expect(operatorSet(['mtn'])).toBe('mtn');
    expect(operatorSet(['airtel'])).toBe('airtel');
    expect(operatorSet(['airtel', 'mtn'])).toBe('both');
    expect(operatorSet([])).toBe(OPERATORS[0]);
  });

  it('shows the first offered operator’s prefix as the placeholder', () => {
    expect(numberPlaceholder(['airtel', 'mtn'])).toBe('072XXXXXXX');
    expect(numberPlaceholder([])).toBe(`${OPERATOR_LIST[0].prefixes[0]}XXXXXXX`);
  });

  it('names every provider that may be stored on a payment, and shows an unknown one as it is', () => {
    expect(providerKey('sandbox')).toBe('billing.providers.sandbox');
    expect(providerKey('airtel')).toBe('billing.providers.airtel');
    expect(providerKey('paypal')).toBe('paypal');
  });
});
