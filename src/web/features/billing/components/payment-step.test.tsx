// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLANS } from '../../../../shared/domain/plans';
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
});

function setup(processing = false) {
  const onPay = vi.fn();
  render(<PaymentStep plan={PLANS.monthly} processing={processing} onPay={onPay} onBack={() => undefined} />);
  const input = screen.getByLabelText('MTN Mobile Money number') as HTMLInputElement;
  const pay = screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement;
  return { onPay, input, pay };
}

describe('PaymentStep', () => {
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
    const busy = setup(true);
    fireEvent.change(busy.input, { target: { value: '0788123456' } });
    expect(busy.pay.disabled).toBe(true);
  });

  it('refuses a number that is not MTN Rwanda, before any request', () => {
    const { input, pay, onPay } = setup();
    fireEvent.change(input, { target: { value: '0721234567' } });
    fireEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Invalid MTN Number', {
      description: 'Please enter a valid MTN Mobile Money number (078XXXXXXX or 079XXXXXXX).',
    });
  });

  it('pays with the number in international form', () => {
    const { input, pay, onPay } = setup();
    fireEvent.change(input, { target: { value: '079 123 4567' } });
    fireEvent.click(pay);
    expect(toastError).not.toHaveBeenCalled();
    expect(onPay).toHaveBeenCalledWith('250791234567');
  });
});
