/**
 * What a card payment keeps of its card (docs/decisions/044-card-payments.md): the brand and the last four digits
 * the processor read back, cleaned; nothing when the digits are not four digits.
 */
import { describe, expect, it } from 'vitest';
import { cardProvider, paidCard } from './card-method.js';
import { createFlutterwaveSandbox } from './flutterwave-sandbox.js';

describe('paidCard', () => {
  it('keeps a brand upper-cased and four digits', () => {
    expect(paidCard({ cardBrand: 'Visa', cardLast4: '4242' })).toEqual({ brand: 'VISA', last4: '4242' });
    expect(paidCard({ cardBrand: ' american  express ', cardLast4: ' 0005 ' })).toEqual({ brand: 'AMERICAN EXPRESS', last4: '0005' });
  });

  it('drops a brand that is not a name, and the whole card without four digits', () => {
    expect(paidCard({ cardBrand: '<script>', cardLast4: '4242' })).toEqual({ brand: null, last4: '4242' });
    expect(paidCard({ cardBrand: null, cardLast4: '4242' })).toEqual({ brand: null, last4: '4242' });
    for (const last4 of [null, undefined, '', '424', '42424', '4x42', '4111111111114242']) expect(paidCard({ cardBrand: 'VISA', cardLast4: last4 })).toBeNull();
  });

  it('comes with a successful status answer only', async () => {
    const sandbox = createFlutterwaveSandbox();
    const provider = cardProvider(sandbox);
    const { link } = await sandbox.createCheckout({ txRef: 'cm-1', amountMinor: 299, currency: 'USD', redirectUrl: '/back', customer: { email: 'a@example.com' }, title: 'x' });
    const id = link.split('/').at(-1)!;
    expect(await provider.status('cm-1', { amount: 299, currency: 'USD' })).toEqual({ status: 'NOT_FOUND' });
    sandbox.complete(id, 'successful');
    expect(await provider.status('cm-1', { amount: 299, currency: 'USD' })).toEqual({ status: 'SUCCESSFUL', card: { brand: 'MASTERCARD', last4: '2950' } });
  });
});
