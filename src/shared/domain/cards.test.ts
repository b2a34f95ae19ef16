import { describe, expect, it } from 'vitest';
import { cardBrandName } from './cards.js';

describe('card names (docs/decisions/044-card-payments.md)', () => {
  it('spells known brands as their networks do, and capitalises others', () => {
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('MASTERCARD')).toBe('Mastercard');
    expect(cardBrandName(' american  express ')).toBe('American Express');
    expect(cardBrandName('ELO CARD')).toBe('Elo Card');
    expect(cardBrandName('co-badged')).toBe('Co-Badged');
  });

  it('names no brand for none', () => {
    for (const b of [null, undefined, '', '  ']) expect(cardBrandName(b)).toBeNull();
  });
});
