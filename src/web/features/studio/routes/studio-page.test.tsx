// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudioMoney, StudioReport } from '../../../../shared/contracts/studio';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import StudioPage from './studio-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const FILM = '00000000-0000-4000-8000-0000000000f1';

const NO_MONEY: StudioMoney = { translator: { id: 't1', name: 'Junior Giti', slug: 'junior-giti' }, statements: [], payouts: [] };

/** Answers GET /api/studio with `answer`, and the earnings (GET /api/studio/statements) with `money`. */
function stubStudio(answer: (url: string) => Response, money: () => Response = () => json(200, NO_MONEY)) {
  const fetchMock = vi.fn(async (url: string) => (url === '/api/studio/statements' ? money() : answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('StudioPage (docs/decisions/047-translators-as-people.md)', () => {
  it('shows the translator’s minutes and viewers per title and per day, and asks again for another period', async () => {
    const report: StudioReport = {
      translator: { id: 't1', name: 'Junior Giti', slug: 'junior-giti' },
      from: '2026-10-31',
      to: '2026-11-29',
      titles: [{ titleId: FILM, kind: 'film', title: 'Intare', seconds: 7530, minutes: 125.5, viewers: 1200 }],
      days: [
        { day: '2026-11-28', titleId: FILM, seconds: 3600, minutes: 60, viewers: 700 },
        { day: '2026-11-29', titleId: FILM, seconds: 3930, minutes: 65.5, viewers: 800 },
      ],
    };
    const fetchMock = stubStudio(() => json(200, report));
    renderRoutes([{ path: '/studio', element: <StudioPage /> }], '/studio');
    const titles = await screen.findByTestId('studio-titles');
    expect(screen.getByText('Junior Giti')).toBeTruthy();
    expect(titles.querySelector('tbody tr')?.textContent).toBe('Intare125.51,200');
    const days = [...screen.getByTestId('studio-days').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(days).toEqual(['November 29, 2026Intare65.5800', 'November 28, 2026Intare60.0700']);
    expect((await screen.findByTestId('studio-statements-empty')).textContent).toBe("No statement yet. A month's statement is made once the month is over and closed.");
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/studio\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    const [from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(String(fetchMock.mock.calls[0]![0]))!.slice(1);
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(29);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const studioCalls = () => fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/studio?'));
    await waitFor(() => expect(studioCalls()).toHaveLength(2));
    const [from7, to7] = /from=([\d-]+)&to=([\d-]+)/.exec(String(studioCalls()[1]![0]))!.slice(1);
    expect((Date.parse(to7!) - Date.parse(from7!)) / 86_400_000).toBe(6);
  });

  it('says so when nothing was watched, and tells an account that is no translator’s', async () => {
    stubStudio(() => json(200, { translator: { id: 't1', name: 'A', slug: 'a' }, from: '2026-11-01', to: '2026-11-29', titles: [], days: [] }));
    renderRoutes([{ path: '/studio', element: <StudioPage /> }], '/studio');
    expect((await screen.findByTestId('studio-empty')).textContent).toBe('Nothing of yours was watched in this period.');
    cleanup();
    stubStudio(() => json(403, { error: { code: 'not_a_translator', message: 'no' } }));
    renderRoutes([{ path: '/studio', element: <StudioPage /> }], '/studio');
    expect((await screen.findByTestId('studio-error')).textContent).toBe('This page is for translators. Ask an admin to link your account to your translator page.');
  });

  it('shows the translator’s earnings per month and currency with their statement page, and their payouts with status and reason', async () => {
    const money: StudioMoney = {
      ...NO_MONEY,
      statements: [
        { month: '2026-10', currency: 'RWF', seconds: 5430, minutes: 90.5, amount: 4900, closedAt: '2026-11-02T08:00:00.000Z', titles: [] },
        { month: '2026-10', currency: 'USD', seconds: 60, minutes: 1, amount: 150, closedAt: '2026-11-02T08:00:00.000Z', titles: [] },
      ],
      payouts: [
        { id: 'p1', month: '2026-10', currency: 'RWF', amount: 5400, carriedIn: 500, status: 'successful', reason: null, createdAt: '2026-11-02T09:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z' },
        { id: 'p2', month: '2026-10', currency: 'USD', amount: 150, carriedIn: 0, status: 'carried', reason: 'CURRENCY_NOT_PAID', createdAt: '2026-11-02T09:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z' },
      ],
    };
    stubStudio(() => json(200, { translator: NO_MONEY.translator, from: '2026-11-01', to: '2026-11-29', titles: [], days: [] }), () => json(200, money));
    renderRoutes([{ path: '/studio', element: <StudioPage /> }], '/studio');
    const statements = await screen.findByTestId('studio-statements');
    expect([...statements.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['October 202690.504,900 RWFStatement', 'October 20261.001.50 USDStatement']);
    const links = screen.getAllByRole('link', { name: 'Statement of October 2026' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/studio/statements/2026-10/page', '/api/studio/statements/2026-10/page']);
    const payouts = [...screen.getByTestId('studio-payouts').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(payouts).toEqual(['October 20265,400 RWFincludes 500 RWF carried from earlier monthsPaid—', 'October 20261.50 USDCarried to the next payoutNo mobile-money wallet is paid in this currency (USD).']);
    cleanup();
    await changeLanguage('rw');
    stubStudio(() => json(200, { translator: NO_MONEY.translator, from: '2026-11-01', to: '2026-11-29', titles: [], days: [] }), () => json(200, money));
    renderRoutes([{ path: '/studio', element: <StudioPage /> }], '/studio');
    expect((await screen.findByTestId('studio-payouts')).querySelector('tbody tr')?.textContent).toContain('Byishyuwe');
    expect(screen.getByTestId('studio-statements').querySelector('tbody tr')?.textContent).toMatch(/^Ukwakira 2026/);
  });
});
