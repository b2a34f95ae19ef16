/**
 * A movie's page (issue 3 point 4; docs/product/viewer.md §2 "/watch/{id}"): parts in order (its own, or its
 * group's), up to 3 related titles of the same category (not itself or its group), the trailer in embed form,
 * the redirect when its video is a part of another movie, poster fallbacks, and the not-found answers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { movieParts, movies, videoAssets } from '../../db/schema/index.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from './playable-fixture.js';

describeEachDb('movie detail', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const base = Date.now() - 30 * 86_400_000;
  let step = 0;
  const movie = async (title: string, extra: Record<string, unknown> = {}) => {
    ids[title] = (await t.services.catalog.create({ title, category: 'drama', year: 2020, director: 'Jane', ...extra }, { createdAt: new Date(base + ++step * 60_000) })).id;
    // Viewers are shown playable titles only (ADR 023): every title here has a ready (placeholder) video.
    await givePlaceholderVideos(t.db.db);
    return ids[title]!;
  };
  const detail = async (id: string) => {
    const r = await t.app.inject({ url: `/api/movies/${id}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().movie;
  };
  const readyVideo = async (seconds: number) =>
    (await t.db.db.insert(videoAssets).values({ status: 'ready', progress: 100, durationSeconds: seconds, posterKey: 'poster.webp', storageKey: 'x' }).returning())[0]!.id;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const tr = await t.services.translators.create({ name: 'Junior Giti', photoUrl: '/img/giti.webp' });
    await movie('Inzovu Part 2', { rating: 6, trailer: 'https://youtu.be/dQw4w9WgXcQ', translatorId: tr.id, cast: ['Aline', 'Eric'] });
    await movie('Inzovu Part 1', { rating: 8, thumbnailUrl: '/img/p1.webp' });
    await movie('Intare', { category: 'action' });
    for (const n of ['Umwe', 'Kabiri', 'Gatatu', 'Kane']) await movie(n);
    await movie('Saga');
    await movie('Saga extra');
  });
  afterAll(() => t.stop());

  it('lists the parts of its automatic group in order, with durations and posters', async () => {
    const v1 = await readyVideo(3600.4);
    const v2 = await readyVideo(1800);
    await t.db.db.update(movies).set({ videoId: v1 }).where(eq(movies.id, ids['Inzovu Part 1']!));
    await t.db.db.update(movies).set({ videoId: v2 }).where(eq(movies.id, ids['Inzovu Part 2']!));
    t.services.catalogCache.clear();
    const m = await detail(ids['Inzovu Part 2']!);
    expect(m).toMatchObject({
      title: 'Inzovu Part 2',
      rating: 6,
      durationSeconds: 1800,
      cast: ['Aline', 'Eric'],
      trailerEmbedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
      translator: { name: 'Junior Giti', slug: 'junior-giti', photoUrl: '/img/giti.webp' },
      videoStatus: 'ready',
      posterUrl: `/media/posters/${v2}.webp`,
      redirectToId: null,
      isNew: false,
      priceRwf: null,
    });
    expect(m.parts).toEqual([
      { id: ids['Inzovu Part 1'], title: 'Inzovu Part 1', partNumber: 1, durationSeconds: 3600, posterUrl: '/img/p1.webp', videoStatus: 'ready' },
      { id: ids['Inzovu Part 2'], title: 'Inzovu Part 2', partNumber: 2, durationSeconds: 1800, posterUrl: `/media/posters/${v2}.webp`, videoStatus: 'ready' },
    ]);
    // The group's card sums its parts' durations and averages their ratings.
    const list = (await t.app.inject({ url: '/api/catalog?q=inzovu' })).json();
    expect(list.items[0]).toMatchObject({ kind: 'group', id: ids['Inzovu Part 1'], durationSeconds: 5400, rating: 7, posterUrl: '/img/p1.webp', posterFallbacks: [`/media/posters/${v2}.webp`, `/media/posters/${v1}.webp`] });
  });

  it('lists a custom group in part order (unnumbered by creation), numbered from 1', async () => {
    await t.services.groups.create({ title: 'Saga', movieIds: [ids['Saga extra']!, ids.Saga!] });
    const m = await detail(ids['Saga extra']!);
    expect(m.parts.map((p: { title: string; partNumber: number }) => [p.title, p.partNumber])).toEqual([
      ['Saga', 1],
      ['Saga extra', 2],
    ]);
  });

  it("lists a movie's own parts before anything else, and falls back through their posters", async () => {
    const v = await readyVideo(600);
    await t.db.db.insert(movieParts).values([
      { movieId: ids.Intare!, partNumber: 2, title: 'Intare (2/2)', durationSeconds: 700, thumbnailUrl: '/img/i2.webp', videoId: await readyVideo(650) },
      { movieId: ids.Intare!, partNumber: 1, title: 'Intare (1/2)', videoId: v },
    ]);
    t.services.catalogCache.clear();
    const m = await detail(ids.Intare!);
    expect(m.parts).toEqual([
      { id: expect.any(String), title: 'Intare (1/2)', partNumber: 1, durationSeconds: 600, posterUrl: `/media/posters/${v}.webp`, videoStatus: 'ready' },
      { id: expect.any(String), title: 'Intare (2/2)', partNumber: 2, durationSeconds: 700, posterUrl: '/img/i2.webp', videoStatus: 'ready' },
    ]);
    expect(m.posterUrl).toBe(`/media/posters/${v}.webp`);
    expect(m.posterFallbacks).toEqual(['/img/i2.webp']);
    expect(m.parts.length).toBe(2);
  });

  it('names up to 3 related titles of the same category, never itself or its own group', async () => {
    const m = await detail(ids['Inzovu Part 1']!);
    expect(m.related).toHaveLength(3);
    for (const r of m.related) {
      expect(r.category).toBe('drama');
      expect(r.title).not.toMatch(/^Inzovu/);
    }
    expect(m.related.map((r: { title: string }) => r.title)).toEqual(['Saga', 'Kane', 'Gatatu']);
    expect((await detail(ids.Intare!)).related).toEqual([]);
    // The newest film of the category is not its own related title; the next three are.
    expect((await detail(ids.Kane!)).related.map((r: { title: string }) => r.title)).toEqual(['Saga', 'Gatatu', 'Kabiri']);
  });

  it('follows the catalogue: a new film of the category is named, and no longer once deleted (the write clears the kept rows)', async () => {
    expect((await detail(ids.Umwe!)).related.map((r: { title: string }) => r.title)).toEqual(['Saga', 'Kane', 'Gatatu']);
    const id = (await t.services.catalog.create({ title: 'Gatanu', category: 'drama' }, { createdAt: new Date() })).id;
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
    expect((await detail(ids.Umwe!)).related.map((r: { title: string }) => r.title)).toEqual(['Gatanu', 'Saga', 'Kane']);
    await t.services.catalog.delete(id);
    expect((await detail(ids.Umwe!)).related.map((r: { title: string }) => r.title)).toEqual(['Saga', 'Kane', 'Gatatu']);
  });

  it("redirects to the movie that holds this movie's video as a part", async () => {
    const v = await readyVideo(100);
    const holder = await movie('Holder');
    const loose = await movie('Loose copy');
    await t.db.db.update(movies).set({ videoId: v }).where(eq(movies.id, loose));
    await t.db.db.insert(movieParts).values({ movieId: holder, partNumber: 1, title: 'Holder part 1', videoId: v });
    t.services.catalogCache.clear();
    expect((await detail(loose)).redirectToId).toBe(holder);
    expect((await detail(holder)).redirectToId).toBeNull();
  });

  it('answers 404 not_found for an unknown movie and 400 validation_failed for a bad id', async () => {
    const missing = await t.app.inject({ url: '/api/movies/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'not_found', message: 'Movie not found' });
    const bad = await t.app.inject({ url: '/api/movies/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('forgets a deleted movie', async () => {
    await detail(ids.Umwe!);
    await t.services.catalog.delete(ids.Umwe!);
    expect((await t.app.inject({ url: `/api/movies/${ids.Umwe}` })).statusCode).toBe(404);
  });
});
