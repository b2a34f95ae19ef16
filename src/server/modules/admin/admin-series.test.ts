/**
 * Series management (issue 6 point 5; docs/product/admin.md §3-5, §9): series, seasons numbered count + 1,
 * episodes numbered from 1, edits, deletes that remove what hangs below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { episodes, seasons, series, videoAssets } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describeEachDb('admin series', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    cookie = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const fields = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    return Object.fromEntries((res.json().error.details.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]));
  };

  it('creates a series (actors split on commas) and refuses one without title or category, with the spec text', async () => {
    const bad = fields(await call('POST', '/api/admin/series', { title: ' ', rating: 3.33 }));
    expect(bad['body.title']).toBe('Please fill in at least the title and category');
    expect(bad['body.category']).toBe('Please fill in at least the title and category');
    expect(bad).toHaveProperty('body.rating');
    const res = await call('POST', '/api/admin/series', { title: 'Imena', category: 'drama', actors: 'Aline, Eric ,', year: 2023, rating: 8.1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().series).toMatchObject({ title: 'Imena', category: 'drama', actors: ['Aline', 'Eric'], rating: 8.1, seasonsCount: 0, episodesCount: 0 });
    const list = await call('GET', '/api/admin/series');
    expect(list.json().items[0].id).toBe(res.json().series.id);
  });

  it('takes rights with a new series (the form sends only what the admin changed); a bad record makes no series', async () => {
    const tr = (await call('POST', '/api/admin/translators', { name: 'Series Rights Translator' })).json().translator;
    const start = '2026-02-01T00:00:00.000Z';
    const res = await call('POST', '/api/admin/series', { title: 'Uburenganzira', category: 'drama', translatorId: tr.id, rights: { holders: [{ kind: 'translator', translatorId: tr.id, shareBp: 7000 }, { kind: 'operator', shareBp: 3000 }], licenceStart: start } });
    expect(res.statusCode, res.body).toBe(201);
    const rights = (await call('GET', `/api/admin/rights/${res.json().series.id}`)).json().rights;
    expect(rights).toMatchObject({ kind: 'series', licenceStart: start, licenceEnd: null, countries: null, holders: [{ kind: 'translator', translatorId: tr.id, shareBp: 7000 }, { kind: 'operator', shareBp: 3000 }] });
    const bad = fields(await call('POST', '/api/admin/series', { title: 'Uburenganzira bubi', category: 'drama', rights: { licenceStart: start, licenceEnd: '2026-01-01T00:00:00.000Z' } }));
    expect(bad).toHaveProperty('body.licenceEnd');
    expect(await t.db.db.select({ id: series.id }).from(series).where(eq(series.title, 'Uburenganzira bubi'))).toEqual([]);
  });

  it('builds seasons (count + 1 by default, or a given number; a taken number is a conflict) and episodes (number ≥ 1)', async () => {
    const s = (await call('POST', '/api/admin/series', { title: 'Intambara', category: 'action' })).json().series;
    const s1 = await call('POST', `/api/admin/series/${s.id}/seasons`, {});
    expect(s1.statusCode).toBe(201);
    expect(s1.json().season).toMatchObject({ seasonNumber: 1, title: 'Season 1', description: 'Season 1 of Intambara', episodesCount: 0 });
    const s2 = (await call('POST', `/api/admin/series/${s.id}/seasons`, {})).json().season;
    expect(s2.seasonNumber).toBe(2);
    const s5 = await call('POST', `/api/admin/series/${s.id}/seasons`, { seasonNumber: 5 });
    expect(s5.json().season.seasonNumber).toBe(5);
    const dup = await call('POST', `/api/admin/series/${s.id}/seasons`, { seasonNumber: 2 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('conflict');
    expect(fields(await call('POST', `/api/admin/series/${s.id}/seasons`, { seasonNumber: 0 }))).toHaveProperty('body.seasonNumber');
    expect((await call('POST', `/api/admin/series/${NO_ID}/seasons`, {})).statusCode).toBe(404);

    const e0 = fields(await call('POST', `/api/admin/seasons/${s1.json().season.id}/episodes`, { episodeNumber: 0, title: '' }));
    expect(e0['body.episodeNumber']).toBe('Episode number must be at least 1');
    expect(e0['body.title']).toBe('Please fill in all required fields');
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'ep1.mp4', durationSeconds: 1500 }).returning();
    const e1 = await call('POST', `/api/admin/seasons/${s1.json().season.id}/episodes`, { episodeNumber: 1, title: 'Intangiriro', videoId: asset!.id });
    expect(e1.statusCode).toBe(201);
    expect(e1.json().episode).toMatchObject({ episodeNumber: 1, title: 'Intangiriro', videoId: asset!.id, durationSeconds: 1500, video: { status: 'ready' } });
    const badVideo = fields(await call('POST', `/api/admin/seasons/${s1.json().season.id}/episodes`, { episodeNumber: 3, title: 'x', videoId: NO_ID }));
    expect(badVideo['body.videoId']).toBe('Video not found in your library');
    await call('POST', `/api/admin/seasons/${s1.json().season.id}/episodes`, { episodeNumber: 2, title: 'Urugamba' });
    const again = await call('POST', `/api/admin/seasons/${s1.json().season.id}/episodes`, { episodeNumber: 2, title: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', `/api/admin/seasons/${NO_ID}/episodes`, { episodeNumber: 1, title: 'x' })).statusCode).toBe(404);

    const seasonsList = (await call('GET', `/api/admin/series/${s.id}/seasons`)).json().items;
    expect(seasonsList.map((x: { seasonNumber: number; episodesCount: number }) => [x.seasonNumber, x.episodesCount])).toEqual([[1, 2], [2, 0], [5, 0]]);
    const eps = (await call('GET', `/api/admin/seasons/${s1.json().season.id}/episodes`)).json().items;
    expect(eps.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual([1, 2]);
    // The viewer side sees the new ready episode at once; the one without a video only admins see (ADR 023).
    const view = await t.app.inject({ method: 'GET', url: `/api/series/${s.id}` });
    expect(view.json().series.seasons[0].episodes.map((e: { title: string }) => e.title)).toEqual(['Intangiriro']);
    const adminView = await call('GET', `/api/series/${s.id}`);
    expect(adminView.json().series.seasons[0].episodes.map((e: { title: string; videoStatus: string | null }) => [e.title, e.videoStatus])).toEqual([
      ['Intangiriro', 'ready'],
      ['Urugamba', null],
    ]);
  });

  it('edits a series and an episode with the same rules, and answers 404 for missing ones', async () => {
    const s = (await call('POST', '/api/admin/series', { title: 'Old', category: 'comedy' })).json().series;
    const up = await call('PATCH', `/api/admin/series/${s.id}`, { title: 'New', actors: ['A, B', 'C'], isPremium: false });
    expect(up.statusCode).toBe(200);
    expect(up.json().series).toMatchObject({ title: 'New', category: 'comedy', actors: ['A', 'B', 'C'], isPremium: false });
    expect(fields(await call('PATCH', `/api/admin/series/${s.id}`, { category: '' }))['body.category']).toBe('Please fill in at least the title and category');
    expect((await call('PATCH', `/api/admin/series/${NO_ID}`, { title: 'x' })).statusCode).toBe(404);

    const season = (await call('POST', `/api/admin/series/${s.id}/seasons`, {})).json().season;
    const e = (await call('POST', `/api/admin/seasons/${season.id}/episodes`, { episodeNumber: 1, title: 'One' })).json().episode;
    const ue = await call('PATCH', `/api/admin/episodes/${e.id}`, { title: 'One, renamed', episodeNumber: 4, durationSeconds: 1320 });
    expect(ue.json().episode).toMatchObject({ title: 'One, renamed', episodeNumber: 4, durationSeconds: 1320 });
    expect(fields(await call('PATCH', `/api/admin/episodes/${e.id}`, { episodeNumber: -1 }))).toHaveProperty('body.episodeNumber');
    expect((await call('PATCH', `/api/admin/episodes/${NO_ID}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/series/${NO_ID}`)).statusCode).toBe(404);
  });

  it('deletes an episode, a season with its episodes, and a series with everything below, keeping the videos', async () => {
    const s = (await call('POST', '/api/admin/series', { title: 'Gone', category: 'drama' })).json().series;
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'keep.mp4' }).returning();
    const a = (await call('POST', `/api/admin/series/${s.id}/seasons`, {})).json().season;
    const b = (await call('POST', `/api/admin/series/${s.id}/seasons`, {})).json().season;
    const e1 = (await call('POST', `/api/admin/seasons/${a.id}/episodes`, { episodeNumber: 1, title: 'A1', videoId: asset!.id })).json().episode;
    await call('POST', `/api/admin/seasons/${a.id}/episodes`, { episodeNumber: 2, title: 'A2' });
    await call('POST', `/api/admin/seasons/${b.id}/episodes`, { episodeNumber: 1, title: 'B1' });

    const de = await call('DELETE', `/api/admin/episodes/${e1.id}`);
    expect(de.json()).toEqual({ id: e1.id, title: 'A1' });
    expect((await call('DELETE', `/api/admin/episodes/${e1.id}`)).statusCode).toBe(404);
    const ds = await call('DELETE', `/api/admin/seasons/${a.id}`);
    expect(ds.json()).toEqual({ id: a.id, title: 'Season 1' });
    expect(await t.db.db.$count(episodes, eq(episodes.seasonId, a.id))).toBe(0);
    expect(await t.db.db.$count(episodes, eq(episodes.seasonId, b.id))).toBe(1);
    expect((await call('GET', `/api/admin/seasons/${a.id}/episodes`)).statusCode).toBe(404);

    const dser = await call('DELETE', `/api/admin/series/${s.id}`);
    expect(dser.json()).toEqual({ id: s.id, title: 'Gone' });
    expect(await t.db.db.$count(series, eq(series.id, s.id))).toBe(0);
    expect(await t.db.db.$count(seasons, eq(seasons.seriesId, s.id))).toBe(0);
    expect(await t.db.db.$count(episodes, eq(episodes.seasonId, b.id))).toBe(0);
    expect(await t.db.db.$count(videoAssets, eq(videoAssets.id, asset!.id))).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/series/${s.id}` })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/series/${s.id}`)).statusCode).toBe(404);
  });
});
