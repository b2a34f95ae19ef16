// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { item, json, page } from '../../../test/catalog-fixtures';
import { renderRoutes } from '../../../test/render';
import { MoviesPage } from './movies-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers the catalogue with 25 titles (3 pages) and two translators; records every /api/catalog query. */
function serve() {
  const asked: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/catalog') {
      asked.push(url.searchParams);
      const p = Number(url.searchParams.get('page') ?? 1);
      const tab = url.searchParams.get('tab');
      const items = [item({ id: `id-${p}`, title: `${tab === 'series' ? 'Series' : 'Movie'} on page ${p}`, kind: tab === 'series' ? 'series' : 'movie' })];
      return json(200, page(items, { page: p, total: 25 }));
    }
    if (url.pathname === '/api/translators') {
      return json(200, {
        translators: [
          { id: 't1', name: 'Junior Giti', slug: 'junior-giti', photoUrl: null, bio: '', titles: 3 },
          { id: 't2', name: 'Yanga', slug: 'yanga', photoUrl: null, bio: '', titles: 9 },
        ],
      });
    }
    if (url.pathname === '/api/watchlist') return json(200, { items: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked, last: () => Object.fromEntries(asked.at(-1) ?? []) };
}

const routes = [{ path: '/movies', element: <MoviesPage /> }];

describe('MoviesPage URL state', () => {
  it('shows the list a URL describes, as after a reload', async () => {
    const api = serve();
    const view = renderRoutes(routes, '/movies?tab=series&q=inzira&category=drama&translator=yanga&sort=az&page=2&view=list');
    await screen.findByText('Series on page 2');
    expect(api.last()).toEqual({ tab: 'series', q: 'inzira', category: 'drama', translator: 'yanga', sort: 'az', page: '2' });
    expect(screen.getByRole('tab', { name: 'Series' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Search series') as HTMLInputElement).value).toBe('inzira');
    expect(screen.getByRole('button', { name: 'Drama' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect((screen.getByLabelText('Translator') as HTMLSelectElement).value).toBe('yanga'));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('az');
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(view.location().search).toBe('?tab=series&q=inzira&category=drama&translator=yanga&sort=az&page=2&view=list');
  });

  it('goes back to page 1 when the sort changes, and keeps the other filters', async () => {
    const api = serve();
    const view = renderRoutes(routes, '/movies?category=drama&page=3');
    await screen.findByText('Movie on page 3');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'rating' } });
    await screen.findByText('Movie on page 1');
    expect(view.location().search).toBe('?category=drama&sort=rating');
    expect(api.last()).toMatchObject({ sort: 'rating', page: '1', category: 'drama' });
  });

  it('goes back to page 1 when the category or the tab changes; the view does not', async () => {
    serve();
    const view = renderRoutes(routes, '/movies?page=2');
    await screen.findByText('Movie on page 2');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    await waitFor(() => expect(view.location().search).toBe('?page=2&view=list'));
    fireEvent.click(screen.getByRole('button', { name: 'Action' }));
    await waitFor(() => expect(view.location().search).toBe('?category=action&view=list'));
    await act(() => view.router.navigate('/movies?category=action&page=3'));
    fireEvent.click(screen.getByRole('tab', { name: 'Series' }));
    await waitFor(() => expect(view.location().search).toBe('?tab=series'));
    await screen.findByText('Series on page 1');
  });

  it('searches 300 ms after typing stops, on page 1, replacing the history entry', async () => {
    const api = serve();
    const view = renderRoutes(routes, '/movies?page=2');
    await screen.findByText('Movie on page 2');
    vi.useFakeTimers();
    const input = screen.getByLabelText('Search movies');
    fireEvent.change(input, { target: { value: 'in' } });
    fireEvent.change(input, { target: { value: 'inz' } });
    act(() => vi.advanceTimersByTime(299));
    expect(view.location().search).toBe('?page=2');
    act(() => vi.advanceTimersByTime(1));
    expect(view.location().search).toBe('?q=inz');
    vi.useRealTimers();
    await screen.findByText('Movie on page 1');
    expect(api.asked.filter((q) => q.get('q') === 'in')).toHaveLength(0);
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('maps the header links ?category=trending and ?category=new-releases to sorts', async () => {
    const api = serve();
    renderRoutes(routes, '/movies?category=trending');
    await screen.findByText('Movie on page 1');
    expect(api.last()).toEqual({ tab: 'movies', sort: 'rating', page: '1' });
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    renderRoutes(routes, '/movies?category=new-releases');
    await screen.findByText('Movie on page 1');
    expect(api.last()).toEqual({ tab: 'movies', sort: 'newest', page: '1' });
  });

  it('Clear Filters keeps the tab and the view', async () => {
    serve();
    const view = renderRoutes(routes, '/movies?tab=series&q=x&category=drama&sort=oldest&page=2&view=list');
    await screen.findByText('Series on page 2');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    await waitFor(() => expect(view.location().search).toBe('?tab=series&view=list'));
    expect((screen.getByLabelText('Search series') as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches, per tab', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/catalog') ? json(200, page([], { total: 0 })) : json(200, { translators: [], items: [] }),
      ),
    );
    renderRoutes(routes, '/movies?q=zzz');
    await screen.findByText('No movies found matching your criteria');
    cleanup();
    renderRoutes(routes, '/movies?tab=series&q=zzz');
    await screen.findByText('No series found matching your criteria');
  });

  it('shows Retry instead of a blank page when the list fails, and recovers', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).startsWith('/api/catalog')) return json(200, { translators: [], items: [] });
        return fail ? json(503, { error: { code: 'internal', message: 'down' } }) : json(200, page([item({ title: 'Back again' })]));
      }),
    );
    renderRoutes(routes, '/movies');
    await screen.findByText('Error loading movies');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Back again');
  });
});
