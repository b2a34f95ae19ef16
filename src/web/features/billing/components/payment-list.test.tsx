// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { cardPayment } from '../../../test/payment-fixtures';
import { PaymentList } from './payment-list';

const base = cardPayment();

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the billing history names the card paid with (docs/decisions/044-card-payments.md)', () => {
  it('shows "Visa •••• 4242" and no number for a card payment', () => {
    render(<MemoryRouter><PaymentList payments={[base]} /></MemoryRouter>);
    expect(screen.getByTestId('payment-card').textContent).toBe('Visa •••• 4242');
    expect(screen.queryByText('Number')).toBeNull();
  });

  it('says "Carte" in French when the processor named no brand', async () => {
    await changeLanguage('fr');
    render(<MemoryRouter><PaymentList payments={[{ ...base, card: { brand: null, last4: '0005' } }]} /></MemoryRouter>);
    expect(screen.getByTestId('payment-card').textContent).toBe('Carte •••• 0005');
  });

  it('shows no card for mobile money', () => {
    render(<MemoryRouter><PaymentList payments={[{ ...base, provider: 'mtn', operator: 'mtn', msisdnMasked: '250788***456', card: null, currency: 'RWF', amount: 3000 }]} /></MemoryRouter>);
    expect(screen.queryByTestId('payment-card')).toBeNull();
    expect(screen.getByText('250788***456')).toBeTruthy();
  });
});
