// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingHistoryResponse } from '../../../../shared/contracts/billing';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { BillingPage } from './billing-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

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
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(history), { status: 200 })));
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
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(history), { status: 200 })));
    renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
    await screen.findByTestId('pass-remaining');
    expect(screen.queryByTestId('queued-passes')).toBeNull();
  });
});
