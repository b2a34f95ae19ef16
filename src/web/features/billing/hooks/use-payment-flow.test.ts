import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../../shared/contracts/billing';
import { i18n, initI18n } from '../../../lib/i18n';
import { announceFailure, paidUrl, successText } from './use-payment-flow';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => vi.clearAllMocks());

const failed = (reason: string | null) => ({
  status: 'failed' as const,
  payment: { id: 'p1', kind: 'pass', plan: 'daily', movieId: null, amount: 500, status: 'failed', reason, createdAt: '2026-01-01T00:00:00Z' } as PaymentView,
});

describe('the outcome texts of docs/product/viewer.md §8', () => {
  it('says "Mobile Money Not Active" for 10 s when the payer has no mobile money', () => {
    announceFailure(i18n.t, failed('PAYER_NOT_FOUND'));
    expect(toast.error).toHaveBeenCalledWith('Mobile Money Not Active', expect.objectContaining({ duration: 10_000 }));
  });

  it('says "Payment Timeout" for 8 s when the approval window closed, and when our own wait ran out', () => {
    announceFailure(i18n.t, failed('EXPIRED'));
    announceFailure(i18n.t, { status: 'timeout' });
    expect(toast.warning).toHaveBeenCalledTimes(2);
    for (const call of toast.warning.mock.calls) {
      expect(call[0]).toBe('Payment Timeout');
      expect(call[1]).toMatchObject({ duration: 8_000, description: expect.stringContaining('activates automatically') });
    }
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    ['APPROVAL_REJECTED', 'You declined the payment on your phone.'],
    ['NOT_ENOUGH_FUNDS', 'Your mobile money balance is too low for this payment. Top up and try again.'],
    ['INCORRECT_PIN', 'The PIN entered on the phone was wrong. Please try again.'],
    ['INTERNAL_PROCESSING_ERROR', 'Payment failed. Please try again.'],
    ['REQUEST_FAILED', 'Payment failed. Please try again.'],
    [null, 'Payment failed. Please try again.'],
  ])('says "Payment Issue" for 7 s on %s', (reason, description) => {
    announceFailure(i18n.t, failed(reason));
    expect(toast.error).toHaveBeenCalledWith('Payment Issue', { description, duration: 7_000 });
  });
});

describe('paidUrl', () => {
  it('keeps the page and its parameters, and names the payment', () => {
    expect(paidUrl({ pathname: '/subscribe', search: '?plan=weekly' }, 'abc')).toBe('/subscribe?plan=weekly&paid=abc');
    expect(paidUrl({ pathname: '/watch/m1', search: '' }, 'abc')).toBe('/watch/m1?paid=abc');
    expect(paidUrl({ pathname: '/subscribe', search: '?paid=old' }, 'new')).toBe('/subscribe?paid=new');
  });
});

describe('successText', () => {
  it('says the viewer\'s pass is active, the title is bought, or a gift is paid (never "your pass" for a gift)', () => {
    expect(successText(i18n.t, { kind: 'pass', plan: 'weekly' })).toBe('Your Weekly Pass is now active. Enjoy watching!');
    expect(successText(i18n.t, { kind: 'title', movieId: 'm1', title: 'Inkotanyi', priceRwf: 300 })).toContain('Inkotanyi');
    const gift = successText(i18n.t, { kind: 'pass', plan: 'weekly', gift: { email: 'a@example.com' } });
    expect(gift).toBe('Your gift of a Weekly Pass is paid. We are sending the code.');
    expect(gift).not.toMatch(/now active/);
  });
});
