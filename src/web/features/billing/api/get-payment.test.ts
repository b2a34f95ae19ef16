import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../../shared/contracts/billing';
import { waitForPayment } from './get-payment';

const payment = (status: PaymentView['status'], reason: string | null = null): { payment: PaymentView } => ({
  payment: { id: 'p1', kind: 'pass', plan: 'weekly', movieId: null, amount: 3000, currency: 'RWF', status, reason, createdAt: '2025-01-01T00:00:00Z' },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForPayment', () => {
  it('polls every 3 s until the payment succeeds', async () => {
    const fetchPayment = vi.fn().mockResolvedValueOnce(payment('pending')).mockResolvedValueOnce(payment('successful'));
    const outcome = waitForPayment('p1', { fetchPayment });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchPayment).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3001);
    await expect(outcome).resolves.toMatchObject({ status: 'successful' });
    expect(fetchPayment).toHaveBeenCalledTimes(2);
  });

  it('returns the failure with its reason, and keeps polling through network errors', async () => {
    const fetchPayment = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(payment('failed', 'NOT_ENOUGH_FUNDS'));
    const outcome = waitForPayment('p1', { fetchPayment });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(outcome).resolves.toMatchObject({ status: 'failed', payment: { reason: 'NOT_ENOUGH_FUNDS' } });
  });

  it('gives up after 120 s without an answer', async () => {
    const fetchPayment = vi.fn().mockResolvedValue(payment('pending'));
    const outcome = waitForPayment('p1', { fetchPayment });
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(outcome).resolves.toEqual({ status: 'timeout' });
    expect(fetchPayment).toHaveBeenCalledTimes(40);
  });
});
