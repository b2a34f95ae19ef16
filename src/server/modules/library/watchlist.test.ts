/**
 * The watch list (issue 3 point 8; docs/product/viewer.md §2, §4, §7, §8): movies and series, added (201), a
 * duplicate refused (409 conflict, "This movie is already in your watchlist"), removed (204, 404 when absent),
 * listed newest first, only ever the session user's own, and closed to anonymous callers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from '../catalog/playable-fixture.js';

describeEachDb('watch list', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    alice = (await signUp(t)).cookie;
    bob = (await signUp(t)).cookie;
    ids.inzovu = (await t.services.catalog.create({ title: 'Inzovu Part 1', category: 'drama', year: 2020 })).id;
    ids.inzovu2 = (await t.services.catalog.create({ title: 'Inzovu Part 2', category: 'drama', year: 2020 })).id;
    ids.intare = (await t.services.catalog.create({ title: 'Intare', category: 'action' })).id;
    ids.show = (await t.services.series.create({ title: 'Ubuzima', category: 'drama' })).id;
  });
  afterAll(() => t.stop());

  const add = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/watchlist', headers: { cookie }, payload });
  const list = async (cookie: string) => (await t.app.inject({ url: '/api/watchlist', headers: { cookie } })).json().items as { addedAt: string; item: { id: string; kind: string; title: string } }[];

  it('adds movies and series (201) and lists them newest first, a grouped movie as itself', async () => {
    const a = await add(alice, { movieId: ids.inzovu });
    expect(a.statusCode).toBe(201);
    expect(a.json().entry.item).toMatchObject({ id: ids.inzovu, kind: 'movie', title: 'Inzovu Part 1' });
    await new Promise((r) => setTimeout(r, 5));
    expect((await add(alice, { seriesId: ids.show })).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect((await add(alice, { movieId: ids.intare })).statusCode).toBe(201);
    expect((await list(alice)).map((e) => [e.item.kind, e.item.title])).toEqual([
      ['movie', 'Intare'],
      ['series', 'Ubuzima'],
      ['movie', 'Inzovu Part 1'],
    ]);
  });

  it('refuses a duplicate with 409 conflict', async () => {
    const r = await add(alice, { movieId: ids.inzovu });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'conflict', message: 'This movie is already in your watchlist' });
    expect((await add(alice, { seriesId: ids.show })).json().error.message).toBe('This series is already in your watchlist');
    expect(await list(alice)).toHaveLength(3);
  });

  it('refuses unknown titles (404) and bad bodies (400)', async () => {
    expect((await add(alice, { movieId: '00000000-0000-4000-8000-000000000000' })).json().error).toEqual({ code: 'not_found', message: 'Movie not found' });
    for (const payload of [{}, { movieId: 'nope' }, { movieId: ids.inzovu, seriesId: ids.show }, { userId: 'x', movieId: ids.inzovu2 }]) {
      const r = await add(alice, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
  });

  it("keeps each user's list to themselves", async () => {
    expect(await list(bob)).toEqual([]);
    expect((await add(bob, { movieId: ids.inzovu })).statusCode).toBe(201);
    // Bob cannot remove Alice's other entries: his own list is the only one he reaches.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/watchlist/movie/${ids.intare}`, headers: { cookie: bob } });
    expect(del.statusCode).toBe(404);
    expect(await list(alice)).toHaveLength(3);
    expect((await list(bob)).map((e) => e.item.id)).toEqual([ids.inzovu]);
  });

  it('removes entries (204), then answers 404 for them', async () => {
    const url = `/api/watchlist/movie/${ids.inzovu}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: alice } })).statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url, headers: { cookie: alice } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({ code: 'not_found', message: 'This movie is not in your watchlist' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/watchlist/series/${ids.show}`, headers: { cookie: alice } })).statusCode).toBe(204);
    expect((await list(alice)).map((e) => e.item.title)).toEqual(['Intare']);
    expect((await list(bob)).map((e) => e.item.id)).toEqual([ids.inzovu]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/watchlist/movie/bad-id', headers: { cookie: alice } })).statusCode).toBe(400);
  });

  it('drops entries of deleted titles', async () => {
    await t.services.catalog.delete(ids.intare!);
    expect(await list(alice)).toEqual([]);
  });

  it('keeps a saved title that cannot play on the list, saying why, and drops the mark once it plays (ADR 023)', async () => {
    const card = async () => (await list(bob)).find((e) => e.item.id === ids.inzovu2)?.item as { unavailable?: string } | undefined;
    expect((await add(bob, { movieId: ids.inzovu2 })).statusCode).toBe(201);
    expect(await card()).toMatchObject({ unavailable: 'failed' });
    await givePlaceholderVideos(t.db.db);
    expect((await card())?.unavailable).toBeUndefined();
  });

  it('answers 401 unauthenticated to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/watchlist'],
      ['POST', '/api/watchlist'],
      ['DELETE', `/api/watchlist/movie/${ids.inzovu}`],
      ['DELETE', `/api/watchlist/series/${ids.show}`],
    ] as const) {
      const r = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { movieId: ids.inzovu } } : {}) });
      expect(r.statusCode, url).toBe(401);
      expect(r.json().error.code).toBe('unauthenticated');
    }
  });
});
