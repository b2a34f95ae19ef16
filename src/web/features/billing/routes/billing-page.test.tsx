// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingHistoryResponse } from '../../../../shared/contracts/billing';
import type { GiftView } from '../../../../shared/contracts/gifts';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { BillingPage } from './billing-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** GET /api/billing/history answers `history`, GET /api/gifts `gifts`, POST …/resend `resend` (or 404). */
function stubApi(history: BillingHistoryResponse, gifts: GiftView[] = [], resend?: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/gifts') return json(200, { gifts });
    if (url.endsWith('/resend') && resend) return resend();
    if (url === '/api/billing/history') return json(200, history);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// Dates are written in Kigali time (lib/format.ts formatDate), whatever the runtime's zone.
const at = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Kigali' }).format(new Date(iso)).replace(/\u202f/g, ' ');

describe('BillingPage', () => {
  it('lists the passes waiting behind the one in force (ADR 019)', async () => {
    const yearlyEnd = new Date(Date.now() + 200 * 86400e3).toISOString();
    const dailyEnd = new Date(Date.parse(yearlyEnd) + 86400e3).toISOString();
    const history: BillingHistoryResponse = {
      pass: {
        plan: 'yearly',
        status: 'active',
        active: true,
        expiresAt: yearlyEnd,
        remaining: { unit: 'days', count: 200 },
        timeline: [
          { plan: 'yearly', startsAt: new Date().toISOString(), endsAt: yearlyEnd },
          { plan: 'daily', startsAt: yearlyEnd, endsAt: dailyEnd },
        ],
      },
      payments: [],
    };
    stubApi(history);
    renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
    const queued = await screen.findByTestId('queued-passes');
    expect(queued.textContent).toBe(`Then, already paid forDaily Pass: ${at(yearlyEnd)} to ${at(dailyEnd)}`);
    expect(screen.getByTestId('pass-remaining').textContent).toBe('200 days remaining');
  });

  it('lists nothing more when no pass waits', async () => {
    const end = new Date(Date.now() + 86400e3).toISOString();
    const history: BillingHistoryResponse = {
      pass: { plan: 'daily', status: 'active', active: true, expiresAt: end, remaining: { unit: 'hours', count: 24 }, timeline: [{ plan: 'daily', startsAt: new Date().toISOString(), endsAt: end }] },
      payments: [],
    };
    stubApi(history);
    renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
    await screen.findByTestId('pass-remaining');
    expect(screen.queryByTestId('queued-passes')).toBeNull();
  });

  describe('gifts you sent (docs/decisions/046-gifts.md)', () => {
    const history: BillingHistoryResponse = { pass: null, payments: [] };
    const gift = (id: string, status: GiftView['status'], recipient: string): GiftView => ({
      id,
      paymentId: `p-${id}`,
      plan: 'daily',
      recipient,
      channel: recipient.includes('@') ? 'email' : 'sms',
      status,
      createdAt: '2026-12-01T08:30:00Z',
      activatedAt: status === 'awaiting_payment' ? null : '2026-12-01T08:31:00Z',
      expiresAt: null,
      claimedAt: status === 'claimed' ? '2026-12-02T08:00:00Z' : null,
      sentCount: 1,
      lastSentAt: null,
    });

    it('is hidden when the viewer never sent a gift', async () => {
      stubApi(history, []);
      renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
      await screen.findByTestId('current-pass');
      await waitFor(() => expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toContain('/api/gifts'));
      expect(screen.queryByText('Gifts you sent')).toBeNull();
    });

    it('lists plan, masked recipient, status and date; "Send again" only for a sent gift, with its refusals in words', async () => {
      const fetchMock = stubApi(history, [gift('g1', 'sent', 'a***@example.com'), gift('g2', 'claimed', '250781***001'), gift('g3', 'awaiting_payment', '256772***456'), gift('g4', 'expired', 'b***@example.com')], () =>
        json(429, { error: { code: 'rate_limited', message: 'A gift is sent at most 3 times a day.', details: { retryAfterSeconds: 7200 } } }),
      );
      renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
      await screen.findByText('Gifts you sent');
      const rows = screen.getAllByTestId('gift-row');
      expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['sent', 'claimed', 'awaiting_payment', 'expired']);
      expect(rows[0]!.textContent).toBe(`Daily PassSentTo a***@example.com · ${at('2026-12-01T08:30:00Z')}Send again`);
      expect(rows[1]!.textContent).toContain('Claimed');
      expect(rows[1]!.textContent).toContain('To 250781***001');
      expect(rows[2]!.textContent).toContain('Awaiting payment');
      expect(rows[3]!.textContent).toContain('Expired');
      expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not send the gift again', { description: 'This gift was already sent 3 times today. Try again tomorrow.' }));
      expect(fetchMock).toHaveBeenCalledWith('/api/gifts/g1/resend', expect.objectContaining({ method: 'POST' }));
    });
  });
});
