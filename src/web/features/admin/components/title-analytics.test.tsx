// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TitleAnalytics } from '../../../../shared/contracts/title-analytics';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { amountsText, previousMonth, TitleAnalyticsCard } from './title-analytics';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TitleAnalyticsCard (docs/product/admin.md §10; ADR 051)', () => {
  it('asks for last month and shows each currency, title and translator, amounts never added across currencies', async () => {
    const report: TitleAnalytics = {
      month: '2026-10',
      closed: false,
      titles: [{ titleId: 't2', title: 'Hit film', kind: 'film', minutes: 22, viewers: 3, revenue: { USD: 70, UGX: 3500 } }],
      translators: [{ holderId: 'translator:b', name: 'Ben Translator', minutes: 22, amount: { USD: 42, UGX: 2100 } }],
      currencies: [{ currency: 'UGX', revenue: 5000, fees: 0, platformShare: 1500, holders: 3500 }],
    };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(report), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <TitleAnalyticsCard /> }], '/');
    const titles = await screen.findByTestId('title-analytics-titles');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(`/api/admin/analytics/titles?month=${previousMonth(new Date())}`);
    expect(titles.querySelector('tbody tr')?.textContent).toBe('Hit film22.033,500 UGX · 0.70 USD');
    expect(screen.getByTestId('title-analytics-translators').querySelector('tbody tr')?.textContent).toBe('Ben Translator22.02,100 UGX · 0.42 USD');
    expect(screen.getByTestId('title-analytics-currencies').querySelector('tbody tr')?.textContent).toBe('UGX5,000 UGX0 UGX1,500 UGX3,500 UGX');
  });

  it('names the previous month across a new year, and writes "—" for no amount', () => {
    expect(previousMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-11-29T00:00:00Z'))).toBe('2026-10');
    expect(amountsText({}, 'en')).toBe('—');
    expect(amountsText({ RWF: 6100 }, 'fr')).toBe('6\u202f100 RWF');
  });
});
