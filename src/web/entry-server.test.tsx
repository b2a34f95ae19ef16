import { describe, expect, it, vi } from 'vitest';
import type { PageApiTransport, RenderResult } from '../shared/contracts/page-render';
import { DEFAULT_SITE_SETTINGS } from '../shared/contracts/site-defaults';
import { render } from './entry-server';
import { apiRequest } from './lib/api-client';
import { item, json, page as catalogPage } from './test/catalog-fixtures';

type Answers = Record<string, [status: number, body: unknown]>;

/** A transport answering from `answers` by path (without query); anything else is a 404. Records each request. */
function api(answers: Answers) {
  const asked: string[] = [];
  const fetch: PageApiTransport = async (path, init) => {
    expect(init.method ?? 'GET').toBe('GET');
    asked.push(path);
    const [status, body] = answers[path.split('?')[0]!] ?? [404, { error: { code: 'not_found', message: `No route GET ${path}` } }];
    return json(status, body);
  };
  return { fetch, asked };
}

const SIGNED_OUT: Answers = {
  '/api/accounts/me': [200, { user: null, pass: null }],
  '/api/home': [200, { recentMovies: [item({ title: 'Intare y’Ishyamba', posterUrl: '/media/posters/intare.webp' })], popularMovies: [], newSeries: [] }],
  '/api/site-settings': [200, DEFAULT_SITE_SETTINGS],
};

const SIGNED_IN_ME = { user: { id: 'u1', email: 'keza@example.rw', name: 'Keza', role: 'user' }, pass: null };

function page(result: RenderResult) {
  if (result.kind !== 'page') throw new Error(`expected a drawn page, got ${result.kind}`);
  return { ...result, parsed: JSON.parse(result.state) as { lang: string; queries: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown; error?: unknown } }[] } } };
}

