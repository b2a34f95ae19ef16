/**
 * Catalogue ETags through the real app (docs/decisions/029-catalogue-etags.md; RFC 9110 sections 8.8.3, 13.1.2):
 * a catalogue read carries a weak ETag and the right Cache-Control; the same read with its ETag in If-None-Match
 * is a 304 with no body (compressed or not); an admin's edit or a site-settings save makes the old ETag get a 200
 * with the new body; a viewer's ETag never matches the admin's answer (ADR 023) and the reverse; media, POST
 * answers, errors and answers that set a cookie carry no ETag and never become 304.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/contracts/site-defaults.js';
import { givePlaceholderVideos } from '../modules/catalog/playable-fixture.js';
import { keys } from '../providers/storage/media-storage.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../test/harness.js';
import { CATALOGUE_READS, registerCatalogueEtags } from './etag.js';

describe('the ETag plugin on its own', () => {
  it('leaves an answer that sets a cookie alone, and refuses to be registered after a catalogue route', async () => {
    const app = Fastify();
    await registerCatalogueEtags(app);
    app.get('/api/home', async (req, reply) => {
      if (req.query && (req.query as { cookie?: string }).cookie) reply.header('set-cookie', 'session=renewed; HttpOnly');
      return { rows: [] };
    });
    const plain = await app.inject({ url: '/api/home' });
    expect(plain.headers.etag).toMatch(/^W\//);
    const withCookie = await app.inject({ url: '/api/home?cookie=1', headers: { 'if-none-match': plain.headers.etag as string } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers.etag).toBeUndefined();
    expect(withCookie.json()).toEqual({ rows: [] });
    await app.close();

    const late = Fastify();
    late.get('/api/home', async () => ({}));
    await expect(registerCatalogueEtags(late)).rejects.toThrow(/before \/api\/home/);
    await late.close();
  });
});

describeEachDb('catalogue ETags', (kind) => {
  let t: TestApp;
  let admin: string;
  let superAdmin: string;
  let viewer: string;
  let filmId: string;
  let seriesId: string;
  let slug: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'admin')).cookie;
    superAdmin = (await signUp(t, 'super_admin')).cookie;
    viewer = (await signUp(t)).cookie;
    const tr = await t.services.translators.create({ name: 'Rocky Kimomo' });
    slug = tr.slug;
    // Enough films for the home answer to pass the 1 KiB compression threshold.
    for (let i = 0; i < 12; i++) {
      const m = await t.services.catalog.create({ title: `Film ${i}`, category: 'action', translatorId: tr.id, year: 2021, director: 'Jane', description: 'A film long enough to be worth compressing. '.repeat(3) });
      filmId ??= m.id;
    }
    const show = await t.services.series.create({ title: 'Show', category: 'drama', translatorId: tr.id });
    await t.services.series.addSeason(show.id);
    await t.services.series.addEpisode(show.id, 1, { episodeNumber: 1, title: 'One' });
    seriesId = show.id;
    await givePlaceholderVideos(t.db.db);
    // Written after the placeholders: no video, so only admins see it (ADR 023).
    await t.services.catalog.create({ title: 'Admins only', category: 'action', translatorId: tr.id, year: 2022, director: 'Jane' });
    t.services.catalogCache.clear();
  });
  afterAll(() => t.stop());

  it('gives every catalogue read a weak ETag and Cache-Control, and a 304 with no body to its own ETag', async () => {
    const urls = [
      '/api/home',
      '/api/catalog?q=Film',
      '/api/movies',
      `/api/movies/${filmId}`,
      '/api/translators',
      `/api/translators/${slug}`,
      `/api/series/${seriesId}`,
      `/api/series/${seriesId}/seasons/1/episodes/1`,
      '/api/site-settings',
      '/api/plans',
      '/api/watchlist',
    ];
    for (const url of urls) {
      const first = await get(url, { cookie: viewer });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[A-Za-z0-9+/=]+"$/);
      const expected = url === '/api/site-settings' ? 'public, max-age=60' : ['/api/translators', '/api/plans'].includes(url) ? 'public, no-cache' : 'private, no-cache';
      expect(first.headers['cache-control'], url).toBe(expected);

      const again = await get(url, { cookie: viewer, 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(expected);
      expect(again.headers['content-length'], url).toBeUndefined();
      expect(again.headers['content-type'], url).toBeUndefined();
      // The strong form of the same tag matches too: If-None-Match uses the weak comparison.
      expect((await get(url, { cookie: viewer, 'if-none-match': etag.slice(2) })).statusCode, url).toBe(304);
      // Another tag gets the whole answer.
      const other = await get(url, { cookie: viewer, 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(first.body);
      // A list of tags matches when one of them does, and `*` matches any answer (RFC 9110 section 13.1.2).
      const list = await get(url, { cookie: viewer, 'if-none-match': `W/"older", ${etag}, "another"` });
      expect(list.statusCode, url).toBe(304);
      expect(list.rawPayload.length, url).toBe(0);
      expect((await get(url, { cookie: viewer, 'if-none-match': '*' })).statusCode, url).toBe(304);
      expect((await get(url, { cookie: viewer, 'if-none-match': 'W/"older", "another"' })).statusCode, url).toBe(200);
      // A reload that asks for the whole answer gets it, even with its tag.
      const reload = await get(url, { cookie: viewer, 'if-none-match': etag, 'cache-control': 'no-cache' });
      expect(reload.statusCode, url).toBe(200);
      expect(reload.body, url).toBe(first.body);
    }
    // Every route the plugin lists exists and was asked above (a renamed route would silently lose its ETag).
    for (const url of CATALOGUE_READS.keys()) expect(t.app.hasRoute({ method: 'GET', url }), url).toBe(true);
    expect(urls.length).toBe(CATALOGUE_READS.size);
  });

  it('answers a compressed revalidation with a 304 and no body, under the same ETag as the text', async () => {
    const plain = await get('/api/home');
    const br = await get('/api/home', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get('/api/home', { 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('gives the old ETag a 200 with the new body after an admin edits a title', async () => {
    const before = await get(`/api/movies/${filmId}`, { cookie: viewer });
    const homeBefore = await get('/api/home', { cookie: viewer });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${filmId}`, headers: { cookie: admin }, payload: { title: 'Film renamed' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.headers.etag).toBeUndefined();

    const after = await get(`/api/movies/${filmId}`, { cookie: viewer, 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().movie.title).toBe('Film renamed');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const home = await get('/api/home', { cookie: viewer, 'if-none-match': homeBefore.headers.etag as string });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Film renamed');
    // And the new ETag is the one that revalidates now.
    expect((await get(`/api/movies/${filmId}`, { cookie: viewer, 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  it('gives the old ETag a 200 with the new settings after a super admin saves them', async () => {
    const before = await get('/api/site-settings');
    const save = await t.app.inject({ method: 'PUT', url: '/api/admin/site-settings', headers: { cookie: superAdmin }, payload: { ...DEFAULT_SITE_SETTINGS, supportPhone: '+250 788 000 111' } });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.headers.etag).toBeUndefined();
    const after = await get('/api/site-settings', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().supportPhone).toBe('+250 788 000 111');
    const plans = await get('/api/plans');
    const priced = await t.app.inject({ method: 'PUT', url: '/api/admin/site-settings', headers: { cookie: superAdmin }, payload: { ...DEFAULT_SITE_SETTINGS, prices: { ...DEFAULT_SITE_SETTINGS.prices, weekly: { priceRwf: 2500, compareAtRwf: null } } } });
    expect(priced.statusCode, priced.body).toBe(200);
    const repriced = await get('/api/plans', { 'if-none-match': plans.headers.etag as string });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json().plans.map((p: { priceRwf: number }) => p.priceRwf)).toContain(2500);
  });

  it("never lets a viewer's ETag match the admin's answer, nor the reverse", async () => {
    for (const url of ['/api/home', '/api/catalog', '/api/movies', `/api/translators/${slug}`]) {
      const forAdmin = await get(url, { cookie: admin });
      const forViewer = await get(url, { cookie: viewer });
      expect(forAdmin.body, url).toContain('Admins only');
      expect(forViewer.body, url).not.toContain('Admins only');
      expect(forAdmin.headers.etag, url).not.toBe(forViewer.headers.etag);
      const viewerWithAdminTag = await get(url, { cookie: viewer, 'if-none-match': forAdmin.headers.etag as string });
      expect(viewerWithAdminTag.statusCode, url).toBe(200);
      expect(viewerWithAdminTag.body, url).toBe(forViewer.body);
      const adminWithViewerTag = await get(url, { cookie: admin, 'if-none-match': forViewer.headers.etag as string });
      expect(adminWithViewerTag.statusCode, url).toBe(200);
      expect(adminWithViewerTag.body, url).toBe(forAdmin.body);
      // Signed out is a viewer too: the viewer's tag revalidates there.
      expect((await get(url, { 'if-none-match': forViewer.headers.etag as string })).statusCode, url).toBe(304);
    }
  });

  it('puts no ETag on media, POST answers, errors or other API answers, and never turns them into a 304', async () => {
    const videoId = '00000000-0000-4000-8000-000000000001';
    await t.services.storage.put(keys.videoFile(videoId, 'poster.webp'), Buffer.from('RIFF....WEBPVP8 poster bytes'));
    const poster = await get(`/media/posters/${videoId}.webp`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers.etag).toBeUndefined();
    expect((await get(`/media/posters/${videoId}.webp`, { 'if-none-match': '*' })).statusCode).toBe(200);

    const created = await t.app.inject({ method: 'POST', url: '/api/admin/movies', headers: { cookie: admin }, payload: { title: 'Posted', category: 'action', year: 2020, director: 'Jane', description: 'x', cast: ['A'] } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBeUndefined();

    const missing = await get('/api/movies/00000000-0000-4000-8000-000000000009');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const bad = await get('/api/movies/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const refused = await get('/api/watchlist');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();

    for (const url of ['/api/health', '/api/accounts/me', '/api/playback/settings']) {
      const res = await get(url, { cookie: viewer });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
    }
  });
});
