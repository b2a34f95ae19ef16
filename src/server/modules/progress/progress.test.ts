/**
 * Resume positions, Continue Watching and watch time (issue 4 point 5): positions are per user (never another
 * user's), the resume rule is applied, sendBeacon bodies are accepted, a play counts after 10 s watched.
 * Videos are database rows with a duration (no files needed).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('progress', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const video = async (seconds: number) => (await t.db.executeSql(`insert into video_assets (status, duration_seconds) values ('ready', $1) returning id`, [seconds])).rows[0]!.id as string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    for (const [key, seconds] of [['a', 1200], ['b', 1200], ['short', 200], ['watched', 1200]] as const) {
      const m = await t.services.catalog.create({ title: `Film ${key}`, category: 'drama', isPremium: false });
      ids[key] = m.id;
      ids[`${key}Video`] = await video(seconds);
      await t.db.executeSql('update movies set video_id = $1 where id = $2', [ids[`${key}Video`], m.id]);
    }
    const partVideo = await video(1800);
    ids.partVideo = partVideo;
    ids.part = (await t.db.executeSql(`insert into movie_parts (movie_id, part_number, title, video_id) values ($1, 2, 'Part 2', $2) returning id`, [ids.b, partVideo])).rows[0]!.id as string;
    const s = await t.db.executeSql(`insert into series (title, category, is_premium) values ('Ubuzima', 'drama', false) returning id`);
    ids.series = s.rows[0]!.id as string;
    const se = await t.db.executeSql(`insert into seasons (series_id, season_number, title) values ($1, 2, 'S2') returning id`, [ids.series]);
    ids.episodeVideo = await video(2400);
    ids.episode = (await t.db.executeSql(`insert into episodes (season_id, episode_number, title, video_id) values ($1, 5, 'E5', $2) returning id`, [se.rows[0]!.id, ids.episodeVideo])).rows[0]!.id as string;
  });
  afterAll(() => t.stop());

  const put = (cookie: string, id: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/progress/${id}`, headers: { cookie }, payload: body });
  const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('saves a position per user and never shows it to another user', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const saved = await put(me.cookie, ids.a!, { positionSeconds: 600, durationSeconds: 1200 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ videoId: ids.aVideo, positionSeconds: 600, resumeSeconds: 600, watched: false });
    expect((await get(me.cookie, `/api/progress/${ids.aVideo}`)).json().resumeSeconds).toBe(600);
    const theirs = (await get(other.cookie, `/api/progress/${ids.a}`)).json();
    expect(theirs).toMatchObject({ positionSeconds: 0, resumeSeconds: null, updatedAt: null });
    await put(other.cookie, ids.a!, { positionSeconds: 300, durationSeconds: 1200 });
    expect((await get(me.cookie, `/api/progress/${ids.a}`)).json().positionSeconds).toBe(600);
    expect((await get(other.cookie, `/api/progress/${ids.a}`)).json().positionSeconds).toBe(300);
    expect((await get(undefined, `/api/progress/${ids.a}`)).statusCode).toBe(401);
  });

  it('applies the resume rule: not in the first 5 % or last 10 %, not under 5 minutes; 90 % is watched', async () => {
    const me = await signUp(t);
    expect((await put(me.cookie, ids.a!, { positionSeconds: 30, durationSeconds: 1200 })).json().resumeSeconds).toBeNull();
    const end = (await put(me.cookie, ids.a!, { positionSeconds: 1100, durationSeconds: 1200 })).json();
    expect(end).toMatchObject({ resumeSeconds: null, watched: true });
    // Watched stays true after rewatching from the start; the new position resumes.
    expect((await put(me.cookie, ids.a!, { positionSeconds: 400, durationSeconds: 1200 })).json()).toMatchObject({ resumeSeconds: 400, watched: true });
    expect((await put(me.cookie, ids.short!, { positionSeconds: 100, durationSeconds: 200 })).json().resumeSeconds).toBeNull();
    // The server's own duration wins over the client's.
    expect((await put(me.cookie, ids.a!, { positionSeconds: 500, durationSeconds: 100 })).json()).toMatchObject({ durationSeconds: 1200, resumeSeconds: 500 });
  });

  it('accepts sendBeacon text/plain JSON on POST, and refuses bad bodies without losing the saved position', async () => {
    const me = await signUp(t);
    const beacon = await t.app.inject({ method: 'POST', url: `/api/progress/${ids.a}`, headers: { cookie: me.cookie, 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify({ positionSeconds: 700, durationSeconds: 1200 }) });
    expect(beacon.statusCode).toBe(200);
    expect(beacon.json().resumeSeconds).toBe(700);
    const notJson = await t.app.inject({ method: 'POST', url: `/api/progress/${ids.a}`, headers: { cookie: me.cookie, 'content-type': 'text/plain' }, payload: 'position=5' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('validation_failed');
    expect((await put(me.cookie, ids.a!, { positionSeconds: -1, durationSeconds: 1200 })).statusCode).toBe(400);
    expect((await put(me.cookie, ids.a!, { positionSeconds: 5 })).statusCode).toBe(400);
    expect((await put(me.cookie, '00000000-0000-4000-8000-000000000000', { positionSeconds: 5, durationSeconds: 10 })).statusCode).toBe(404);
    expect((await get(me.cookie, `/api/progress/${ids.a}`)).json().positionSeconds).toBe(700);
  });

  it('lists Continue Watching newest first, one card per title, only with a resume position', async () => {
    const me = await signUp(t);
    await put(me.cookie, ids.a!, { positionSeconds: 300, durationSeconds: 1200 });
    await put(me.cookie, ids.watched!, { positionSeconds: 1190, durationSeconds: 1200 });
    await put(me.cookie, ids.short!, { positionSeconds: 100, durationSeconds: 200 });
    await put(me.cookie, ids.episode!, { positionSeconds: 600, durationSeconds: 2400 });
    await put(me.cookie, ids.part!, { positionSeconds: 900, durationSeconds: 1800 });
    const items = (await get(me.cookie, '/api/progress/continue-watching')).json().items;
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Film b', 'Ubuzima', 'Film a']);
    expect(items[0]).toMatchObject({ kind: 'movie', titleId: ids.b, partId: ids.part, partNumber: 2, href: `/player/${ids.b}?part=${ids.part}`, progress: 0.5 });
    expect(items[1]).toMatchObject({ kind: 'episode', titleId: ids.series, seasonNumber: 2, episodeNumber: 5, href: `/episode/${ids.series}/2/5` });
    expect(items[2]).toMatchObject({ kind: 'movie', href: `/player/${ids.a}`, positionSeconds: 300 });
    const other = await signUp(t);
    expect((await get(other.cookie, '/api/progress/continue-watching')).json().items).toEqual([]);
    expect((await get(undefined, '/api/progress/continue-watching')).statusCode).toBe(401);
  });

  it('counts a play after 10 s watched and records bounded watch time per video', async () => {
    const me = await signUp(t);
    const start = (await t.app.inject({ method: 'POST', url: `/api/playback/${ids.b}`, headers: { cookie: me.cookie } })).json();
    expect(start.videoId).toBe(ids.bVideo);
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    const user = me.id;
    await t.services.progress.save(user, ids.b!, { positionSeconds: 5, durationSeconds: 1200, sessionId: start.sessionId, watchedSeconds: 5 }, at(5));
    expect(await t.services.playbackRepo.videoStats(ids.bVideo!)).toEqual({ plays: 0, watchedSeconds: 5 });
    await t.services.progress.save(user, ids.b!, { positionSeconds: 11, durationSeconds: 1200, sessionId: start.sessionId, watchedSeconds: 6 }, at(11));
    expect(await t.services.playbackRepo.videoStats(ids.bVideo!)).toEqual({ plays: 1, watchedSeconds: 11 });
    // A forged claim is bounded by the wall clock (1 s at 2x plus 2 s slack).
    await t.services.progress.save(user, ids.b!, { positionSeconds: 12, durationSeconds: 1200, sessionId: start.sessionId, watchedSeconds: 5000 }, at(12));
    expect((await t.services.playbackRepo.videoStats(ids.bVideo!)).watchedSeconds).toBe(15);
    // Another viewer's play of the same video is a second play, counted separately.
    const you = await signUp(t);
    const s2 = (await t.app.inject({ method: 'POST', url: `/api/playback/${ids.b}`, headers: { cookie: you.cookie } })).json();
    await t.services.progress.save(you.id, ids.b!, { positionSeconds: 3, durationSeconds: 1200, sessionId: s2.sessionId }, new Date(Date.now() + 3000));
    expect(await t.services.playbackRepo.videoStats(ids.bVideo!)).toEqual({ plays: 1, watchedSeconds: 18 });
  });
});
