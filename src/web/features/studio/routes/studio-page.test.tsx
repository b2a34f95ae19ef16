// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudioReport } from '../../../../shared/contracts/studio';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import StudioPage from './studio-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const FILM = '00000000-0000-4000-8000-0000000000f1';

function stubStudio(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
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
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/studio\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    const [from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(String(fetchMock.mock.calls[0]![0]))!.slice(1);
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(29);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [from7, to7] = /from=([\d-]+)&to=([\d-]+)/.exec(String(fetchMock.mock.calls[1]![0]))!.slice(1);
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
});
