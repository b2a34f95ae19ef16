// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogItem } from '../../../../shared/contracts/browse';
import { initI18n } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { item, json } from '../../../test/catalog-fixtures';
import { renderWithClient } from '../../../test/render';
import { WatchlistButton } from './watchlist-button';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const MOVIE = '00000000-0000-4000-8000-00000000000a';

/** GET /api/watchlist answers `saved`; POST and DELETE answer what the test says. */
function serve(saved: (string | CatalogItem)[], post: Response | (() => Response), del: Response = json(204, null)) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json(200, { items: saved.map((s) => ({ addedAt: '2026-01-01T00:00:00Z', item: typeof s === 'string' ? item({ id: s }) : s })) });
      if (method === 'POST') return typeof post === 'function' ? post() : post;
      return del;
    }),
  );
  return calls;
}

async function button() {
  const b = await screen.findByRole('button', { name: /watchlist/i });
  await waitFor(() => expect((b as HTMLButtonElement).disabled).toBe(false));
  return b;
}

describe('WatchlistButton', () => {
  it('adds a title: "Added to watchlist", and the button turns into Remove without asking the list again', async () => {
    const calls = serve([], json(201, { entry: { addedAt: '2026-01-02T00:00:00Z', item: item({ id: MOVIE }) } }));
    renderWithClient(<WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Inzira" />);
    fireEvent.click(await button());
    await screen.findByRole('button', { name: 'Remove from Watchlist' });
    expect(toast.success).toHaveBeenCalledWith('Added to watchlist', expect.anything());
    expect(calls.filter((c) => c.method === 'POST')[0]).toMatchObject({ url: '/api/watchlist', body: { movieId: MOVIE } });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('reports a duplicate as "Already in watchlist" and catches up with the saved list', async () => {
    let savedNow: string[] = [];
    const calls = serve(savedNow, () => {
      savedNow = [MOVIE];
      return json(409, { error: { code: 'conflict', message: 'Already in watchlist' } });
    });
    const { client } = renderWithClient(<WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Inzira" />);
    fireEvent.click(await button());
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Already in watchlist', { description: 'This movie is already in your watchlist' }));
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(2));
    expect(client.getQueryState(queryKeys.watchlist)?.isInvalidated).toBe(false);
  });

  it('removes a saved series: "Removed from watchlist"; a movie of the same id is not the series', async () => {
    const calls = serve([item({ id: 's-1', kind: 'series' })], json(500, {}));
    renderWithClient(
      <>
        <WatchlistButton target={{ kind: 'series', id: 's-1' }} title="Inshuti" />
        <WatchlistButton target={{ kind: 'movie', id: 's-1' }} title="Other" compact />
      </>,
    );
    await screen.findByRole('button', { name: 'Add Other to your watchlist' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from Watchlist' }));
    await screen.findByRole('button', { name: 'Add to Watchlist' });
    expect(toast.success).toHaveBeenCalledWith('Removed from watchlist', expect.anything());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/watchlist/series/s-1');
  });

  it('asks a signed-out viewer to log in', async () => {
    serve([], json(401, { error: { code: 'unauthenticated', message: 'Sign in' } }));
    renderWithClient(<WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Inzira" />);
    fireEvent.click(await button());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Please log in', { description: 'You need to be logged in to add movies to your watchlist.' }),
    );
  });

  it('says "Error adding watchlist" on any other failure, and "Error removing watchlist" likewise', async () => {
    serve([], json(500, { error: { code: 'internal', message: 'boom' } }));
    renderWithClient(<WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Inzira" />);
    fireEvent.click(await button());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error adding watchlist', expect.anything()));
    cleanup();
    vi.unstubAllGlobals();
    serve([MOVIE], json(201, {}), json(500, { error: { code: 'internal', message: 'boom' } }));
    renderWithClient(<WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Inzira" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from Watchlist' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error removing watchlist', expect.anything()));
  });
});

describe('WatchlistButton for a signed-out visitor (docs/decisions/054-visitors-see-the-catalogue.md)', () => {
  it('is a link to sign in with the reason and the way back, and asks nothing of the server', async () => {
    const { renderRoutes } = await import('../../../test/render');
    const { SignedInContext } = await import('../../../lib/sign-in');
    const calls = serve([], json(201, {}));
    const element = (compact: boolean) => (
      <SignedInContext.Provider value={false}>
        <WatchlistButton target={{ kind: 'movie', id: MOVIE }} title="Intare" compact={compact} />
      </SignedInContext.Provider>
    );
    renderRoutes([{ path: '/watch/:id', element: element(false) }], `/watch/${MOVIE}?x=1`);
    const full = await screen.findByRole('link', { name: 'Sign in to save' });
    expect(full.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/watch/${MOVIE}?x=1`)}&reason=watchlist`);
    cleanup();
    renderRoutes([{ path: '/movies', element: element(true) }], '/movies');
    const compact = await screen.findByRole('link', { name: 'Sign in to save Intare to your watch list' });
    expect(compact.getAttribute('href')).toBe('/login?next=%2Fmovies&reason=watchlist');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
