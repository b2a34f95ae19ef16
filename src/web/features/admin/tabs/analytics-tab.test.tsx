// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '../../../../shared/contracts/admin';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { AnalyticsTab } from './analytics-tab';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
// recharts measures its container, which jsdom does not lay out.
vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => {
  cleanup();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('AnalyticsTab', () => {
  it('names each plan of "Revenue per plan" in the page’s language, never by its id', async () => {
    const report: AnalyticsReport = {
      from: '2026-11-01', to: '2026-11-29', timeZone: 'Africa/Kigali',
      revenuePerDay: [],
      revenueByPlan: [{ plan: 'weekly', currency: 'RWF', amount: 3000, payments: 2 }, { plan: 'gone', currency: 'RWF', amount: 100, payments: 1 }],
      passesSoldPerDay: [], passesActivePerDay: [], newViewersPerDay: [],
      paymentOutcomes: { successful: 3, pending: 0, failed: 0, failedByReason: [] },
      topTitles: { available: false, items: [] },
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/api/admin/analytics/counts')) return json({ movies: 1, series: 0, profiles: 1, activeSubscriptions: 1 });
      if (url.startsWith('/api/admin/analytics?')) return json(report);
      if (url.startsWith('/api/admin/rights/ending')) return json({ items: [] });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'no' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    }));
    renderRoutes([{ path: '/', element: <AnalyticsTab /> }], '/');
    const table = await screen.findByRole('table', { name: 'Revenus par formule' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows[0]).toMatch(/^Pass Semaine/);
    // A plan since removed keeps its id: there is no name for it.
    expect(rows[1]).toMatch(/^gone/);
  });
});
