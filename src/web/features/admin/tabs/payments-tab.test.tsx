// @vitest-environment jsdom
/**
 * The Payments tab (docs/product/admin.md §11): rows with amount, method and card or masked number; the Refund
 * button only for a super admin on a successful card payment not yet refunded, behind the confirmation; a refund
 * the server refuses is told in the user's language (docs/decisions/045-card-refunds.md).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { adminCardPayment } from '../../../test/payment-fixtures';
import { renderWithClient } from '../../../test/render';
import { canRefund, PaymentsTab } from './payments-tab';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const payment = adminCardPayment;
const CARD = payment({});
const MOMO = payment({ id: '7b0c1e52-0000-4000-8000-000000000002', provider: 'mtn', method: 'mobile_money', operator: 'mtn', msisdnMasked: '250788***456', card: null, amount: 3000, currency: 'RWF' });
const REFUNDED = payment({ id: '7b0c1e52-0000-4000-8000-000000000003', refundedAt: '2026-11-30T11:00:00.000Z', refundedAmount: 299 });
const user = (role: SessionUser['role']) => ({ id: 'me', email: 'me@example.com', name: 'Me', role }) as SessionUser;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function setup(role: SessionUser['role'], refundAnswer: () => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'POST') return refundAnswer();
      return new Response(JSON.stringify({ items: [CARD, MOMO, REFUNDED], nextAfter: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  renderWithClient(<PaymentsTab me={user(role)} />);
  return calls;
}

describe('PaymentsTab', () => {
  it('shows the card as "Visa •••• 4242", the number masked, and Refund only on the refundable card payment', async () => {
    setup('super_admin', () => new Response('{}', { status: 500 }));
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('payment-paid-with').textContent).toBe('Visa •••• 4242');
    expect(within(rows[0]!).getByText('2.99 USD')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('payment-paid-with').textContent).toBe('250788***456');
    expect(within(rows[0]!).queryByRole('button', { name: 'Refund' })).not.toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(rows[2]!).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(rows[2]!).getByText('Refunded')).toBeTruthy();
  });

  it('shows no Refund button to an admin', async () => {
    setup('admin', () => new Response('{}', { status: 500 }));
    await screen.findAllByTestId('payment-row');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(canRefund('admin', CARD)).toBe(false);
    expect(canRefund('super_admin', CARD)).toBe(true);
    expect(canRefund('super_admin', { ...CARD, status: 'pending' })).toBe(false);
  });

  it('refunds after the confirmation and says so', async () => {
    const calls = setup('super_admin', () => new Response(JSON.stringify({ payment: { ...CARD, refundedAt: '2026-11-30T12:00:00.000Z' } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const rows = await screen.findAllByTestId('payment-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refunded 2.99 USD.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('asks first, then refunds; a refusal is told in French', async () => {
    await changeLanguage('fr');
    const calls = setup('super_admin', () => new Response(JSON.stringify({ error: { code: 'payment_failed', message: 'The card processor did not refund this payment. Nothing was changed.' } }), { status: 502, headers: { 'content-type': 'application/json' } }));
    const rows = await screen.findAllByTestId('payment-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Rembourser' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2,99 USD');
    expect(dialog.textContent).toContain('kamana@example.com');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/admin/payments/${CARD.id}/refund`]);
    expect(toast.error).toHaveBeenCalledWith("Le remboursement n'a pas abouti", { description: "Le processeur de cartes n'a pas remboursé ce paiement. Rien n'a été modifié." });
  });
});
