/**
 * Admin movies (issue 6 point 2; docs/product/admin.md §5): the new-movie form's rules with field names, edits,
 * deletes with their cascade, and attaching a video already in the library.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customGroupMovies, movieParts, movies, userWatchlist, videoAssets } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const form = (over: Record<string, unknown> = {}) => ({
  title: 'Inkuba',
  fileName: 'inkuba.mp4',
  thumbnailUrl: 'https://images.example.com/inkuba.jpg',
  category: 'Action',
  description: 'A storm.',
  fullDescription: 'A long storm over the hills.',
  director: 'Kayitesi',
  cast: 'Mugisha,  Uwase , ,Keza',
  trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  year: 2024,
  rating: 7.3,
  ...over,
});

describeEachDb('admin movies', (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.stop());

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/movies/form', headers: { cookie: admin.cookie }, payload });
  const fieldsOf = (res: { json(): { error: { code: string; details?: { fields: { field: string; message: string }[] } } } }) => {
    expect(res.json().error.code).toBe('validation_failed');
    return Object.fromEntries(res.json().error.details!.fields.map((f) => [f.field, f.message]));
  };

  it('creates a movie from the form: cast split on commas, rating kept, translator and price stored', async () => {
    const tr = await t.services.translators.create({ name: 'Junior Giti' });
    const res = await post(form({ translatorId: tr.id, priceRwf: 800 }));
    expect(res.statusCode).toBe(201);
    const m = res.json().movie;
    expect(m).toMatchObject({ title: 'Inkuba', category: 'Action', cast: ['Mugisha', 'Uwase', 'Keza'], rating: 7.3, year: 2024, translatorId: tr.id, priceRwf: 800, thumbnailUrl: 'https://images.example.com/inkuba.jpg', isPremium: true, video: null });
    const got = await t.app.inject({ method: 'GET', url: `/api/admin/movies/${m.id}`, headers: { cookie: admin.cookie } });
    expect(got.json().movie.cast).toEqual(['Mugisha', 'Uwase', 'Keza']);
  });

  it('takes the file name without its extension when the title is empty', async () => {
    const res = await post(form({ title: '   ', fileName: 'Umutoma Part 2.final.mp4' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().movie.title).toBe('Umutoma Part 2.final');
  });

  it('needs only a title (or a file name), a category and a video; every problem is named in one answer (ADR 056)', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      'body.title': 'Please select a file and enter a title',
      'body.fileName': 'Please select a file and enter a title',
      'body.category': 'Category is required',
    });
    const bad = fieldsOf(await post({ category: ' ', trailer: 'youtube', rating: 11, year: 1700, thumbnailUrl: 'poster.png' }));
    expect(Object.keys(bad).sort()).toEqual(['body.category', 'body.fileName', 'body.thumbnailUrl', 'body.title', 'body.trailer', 'body.rating', 'body.year'].sort());

    const tr = await t.services.translators.create({ name: 'Minimal Translator' });
    const min = await post({ title: 'Inzira', category: 'drama', fileName: 'inzira.mp4', translatorId: tr.id, trailer: '' });
    expect(min.statusCode, min.body).toBe(201);
    expect(min.json().movie).toMatchObject({ title: 'Inzira', category: 'drama', description: '', director: '', cast: [], trailer: null, year: null, rating: 0, thumbnailUrl: null, posterUrl: null, isPremium: true, video: null });
    // Adding a title stays one step: its translator holds 100 %, from now, no end, everywhere (ADR 050).
    const rights = (await t.app.inject({ url: `/api/admin/rights/${min.json().movie.id}`, headers: { cookie: admin.cookie } })).json().rights;
    expect(rights).toMatchObject({ holders: [{ kind: 'translator', translatorId: tr.id, shareBp: 10_000 }], licenceEnd: null, countries: null, needsReview: false, licence: { state: 'in_force' } });
  });

  it("without a thumbnail, the video's generated poster is the title's poster once the video is ready, and nothing is shown before", async () => {
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'processing', sourceFilename: 'poster-default.mp4' }).returning();
    const res = await post(form({ title: 'Poster default', fileName: undefined, videoId: asset!.id, thumbnailUrl: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().movie.id as string;
    expect(res.json().movie).toMatchObject({ thumbnailUrl: null, posterUrl: null, video: { status: 'processing' } });
    const catalogue = async () => (await t.app.inject({ url: '/api/catalog?q=Poster%20default' })).json().items as { title: string; posterUrl: string | null }[];
    expect(await catalogue()).toEqual([]);

    await t.db.db.update(videoAssets).set({ status: 'ready', posterKey: `videos/${asset!.id}/poster.webp`, durationSeconds: 60 }).where(eq(videoAssets.id, asset!.id));
    t.services.catalogCache.clear();
    const poster = `/media/posters/${asset!.id}.webp`;
    const read = (await t.app.inject({ url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie } })).json().movie;
    expect(read).toMatchObject({ thumbnailUrl: null, posterUrl: poster });
    expect((await catalogue()).map((i) => [i.title, i.posterUrl])).toEqual([['Poster default', poster]]);
    // A thumbnail chosen later wins over the poster.
    const thumb = '/media/images/11111111-1111-4111-8111-111111111111/640.webp';
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { thumbnailUrl: thumb } });
    expect(patched.json().movie.posterUrl).toBe(thumb);
  });

  it('takes rights with the form: fields left out take the defaults, a bad record makes no title', async () => {
    const tr = await t.services.translators.create({ name: 'Form Rights Translator' });
    const end = '2030-01-01T00:00:00.000Z';
    const res = await post(form({ title: 'Form rights', translatorId: tr.id, rights: { licenceEnd: end, countries: ['ug', 'RW'] } }));
    expect(res.statusCode, res.body).toBe(201);
    const rights = (await t.app.inject({ url: `/api/admin/rights/${res.json().movie.id}`, headers: { cookie: admin.cookie } })).json().rights;
    expect(rights).toMatchObject({ holders: [{ kind: 'translator', translatorId: tr.id, shareBp: 10_000 }], licenceEnd: end, countries: ['RW', 'UG'] });
    expect(Date.now() - Date.parse(rights.licenceStart)).toBeLessThan(60_000);

    const bad = await post(form({ title: 'Form rights refused', rights: { holders: [{ kind: 'operator', shareBp: 6000 }, { kind: 'translator', translatorId: tr.id, shareBp: 3000 }] } }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toHaveProperty('body.holders');
    expect(await t.db.db.select({ id: movies.id }).from(movies).where(eq(movies.title, 'Form rights refused'))).toEqual([]);
  });

  it('checks the rating range and its 0.1 step, and a cast of only commas', async () => {
    expect(fieldsOf(await post(form({ rating: 10.5 })))['body.rating']).toMatch(/between 0 and 10/);
    expect(fieldsOf(await post(form({ rating: -1 })))['body.rating']).toMatch(/between 0 and 10/);
    expect(fieldsOf(await post(form({ rating: 7.25 })))['body.rating']).toMatch(/0\.1/);
    expect((await post(form({ rating: 10 }))).statusCode).toBe(201);
    expect((await post(form({ rating: 0 }))).statusCode).toBe(201);
    expect((await post(form({ cast: ' , ,' }))).json().movie.cast).toEqual([]);
    expect(fieldsOf(await post(form({ trailer: 'not a link' })))).toHaveProperty('body.trailer');
    expect(fieldsOf(await post(form({ year: 1700 })))).toHaveProperty('body.year');
    expect(fieldsOf(await post(form({ priceRwf: 0 })))).toHaveProperty('body.priceRwf');
  });

  it('refuses an unknown video id or translator, naming the field', async () => {
    const v = await post(form({ fileName: undefined, videoId: NO_ID }));
    expect(v.statusCode).toBe(400);
    expect(fieldsOf(v)['body.videoId']).toBe('Video not found in your library');
    const tr = await post(form({ translatorId: NO_ID }));
    expect(fieldsOf(tr)['body.translatorId']).toBe('Translator not found');
  });

  it('attaches a video already in the library, after verifying it', async () => {
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'library-film.mp4', durationSeconds: 600 }).returning();
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/videos/verify', headers: { cookie: admin.cookie }, payload: { videoId: '' } });
    expect(fieldsOf(empty)['body.videoId']).toBe('Please enter a video id');
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/videos/verify', headers: { cookie: admin.cookie }, payload: { videoId: NO_ID } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'not_found', message: 'Video not found in your library' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/admin/videos/verify', headers: { cookie: admin.cookie }, payload: { videoId: asset!.id } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ exists: true, video: { id: asset!.id, fileName: 'library-film.mp4', status: 'ready', movies: [] } });

    const res = await post(form({ title: 'From the library', fileName: undefined, videoId: asset!.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().movie.video).toMatchObject({ id: asset!.id, status: 'ready' });
    expect(res.json().movie.durationSeconds).toBe(600);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/videos?q=library-film', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().items[0].movies).toEqual([{ id: res.json().movie.id, title: 'From the library' }]);
    const byTitle = await t.app.inject({ method: 'GET', url: '/api/admin/videos?q=from%20the%20LIB', headers: { cookie: admin.cookie } });
    expect(byTitle.json().items.map((v: { id: string }) => v.id)).toEqual([asset!.id]);
    const [loose] = await t.db.db.insert(videoAssets).values({ status: 'failed', sourceFilename: 'loose.mp4', error: 'x' }).returning();
    const unattached = await t.app.inject({ method: 'GET', url: '/api/admin/videos?unattached=true&pageSize=100', headers: { cookie: admin.cookie } });
    const ids = unattached.json().items.map((v: { id: string }) => v.id);
    expect(ids).toContain(loose!.id);
    expect(ids).not.toContain(asset!.id);
    const failed = await t.app.inject({ method: 'GET', url: '/api/admin/videos?status=failed', headers: { cookie: admin.cookie } });
    expect(failed.json().items.map((v: { id: string }) => v.id)).toEqual([loose!.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/videos?pageSize=1000', headers: { cookie: admin.cookie } });
    expect(fieldsOf(bad)).toHaveProperty('querystring.pageSize');
  });

  it('updates the given fields only, with the same rules', async () => {
    const id = (await post(form({ title: 'Before' }))).json().movie.id;
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { title: 'After', cast: 'A, B', rating: 9.9, priceRwf: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().movie).toMatchObject({ title: 'After', cast: ['A', 'B'], rating: 9.9, priceRwf: null, director: 'Kayitesi', category: 'Action' });
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { title: ' ', rating: 11, thumbnailUrl: '' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['body.rating', 'body.thumbnailUrl', 'body.title']);
    expect((await t.services.catalog.adminGet(id)).title).toBe('After');
    // Attaching a library video, then detaching it (the asset stays).
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'attach-later.mp4' }).returning();
    const attached = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { videoId: asset!.id } });
    expect(attached.json().movie.video).toMatchObject({ id: asset!.id });
    const unknown = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { videoId: NO_ID } });
    expect(fieldsOf(unknown)['body.videoId']).toBe('Video not found in your library');
    const detached = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie }, payload: { videoId: null } });
    expect(detached.json().movie.video).toBeNull();
    expect(await t.db.db.$count(videoAssets, eq(videoAssets.id, asset!.id))).toBe(1);
    const missing = await t.app.inject({ method: 'PATCH', url: `/api/admin/movies/${NO_ID}`, headers: { cookie: admin.cookie }, payload: { title: 'x' } });
    expect(missing.statusCode).toBe(404);
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/admin/movies/nope', headers: { cookie: admin.cookie }, payload: { title: 'x' } });
    expect(fieldsOf(badId)).toHaveProperty('params.id');
  });

  it('deletes a movie with its parts, group memberships and watch-list rows, and keeps its video', async () => {
    const viewer = await signUp(t, 'user');
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'kept.mp4' }).returning();
    const id = (await post(form({ title: 'Doomed', fileName: undefined, videoId: asset!.id }))).json().movie.id as string;
    const other = (await post(form({ title: 'Companion' }))).json().movie.id as string;
    await t.services.groups.create({ title: 'Pair', movieIds: [id, other] }, admin.id);
    await t.db.db.insert(movieParts).values({ movieId: id, partNumber: 1, title: 'Doomed 1' });
    expect((await t.app.inject({ method: 'POST', url: `/api/watchlist`, headers: { cookie: viewer.cookie }, payload: { movieId: id } })).statusCode).toBeLessThan(300);
    expect(await t.db.db.$count(userWatchlist, eq(userWatchlist.movieId, id))).toBe(1);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, title: 'Doomed' });
    expect(await t.db.db.$count(movies, eq(movies.id, id))).toBe(0);
    expect(await t.db.db.$count(movieParts, eq(movieParts.movieId, id))).toBe(0);
    expect(await t.db.db.$count(customGroupMovies, eq(customGroupMovies.movieId, id))).toBe(0);
    expect(await t.db.db.$count(customGroupMovies, eq(customGroupMovies.movieId, other))).toBe(1);
    expect(await t.db.db.$count(userWatchlist, eq(userWatchlist.movieId, id))).toBe(0);
    expect(await t.db.db.$count(videoAssets, eq(videoAssets.id, asset!.id))).toBe(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/movies/${id}`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
  });
});