describe('server-side rendering (entry-server)', () => {
  it('draws / with the rows its data asked for, asking each API answer once', async () => {
    const { fetch, asked } = api(SIGNED_OUT);
    const p = page(await render({ url: '/', origin: 'http://sobanura.test', language: undefined, fetch }));
    expect(p.status).toBe(200);
    expect(p.lang).toBe('en');
    expect(p.errors).toEqual([]);
    expect(p.html).toContain('Films and series translated into Kinyarwanda');
    expect(p.html).toContain('Intare y’Ishyamba');
    expect(p.html).toContain('/media/posters/intare.webp');
    // Signed out: the call to sign up, and the header's sign-in link.
    expect(p.html).toContain('href="/register"');
    // Sent in place: no part outlined into a hidden element for a script to reveal.
    expect(p.html).not.toContain('hidden id="S:');
    expect(p.html).not.toContain('<script');
    expect([...new Set(asked)].sort()).toEqual(['/api/accounts/me', '/api/home', '/api/site-settings']);
    expect(asked).toHaveLength(3);
    const keys = p.parsed.queries.queries.map((q) => q.queryKey.join('/'));
    expect(keys.sort()).toEqual(['accounts/me', 'catalog/lists/home', 'site/settings']);
    expect(p.parsed.queries.queries.every((q) => q.state.status === 'success')).toBe(true);
  });

  it('draws in the visitor’s language, and in English for anything but en, fr and rw', async () => {
    const rw = page(await render({ url: '/', origin: 'http://sobanura.test', language: 'rw', fetch: api(SIGNED_OUT).fetch }));
    expect(rw.lang).toBe('rw');
    expect(rw.parsed.lang).toBe('rw');
    expect(rw.html).toContain('Ahabanza');
    const fr = page(await render({ url: '/about', origin: 'http://sobanura.test', language: 'fr', fetch: api(SIGNED_OUT).fetch }));
    expect(fr.html).toContain('Accueil');
    const odd = page(await render({ url: '/', origin: 'http://sobanura.test', language: '<script>', fetch: api(SIGNED_OUT).fetch }));
    expect(odd.lang).toBe('en');
    expect(odd.html).toContain('Home');
  });

  it('sends a failed answer along as a plain error, so the browser draws the same error screen', async () => {
    const signedIn: Answers = {
      '/api/accounts/me': [200, { user: { id: 'u1', email: 'keza@example.rw', name: 'Keza', role: 'user' }, pass: null }],
      '/api/site-settings': [200, DEFAULT_SITE_SETTINGS],
    };
    const p = page(await render({ url: '/watch/00000000-0000-4000-8000-000000000000', origin: 'http://sobanura.test', language: 'en', fetch: api(signedIn).fetch }));
    const movie = p.parsed.queries.queries.find((q) => q.state.status === 'error');
    expect(movie?.state.error).toEqual({ __apiError: { status: 404, code: 'not_found', message: 'No route GET /api/movies/00000000-0000-4000-8000-000000000000' } });
    // The not-found screen itself, not a loading skeleton that the browser would replace after asking again.
    expect(p.html).toContain('data-testid="not-found"');
    // The greeting is the part of the email before the @ (docs/product/viewer.md §2 "Header").
    expect(p.html).toContain('keza');
  });

  it('draws the site settings (docs/decisions/022): the footer\'s phone, the figures, the admin\'s testimonials', async () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      supportPhone: '+250 722 555 666',
      figures: { ...DEFAULT_SITE_SETTINGS.figures, qualityRating: null, titles: '2500+' },
      testimonials: [{ quote: 'Ndabikunda cyane', name: 'Uwase', place: null }],
    };
    const p = page(await render({ url: '/', origin: 'http://sobanura.test', language: 'en', fetch: api({ ...SIGNED_OUT, '/api/site-settings': [200, settings] }).fetch }));
    expect(p.html).toContain('+250 722 555 666');
    expect(p.html).toContain('href="tel:+250722555666"');
    expect(p.html).toContain('2500+');
    expect(p.html).not.toContain('99.9%');
    expect(p.html).toContain('Ndabikunda cyane');
    expect(p.html).not.toContain(DEFAULT_SITE_SETTINGS.supportPhone!);
  });

  it('answers 404 for a path no route knows, with the 404 page drawn', async () => {
    const p = page(await render({ url: '/no-such-page', origin: 'http://sobanura.test', language: 'en', fetch: api(SIGNED_OUT).fetch }));
    expect(p.status).toBe(404);
    expect(p.html).toContain('Oops! Page not found');
  });

  it('answers a page that sends the visitor elsewhere with where it goes, or with the shell when the move carries state', async () => {
    const signedIn: Answers = {
      '/api/accounts/me': [200, { user: { id: 'u1', email: 'keza@example.rw', name: 'Keza', role: 'user' }, pass: null }],
      '/api/catalog': [200, { items: [], page: 9, pageSize: 10, total: 23, categories: [] }],
      '/api/translators': [200, { items: [] }],
    };
    // The old site's episode links.
    expect(await render({ url: '/series/s1/season/2/episode/3', origin: 'http://sobanura.test', language: 'en', fetch: api(signedIn).fetch })).toEqual({ kind: 'redirect', location: '/episode/s1/2/3' });
    // A page past the end of the list goes to the last one, keeping the other choices.
    expect(await render({ url: '/movies?page=9&sort=az', origin: 'http://sobanura.test', language: 'en', fetch: api(signedIn).fetch })).toEqual({ kind: 'redirect', location: '/movies?sort=az&page=3' });
    // Signed out on a page that needs an account (ADR 054): an HTTP redirect to /login with the way back and the reason.
    expect(await render({ url: '/watchlist', origin: 'http://sobanura.test', language: 'en', fetch: api(SIGNED_OUT).fetch })).toEqual({ kind: 'redirect', location: '/login?next=%2Fwatchlist&reason=watchlist' });
    expect(await render({ url: '/redeem?code=AB', origin: 'http://sobanura.test', language: 'en', fetch: api(SIGNED_OUT).fetch })).toEqual({ kind: 'redirect', location: '/login?next=%2Fredeem%3Fcode%3DAB&reason=pay' });
  });

  it('draws /movies and a film for a signed-out visitor (ADR 054): no watch list asked for, the buttons lead to sign-in', async () => {
    const film = item({ id: '00000000-0000-4000-8000-000000000001', title: 'Intare y’Ishyamba' });
    const { fetch, asked } = api({ ...SIGNED_OUT, '/api/catalog': [200, catalogPage([film])], '/api/translators': [200, { translators: [] }] });
    const list = page(await render({ url: '/movies', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(list.status).toBe(200);
    expect(list.html).toContain('Intare y’Ishyamba');
    expect(list.html).toContain('data-testid="watchlist-sign-in"');
    expect(list.html).toContain('/login?next=%2Fmovies&amp;reason=watchlist');
    expect(asked).not.toContain('/api/watchlist');
    expect(list.parsed.queries.queries.map((q) => q.queryKey[0])).not.toContain('watchlist');
  });

  it('sends a visitor from the login page to registration with the way back, and says why they were sent', async () => {
    const { fetch } = api(SIGNED_OUT);
    const p = page(await render({ url: '/login?next=%2Fwatch%2Fm1&reason=watch', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(p.html).toContain('Sign in to watch');
    expect(p.html).not.toContain('Welcome back');
    expect(p.html).toContain('href="/register?next=%2Fwatch%2Fm1"');
    // A reason that is not one of ours is ignored: the plain greeting.
    const odd = page(await render({ url: '/login?reason=%3Cb%3E', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(odd.html).toContain('>Sign in</h1>');
  });

  it('sends a request made outside a page render to fetch, so browser code sharing the process still reaches its server', async () => {
    const stub = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', stub);
    try {
      await expect(apiRequest('/api/offline/d1/license', { method: 'POST' })).resolves.toEqual({ ok: true });
      expect(stub).toHaveBeenCalledWith('/api/offline/d1/license', expect.objectContaining({ method: 'POST' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves the player and the admin panel to the browser', async () => {
    const { fetch, asked } = api(SIGNED_OUT);
    expect(await render({ url: '/player/abc', origin: 'http://sobanura.test', language: 'en', fetch })).toEqual({ kind: 'client' });
    expect(await render({ url: '/super-panel-2025', origin: 'http://sobanura.test', language: 'en', fetch })).toEqual({ kind: 'client' });
    expect(asked).toEqual([]);
  });

  it('keeps text from the API from closing the state script', async () => {
    const answers: Answers = { ...SIGNED_OUT, '/api/home': [200, { recentMovies: [item({ title: '</script><script>alert(1)</script>' })], popularMovies: [], newSeries: [] }] };
    const p = page(await render({ url: '/', origin: 'http://sobanura.test', language: 'en', fetch: api(answers).fetch }));
    expect(p.state).not.toMatch(/<\/script/i);
    expect(p.html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(p.parsed)).toContain('</script><script>alert(1)</script>');
  });

  it('draws a signed-in /movies from answers asked before the drawing (the list, the translators, the watch list), each once', async () => {
    const film = item({ title: 'Intare y’Ishyamba' });
    const { fetch, asked } = api({
      ...SIGNED_OUT,
      '/api/accounts/me': [200, SIGNED_IN_ME],
      '/api/catalog': [200, catalogPage([film])],
      '/api/translators': [200, { translators: [] }],
      '/api/watchlist': [200, { items: [{ addedAt: '2026-01-02T00:00:00.000Z', item: film }] }],
    });
    const p = page(await render({ url: '/movies?sort=az', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(p.html).toContain('Intare y’Ishyamba');
    // The card's watch-list button is drawn from the watch list: saved.
    expect(p.html).toContain('data-saved="true"');
    expect(asked.sort()).toEqual(['/api/accounts/me', '/api/catalog?tab=movies&sort=az&page=1', '/api/site-settings', '/api/translators', '/api/watchlist']);
    const keys = p.parsed.queries.queries.map((q) => q.queryKey[0] === 'catalog' ? q.queryKey.slice(0, 3).join('/') : q.queryKey.join('/'));
    expect(keys).toEqual(['accounts/me', 'site/settings', 'catalog/lists/page', 'catalog/lists/translators', 'watchlist']);
  });

  it('leaves out of the state what was fetched ahead for a page that did not show it (a film that does not exist)', async () => {
    const { fetch, asked } = api({ ...SIGNED_OUT, '/api/accounts/me': [200, SIGNED_IN_ME], '/api/watchlist': [200, { items: [] }], '/api/plans': [200, { plans: [], operators: [] }] });
    const p = page(await render({ url: '/watch/00000000-0000-4000-8000-000000000009', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(asked).toContain('/api/movies/00000000-0000-4000-8000-000000000009');
    expect(asked).toContain('/api/plans');
    // The film's 404 is drawn; the watch list and the plans of its Buy button are not part of the page.
    expect(p.parsed.queries.queries.map((q) => q.queryKey.slice(0, 2).join('/'))).toEqual(['accounts/me', 'site/settings', 'catalog/movie']);
  });

  it('still draws the page when the API cannot be reached, with the queries left to the browser as errors', async () => {
    const fetch: PageApiTransport = () => Promise.reject(new TypeError('fetch failed'));
    const p = page(await render({ url: '/login', origin: 'http://sobanura.test', language: 'en', fetch }));
    expect(p.html).toContain('Create a free account');
    const me = p.parsed.queries.queries.find((q) => q.queryKey[0] === 'accounts');
    expect(me?.state.error).toEqual({ __apiError: { status: 500, code: 'internal', message: 'Internal error' } });
  });
});
