/**
 * Visitors see the catalogue (docs/decisions/054-visitors-see-the-catalogue.md): the reads behind /movies, /watch,
 * /series, /translators and /subscribe answer a signed-out visitor, and what they answer holds nothing of any user's
 * (watch list, progress, passes, entitlements); an answer drawn for a signed-in caller (an admin, who also sees titles
 * viewers cannot play yet, ADR 023) is never served from the read cache to a visitor, nor the reverse. Watching, the
 * watch list and paying stay behind sign-in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from './playable-fixture.js';

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysOf(v, into.add(k));
  return into;
}

/** Keys that would carry a user's own state; none belongs in an answer anyone may get. */
const PER_USER_KEYS = ['user', 'userId', 'email', 'saved', 'inWatchlist', 'watchlist', 'addedAt', 'progress', 'positionSeconds', 'watched', 'pass', 'entitled', 'owned', 'canWatch', 'payments'];

describeEachDb('visitors see the catalogue', (kind) => {
  let t: TestApp;
  let viewer: { cookie: string; id: string; email: string };
  let admin: { cookie: string; id: string; email: string };
  let shown = '';
  let series = '';

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const tr = await t.services.translators.create({ name: 'Junior Giti' });
    shown = (await t.services.catalog.create({ title: 'Intare', category: 'action', year: 2021, director: 'Jane', translatorId: tr.id })).id;
    series = (await t.services.series.create({ title: 'Ubuzima', category: 'drama', translatorId: tr.id })).id;
    await givePlaceholderVideos(t.db.db);
    // Made after the placeholders: no video, so only admins see it (ADR 023).
    await t.services.catalog.create({ title: 'Ingwe', category: 'action', year: 2022, director: 'Jane', translatorId: tr.id });
    t.services.catalogCache.clear();
    viewer = await signUp(t, 'user');
    admin = await signUp(t, 'admin');
    const saved = await t.app.inject({ method: 'POST', url: '/api/watchlist', headers: { cookie: viewer.cookie }, payload: { movieId: shown } });
    expect(saved.statusCode, saved.body).toBe(201);
  });
  afterAll(() => t.stop());

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('answers a visitor every catalogue read, with nothing of any user in it', async () => {
    const urls = ['/api/home', '/api/catalog', '/api/catalog?tab=series', `/api/movies/${shown}`, `/api/series/${series}`, '/api/translators', '/api/translators/junior-giti', '/api/plans'];
    for (const url of urls) {
      // A signed-in viewer asks first, so a per-user answer, if any were cached, would be there for the visitor.
      expect((await get(url, viewer.cookie)).statusCode, url).toBe(200);
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      const keys = keysOf(res.json());
      for (const key of PER_USER_KEYS) expect(keys.has(key), `${url} has ${key}`).toBe(false);
      expect(res.body, url).not.toContain(viewer.id);
      expect(res.body, url).not.toContain(viewer.email);
      // No shared cache keeps an answer that depends on who asks (etag.ts).
      expect(String(res.headers['cache-control']), url).toMatch(/no-cache/);
    }
  });

  it('never serves an admin\'s cached answer to a visitor, nor a visitor\'s to an admin', async () => {
    t.services.catalogCache.clear();
    // Admin first: their answers (with the title viewers cannot play) go into the read cache under their audience.
    expect((await get('/api/catalog?q=Ingwe', admin.cookie)).json().items.map((i: { title: string }) => i.title)).toEqual(['Ingwe']);
    expect((await get('/api/catalog?q=Ingwe')).json().items).toEqual([]);
    expect((await get('/api/home')).body).not.toContain('Ingwe');
    // And the other way round: a visitor's answers cached first do not hide the title from the admin.
    t.services.catalogCache.clear();
    expect((await get('/api/catalog?q=Ingwe')).json().items).toEqual([]);
    expect((await get('/api/catalog?q=Ingwe', admin.cookie)).json().items.map((i: { title: string }) => i.title)).toEqual(['Ingwe']);
    // A signed-in viewer is a viewer: their answer is the visitor's (nothing of theirs is in it).
    expect((await get('/api/catalog?q=Intare', viewer.cookie)).body).toBe((await get('/api/catalog?q=Intare')).body);
  });

  it('keeps watching, the watch list and paying behind sign-in', async () => {
    for (const [method, url] of [['GET', '/api/watchlist'], ['POST', `/api/playback/${shown}`], ['GET', `/api/progress/${shown}`], ['GET', '/api/billing/history'], ['POST', '/api/billing/payments']] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });
});
