// @vitest-environment jsdom
/**
 * "Buy as a gift" on the payment step (docs/decisions/046-gifts.md): the recipient's email or number is read before
 * anything is paid (the number in the paying country, with parseMsisdn), by mobile money and by card; a title's
 * payment step has no gift.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GiftRecipient } from '../../../../shared/contracts/gifts';
import { initI18n } from '../../../lib/i18n';
import { emptyGiftDraft, readGift, type GiftDraft } from './gift-fields';
import { PaymentStep } from './payment-step';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  window.localStorage.clear();
});

const draft = (patch: Partial<GiftDraft>): GiftDraft => ({ ...emptyGiftDraft('fr-RW'), on: true, ...patch });

describe('readGift', () => {
  it('is no gift while the box is not ticked, whatever was typed', () => {
    expect(readGift({ ...draft({ email: 'x' }), on: false }, 'RW')).toEqual({ ok: true, gift: undefined });
  });

  it('sends an email lower-cased, in the language chosen (the interface language by default)', () => {
    expect(emptyGiftDraft('rw').language).toBe('rw');
    expect(emptyGiftDraft('de-DE').language).toBe('en');
    expect(readGift(draft({ email: ' Aline@Example.COM ' }), 'RW')).toEqual({ ok: true, gift: { email: 'aline@example.com', language: 'fr' } });
    expect(readGift(draft({ email: 'aline@' }), 'RW')).toEqual({ ok: false, problem: 'email' });
    expect(readGift(draft({ email: '' }), 'RW')).toEqual({ ok: false, problem: 'email' });
  });

  it('reads a number in the paying country and sends it with its country code and country', () => {
    expect(readGift(draft({ by: 'phone', phone: '0731234567' }), 'RW')).toEqual({ ok: true, gift: { phone: '250731234567', country: 'RW', language: 'fr' } });
    expect(readGift(draft({ by: 'phone', phone: '0772123456' }), 'UG')).toEqual({ ok: true, gift: { phone: '256772123456', country: 'UG', language: 'fr' } });
    // A Ugandan prefix is not a Rwandan number; the email typed before does not count once "phone" is chosen.
    expect(readGift(draft({ by: 'phone', phone: '0772123456', email: 'a@b.rw' }), 'RW')).toEqual({ ok: false, problem: 'phone' });
  });
});

function setup({ card = false } = {}) {
  const onPay = vi.fn<(msisdn: string, gift?: GiftRecipient) => void>();
  const onCard = vi.fn<(gift?: GiftRecipient) => void>();
  function Harness() {
    const [d, setD] = useState(emptyGiftDraft('en'));
    return (
      <PaymentStep
        item={{ name: 'Daily Pass', prices: { RWF: 500, USD: 99 } }}
        operators={['mtn', 'airtel']}
        processing={false}
        onPay={onPay}
        onBack={vi.fn()}
        card={card ? { price: '$0.99', onPay: onCard } : null}
        gift={{ draft: d, onChange: setD }}
      />
    );
  }
  render(<Harness />);
  fireEvent.change(screen.getByLabelText('MTN Mobile Money or Airtel Money number'), { target: { value: '0788123456' } });
  return { onPay, onCard };
}

describe('PaymentStep with "Buy as a gift"', () => {
  it('pays for the viewer when the box is not ticked', () => {
    const { onPay } = setup();
    expect(screen.queryByLabelText('Their email address')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenCalledWith('250788123456');
  });

  it('refuses an address that is not one under its field, then pays with the gift once it is right', () => {
    const { onPay } = setup();
    fireEvent.click(screen.getByLabelText('Buy as a gift'));
    // Buying for someone else: the note on the viewer's own pass is replaced by the gift's hint.
    expect(screen.getByText(/Your own pass does not change/)).toBeTruthy();
    const email = screen.getByLabelText('Their email address');
    fireEvent.change(email, { target: { value: 'aline@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter the email address of the person you are giving the pass to.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'aline@example.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Language of the message'), { target: { value: 'rw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenCalledWith('250788123456', { email: 'aline@example.com', language: 'rw' });
  });

  it('checks a phone number in the paying country, and gives the gift to Pay by card too', () => {
    const { onPay, onCard } = setup({ card: true });
    fireEvent.click(screen.getByLabelText('Buy as a gift'));
    fireEvent.click(screen.getByRole('radio', { name: 'Phone number' }));
    const phone = screen.getByLabelText('Their mobile number') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '0751 234 567' } });
    expect(phone.value).toBe('0751234567');
    fireEvent.click(screen.getByRole('button', { name: /Pay by card/ }));
    expect(onCard).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter their mobile number, for example 078XXXXXXX.');
    fireEvent.change(phone, { target: { value: '0721234567' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay by card/ }));
    expect(onCard).toHaveBeenCalledWith({ phone: '250721234567', country: 'RW', language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenCalledWith('250788123456', { phone: '250721234567', country: 'RW', language: 'en' });
  });

  it('is not offered without `gift` (a title is never a gift)', () => {
    render(<PaymentStep item={{ name: 'A film', prices: { RWF: 300 } }} operators={['mtn']} processing={false} onPay={vi.fn()} onBack={vi.fn()} />);
    expect(screen.queryByLabelText('Buy as a gift')).toBeNull();
  });
});
