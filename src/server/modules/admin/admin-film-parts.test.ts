/**
 * The admin side makes a film's own parts and sets a custom group's thumbnail
 * (docs/decisions/023-playable-titles-and-film-parts.md; docs/product/admin.md §3 custom groups, §9 images).
 * A movie attached as Part N: the main movie's page lists it, the player plays it with ?part=, the attached movie's
 * page redirects to the main movie and viewers' lists show the main movie only; the bad cases answer clear errors.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { createMediaRepository } from '../media/media.repository.js';

describeEachDb('film parts and group thumbnails from the admin side', (kind) => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const film = async (title: string, withVideo = true) => {
    const m = await t.services.catalog.create({ title, category: 'drama', isPremium: false });
    if (withVideo) {
      const v = String((await t.db.executeSql(`insert into video_assets (status, storage_key, duration_seconds) values ('ready', 'x', 1800) returning id`, [])).rows[0]!.id);
      await t.db.executeSql('update movies set video_id = $1 where id = $2', [v, m.id]);
    }
    return m.id;
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    cookie = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  it('attaches a movie as Part 2: listed, playable with ?part=, its own page redirects, viewers list the film once', async () => {
    const main = await film('Ubwami');
    const second = await film('Ubwami II');
    const add = await call('POST', `/api/admin/movies/${main}/parts`, { movieId: second });
    expect(add.statusCode, add.body).toBe(201);
    const part = add.json().part;
    expect(part).toMatchObject({ partNumber: 2, title: 'Ubwami II', movieId: second, videoStatus: 'ready' });
    expect((await call('GET', `/api/admin/movies/${main}/parts`)).json().items.map((p: { id: string }) => p.id)).toEqual([part.id]);

    const page = (await t.app.inject({ url: `/api/movies/${main}` })).json().movie;
    expect(page.parts).toEqual([expect.objectContaining({ id: part.id, partNumber: 2, title: 'Ubwami II', durationSeconds: 1800 })]);
    expect((await t.app.inject({ url: `/api/movies/${second}` })).json().movie.redirectToId).toBe(main);
    const viewer = (await signUp(t)).cookie;
    const played = await t.app.inject({ method: 'POST', url: `/api/playback/${main}`, headers: { cookie: viewer }, payload: { partId: part.id } });
    expect(played.statusCode, played.body).toBe(200);
    const list = (await t.app.inject({ url: '/api/catalog?q=ubwami' })).json().items.map((i: { id: string }) => i.id);
    expect(list).toEqual([main]);

    // Detaching gives the movie back its own card and page.
    expect((await call('DELETE', `/api/admin/movies/${main}/parts/${part.id}`)).json()).toEqual({ id: part.id, title: 'Ubwami II' });
    expect((await t.app.inject({ url: `/api/movies/${second}` })).json().movie.redirectToId).toBeNull();
    expect((await t.app.inject({ url: '/api/catalog?q=ubwami' })).json().items).toHaveLength(2);
  });

  it('moves resume positions with the attached movie: saved before or after, Continue Watching leads to Part N; detached, back to the movie', async () => {
    const main = await film('Inzira');
    const second = await film('Inzira II');
    const video = String((await t.db.executeSql('select video_id from movies where id = $1', [second])).rows[0]!.video_id);
    const before = await signUp(t);
    const after = await signUp(t);
    const save = (c: string, id: string, at: number) => t.app.inject({ method: 'PUT', url: `/api/progress/${id}`, headers: { cookie: c }, payload: { positionSeconds: at, durationSeconds: 1800 } });
    const continueWatching = async (c: string) => (await t.app.inject({ url: '/api/progress/continue-watching', headers: { cookie: c } })).json().items as { titleId: string; partId: string | null; href: string; positionSeconds: number }[];
    expect((await save(before.cookie, second, 600)).statusCode).toBe(200);
    expect((await continueWatching(before.cookie))[0]).toMatchObject({ titleId: second, partId: null, href: `/player/${second}` });

    const part = (await call('POST', `/api/admin/movies/${main}/parts`, { movieId: second })).json().part as { id: string };
    // Saved before the attach: moved to the part in the same transaction.
    expect((await continueWatching(before.cookie))[0]).toMatchObject({ titleId: main, partId: part.id, href: `/player/${main}?part=${part.id}`, positionSeconds: 600 });
    // Saved after, by the video's id as the player sends it: on the part, not on the movie that now redirects.
    expect((await save(after.cookie, video, 700)).statusCode).toBe(200);
    expect((await continueWatching(after.cookie))[0]).toMatchObject({ titleId: main, partId: part.id, positionSeconds: 700 });

    // Detached: the positions go back to the movie, none is lost to the part's delete.
    expect((await call('DELETE', `/api/admin/movies/${main}/parts/${part.id}`)).statusCode).toBe(200);
    expect((await continueWatching(before.cookie))[0]).toMatchObject({ titleId: second, partId: null, href: `/player/${second}`, positionSeconds: 600 });
    expect((await continueWatching(after.cookie))[0]).toMatchObject({ titleId: second, partId: null, positionSeconds: 700 });
  });

  it("keeps a part on its movie's video when that video is replaced or, never having played, uploaded again", async () => {
    const repo = createMediaRepository(t.db.db);
    const main = await film('Intambara');
    const second = await film('Intambara II');
    const part = (await call('POST', `/api/admin/movies/${main}/parts`, { movieId: second })).json().part;
    const viewer = (await signUp(t)).cookie;
    const progress = await t.app.inject({ method: 'PUT', url: `/api/progress/${part.id}`, headers: { cookie: viewer }, payload: { positionSeconds: 600, durationSeconds: 1800 } });
    expect(progress.statusCode, progress.body).toBeLessThan(300);

    // A new version of the attached movie, swapped in once it is ready: the part plays it, the movie is still the part.
    const next = await repo.create({ status: 'processing' });
    expect(await repo.attachUpload({ kind: 'movie', id: second }, next.id)).toBe('pending');
    expect(await repo.markReady(next.id, { renditions: [], storageKey: next.id, posterKey: null, durationSeconds: 1200 })).toBe(true);
    t.services.catalogCache.clear();
    expect((await call('GET', `/api/admin/movies/${main}/parts`)).json().items).toEqual([expect.objectContaining({ id: part.id, videoId: next.id, movieId: second })]);
    expect((await t.app.inject({ url: `/api/movies/${main}` })).json().movie.parts).toEqual([expect.objectContaining({ id: part.id, durationSeconds: 1200 })]);
    expect((await t.app.inject({ url: `/api/movies/${second}` })).json().movie.redirectToId).toBe(main);
    expect((await t.app.inject({ url: '/api/catalog?q=intambara' })).json().items.map((i: { id: string }) => i.id)).toEqual([main]);
    // The viewer's resume position moved with it.
    const onVideo = async (videoId: string) => Number((await t.db.executeSql('select count(*)::int as n from watch_progress where video_id = $1', [videoId])).rows[0]!.n);
    expect([await onVideo(part.videoId), await onVideo(next.id)]).toEqual([0, 1]);

    // A part whose movie's video failed takes the movie's new upload at once, with it.
    const third = await film('Intambara III', false);
    const failed = await repo.create({ status: 'failed' });
    await t.db.executeSql('update movies set video_id = $1 where id = $2', [failed.id, third]);
    const broken = (await call('POST', `/api/admin/movies/${main}/parts`, { movieId: third })).json().part;
    const again = await repo.create({ status: 'processing' });
    expect(await repo.attachUpload({ kind: 'movie', id: third }, again.id)).toBe('current');
    expect((await call('GET', `/api/admin/movies/${main}/parts`)).json().items.find((p: { id: string }) => p.id === broken.id)).toMatchObject({ videoId: again.id, movieId: third });
  });

  it('refuses a movie as its own part, one without a video, one already a part, a taken number, and non-admins', async () => {
    const main = await film('Inkuru');
    const other = await film('Inkuru B');
    const noVideo = await film('Inkuru C', false);
    const field = async (body: object, id = main) => {
      const r = await call('POST', `/api/admin/movies/${id}/parts`, body);
      expect(r.statusCode, r.body).toBe(400);
      return r.json().error.details.fields[0];
    };
    expect(await field({ movieId: main })).toEqual({ field: 'body.movieId', message: 'A movie cannot be a part of itself' });
    expect(await field({ movieId: noVideo })).toEqual({ field: 'body.movieId', message: 'This movie has no video yet' });
    expect((await call('POST', `/api/admin/movies/${main}/parts`, { movieId: other, partNumber: 3 })).statusCode).toBe(201);
    expect(await field({ movieId: other })).toEqual({ field: 'body.movieId', message: 'This movie is already a part of a film' });
    expect(await field({ movieId: main }, other)).toMatchObject({ field: 'body.movieId' });
    const third = await film('Inkuru D');
    const taken = await call('POST', `/api/admin/movies/${main}/parts`, { movieId: third, partNumber: 3 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('conflict');
    expect((await call('POST', `/api/admin/movies/00000000-0000-4000-8000-000000000000/parts`, { movieId: third })).statusCode).toBe(404);
    const user = (await signUp(t)).cookie;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/movies/${main}/parts`, headers: { cookie: user }, payload: { movieId: third } })).statusCode).toBe(403);
  });

  it("sets a custom group's thumbnail from an uploaded image (checked with sharp), shown on the group's card", async () => {
    const a = await film('Ishyaka');
    const b = await film('Umurava');
    const group = (await call('POST', '/api/admin/groups', { title: 'Intwari', movieIds: [a, b] })).json().group;
    expect(group.thumbnailUrl).toBeNull();
    const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#246' } }).png().toBuffer();
    const img = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie, 'content-type': 'image/png' }, payload: png });
    expect(img.statusCode).toBe(201);
    const url = img.json().image.url;
    const up = await call('PATCH', `/api/admin/groups/${group.id}`, { title: 'Intwari', thumbnailUrl: url });
    expect(up.json().group.thumbnailUrl).toBe(url);
    const card = (await t.app.inject({ url: '/api/catalog?q=intwari' })).json().items[0];
    expect(card).toMatchObject({ kind: 'group', isCustomGroup: true, posterUrl: url });
    // Not an image: refused before it can become a thumbnail.
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie, 'content-type': 'image/png' }, payload: Buffer.from('not an image at all') });
    expect(bad.statusCode).toBe(415);
  });
});
