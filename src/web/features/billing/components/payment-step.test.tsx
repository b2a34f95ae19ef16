// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Operator } from '../../../../shared/domain/msisdn';
import { initI18n } from '../../../lib/i18n';
import { PaymentStep } from './payment-step';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  window.localStorage.clear();
});

function setup({ processing = false, operators = ['mtn', 'airtel'] as Operator[] } = {}) {
  const onPay = vi.fn();
  const onBack = vi.fn();
  render(<PaymentStep item={{ name: 'Monthly Pass', prices: { RWF: 7000, UGX: 18000, USD: 599 } }} operators={operators} processing={processing} onPay={onPay} onBack={onBack} />);
  const input = screen.getByRole('textbox') as HTMLInputElement;
  const pay = screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement;
  const operatorLine = () => screen.getByTestId('payment-operator').textContent;
  return { onPay, onBack, input, pay, operatorLine };
}

/**
 * The error said under the number (ADR 055: beside the field, not in a toast): the field is marked invalid and
 * described by it. Null when the field is not marked.
 */
function problem(input: HTMLInputElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const el = document.getElementById('payment-phone-error');
  if (!el) return null;
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('payment-phone-error');
  return el.textContent;
}

describe('PaymentStep', () => {
  it('names both operators when both are offered, and shows the price grouped for the language', () => {
    setup();
    expect(screen.getByLabelText('MTN Mobile Money or Airtel Money number')).toBeTruthy();
    expect(screen.getByText('7,000 RWF')).toBeTruthy();
  });

  it('keeps the spec texts when only MTN is offered', () => {
    const { input, pay, onPay } = setup({ operators: ['mtn'] });
    expect(screen.getByLabelText('MTN Mobile Money number')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0751234567' } });
    fireEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    expect(problem(input)).toBe('Please enter a valid MTN Mobile Money number (078XXXXXXX or 079XXXXXXX).');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('keeps digits only, at most 12', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '+250 78x8-123 4567' } });
    expect(input.value).toBe('250788123456');
    fireEvent.change(input, { target: { value: '0788 123 456 7890' } });
    expect(input.value).toBe('078812345678');
  });

  it('disables Pay Now while the number is empty or a payment is under way', () => {
    const { input, pay } = setup();
    expect(pay.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '0788123456' } });
    expect(pay.disabled).toBe(false);
    cleanup();
    const busy = setup({ processing: true });
    fireEvent.change(busy.input, { target: { value: '0788123456' } });
    expect(busy.pay.disabled).toBe(true);
  });

  it.each([
    ['0788123456', 'MTN Mobile Money', '250788123456'],
    ['791234567', 'MTN Mobile Money', '250791234567'],
    ['250721234567', 'Airtel Money', '250721234567'],
    ['+250 73 123 4567', 'Airtel Money', '250731234567'],
  ])('shows that %s pays with %s and pays with the MSISDN', (typed, operator, msisdn) => {
    const { input, pay, onPay, operatorLine } = setup();
    fireEvent.change(input, { target: { value: typed } });
    expect(operatorLine()).toBe(`This number pays with ${operator}`);
    fireEvent.click(pay);
    expect(toastError).not.toHaveBeenCalled();
    expect(onPay).toHaveBeenCalledWith(msisdn);
  });

  it.each(['0751234567', '078123456', '07812345678', '2507812345', '0712345678'])('refuses %s before any request', (typed) => {
    const { input, pay, onPay, operatorLine } = setup();
    fireEvent.change(input, { target: { value: typed } });
    expect(operatorLine()).toBe('');
    fireEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    expect(problem(input)).toBe('Please enter a valid MTN Mobile Money number (078XXXXXXX or 079XXXXXXX) or Airtel Money number (072XXXXXXX or 073XXXXXXX).');
    expect(document.activeElement).toBe(input);
    expect(toastError).not.toHaveBeenCalled();
    // Typing again clears it.
    fireEvent.change(input, { target: { value: '0788' } });
    expect(problem(input)).toBeNull();
  });

  it('refuses an Airtel number when /api/plans offers MTN only, saying so as the viewer types', () => {
    const { input, pay, onPay, operatorLine } = setup({ operators: ['mtn'] });
    fireEvent.change(input, { target: { value: '0731234567' } });
    expect(operatorLine()).toBe('Airtel Money is not available yet');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    expect(problem(input)).toContain('Airtel Money is not available yet');
  });

  it('goes back without paying', () => {
    const { onBack, onPay } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('offers Uganda when its operators are live: the number is read there, the price is in UGX, and the choice is remembered', () => {
    const { input, pay, onPay, operatorLine } = setup({ operators: ['mtn', 'airtel', 'mtn-ug', 'airtel-ug'] });
    const picker = screen.getByTestId('pay-country') as HTMLSelectElement;
    expect(picker.value).toBe('RW');
    expect(screen.getByText('7,000 RWF')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'UG' } });
    expect(window.localStorage.getItem('sobanura.payCountry')).toBe('UG');
    expect(screen.getByLabelText('MTN or Airtel Uganda mobile money number')).toBeTruthy();
    expect(screen.getByTestId('payment-price').textContent).toBe('18,000 UGX');
    expect(input.placeholder).toBe('076XXXXXXX');
    fireEvent.change(input, { target: { value: '0772123456' } });
    expect(operatorLine()).toContain('MTN Mobile Money Uganda');
    fireEvent.click(pay);
    expect(onPay).toHaveBeenCalledWith('256772123456');
  });

  it('reads a number with another country code in that country, and refuses a Rwandan-only prefix in Uganda', () => {
    window.localStorage.setItem('sobanura.payCountry', 'UG');
    const { input, pay, onPay } = setup({ operators: ['mtn', 'airtel', 'mtn-ug', 'airtel-ug'] });
    fireEvent.change(input, { target: { value: '250788123456' } });
    expect(screen.getByTestId('payment-price').textContent).toBe('7,000 RWF');
    fireEvent.change(input, { target: { value: '0721234567' } });
    fireEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    expect(problem(input)).toBe('Please enter a valid MTN Uganda number (076, 077 or 078) or Airtel Uganda number (070, 074 or 075), followed by 7 digits.');
  });
});
