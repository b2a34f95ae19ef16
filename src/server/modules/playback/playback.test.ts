/**
 * Playback: entitlement (movies, parts, episodes), signed master playlists and the media route's refusal of
 * expired, altered and borrowed signatures (issue 2 point 7); the quality cap per plan and data saver in the served
 * master playlist, simultaneous streams, downloads and captions (issue 4).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../providers/storage/media-storage.js';
import { makeTestPattern } from '../../providers/transcoder/test-pattern.js';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { createPlaybackService } from './playback.service.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';

describeEachDb('playback', (kind) => {
  let t: TestApp;
  let premiumId: string;
  let freeId: string;
  let bigId: string;
  let premiumVideo: string;
  let bigVideo: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const premium = await t.services.catalog.create({ title: 'Premium film', category: 'drama', isPremium: true });
    const free = await t.services.catalog.create({ title: 'Free film', category: 'drama', isPremium: false });
    const big = await t.services.catalog.create({ title: 'Big film', category: 'drama', isPremium: true });
    premiumId = premium.id;
    freeId = free.id;
    bigId = big.id;
    const pattern = path.join(mkdtempSync(path.join(os.tmpdir(), 'pb-')), 'big.mp4');
    await makeTestPattern(t.config.ffmpegPath, pattern, { seconds: 4, width: 1920, height: 1080, frequencyHz: 440 });
    const v = await t.services.media.importFile(premiumId, path.join(FIXTURES, 'cockatoo.mp4'), null);
    await t.services.media.importFile(freeId, path.join(FIXTURES, 'movie-hello.mp4'), null);
    const b = await t.services.media.importFile(bigId, pattern, null);
    premiumVideo = v.id;
    bigVideo = b.id;
    await waitFor(async () => (await t.services.media.get(v.id))?.status === 'ready', 300);
    await waitFor(async () => (await t.services.media.get(b.id))?.status === 'ready', 300);
    await waitFor(async () => (await t.services.catalog.adminGet(freeId)).video?.status === 'ready', 300);
  }, 600_000);
  afterAll(() => t.stop());

  const play = (cookie: string | undefined, id: string, body?: object) =>
    t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: cookie ? { cookie } : {}, ...(body ? { payload: body } : {}) });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const baseOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
  const variantsOf = (master: string) => master.split('\n').filter((l) => l && !l.startsWith('#'));
  const putSettings = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/playback/settings', headers: { cookie }, payload });
  const viewerWith = async (plan?: 'daily' | 'weekly' | 'monthly' | 'yearly') => {
    const v = await signUp(t);
    if (plan) await t.services.billing.grantPass(v.id, plan);
    return v;
  };

  it('asks a signed-out visitor to log in', async () => {
    const res = await play(undefined, premiumId);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('refuses a viewer without a pass, then lets them watch with one', async () => {
    const viewer = await signUp(t);
    const refused = await play(viewer.cookie, premiumId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'subscription_required', details: { reason: 'none' } });

    await t.services.billing.grantPass(viewer.id, 'daily');
    const ok = await play(viewer.cookie, premiumId);
    expect(ok.statusCode).toBe(200);
    const { url, expiresAt, videoId, sessionId, heartbeatIntervalSeconds } = ok.json();
    expect(videoId).toBe(premiumVideo);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(heartbeatIntervalSeconds).toBe(30);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(3600_000);

    const master = await get(url, viewer.cookie);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = variantsOf(master.body)[0]!;
    const media = await get(baseOf(url) + variant, viewer.cookie);
    expect(media.statusCode).toBe(200);
    const segment = variantsOf(media.body)[0]!;
    const seg = await get(baseOf(url) + variant.replace(/[^/]+$/, '') + segment, viewer.cookie);
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
  });

  it('tells a viewer whose pass ran out that it expired', async () => {
    const viewer = await viewerWith('daily');
    await t.db.executeSql(`update subscriptions set expires_at = now() - interval '1 minute' where user_id = $1`, [viewer.id]);
    const res = await play(viewer.cookie, premiumId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.reason).toBe('expired');
    expect(res.json().error.message).toBe('Your subscription has expired. Please subscribe to a plan to continue watching.');
  });

  it('lets any signed-in viewer watch a free title, and a super_admin watch anything', async () => {
    const viewer = await signUp(t);
    expect((await play(viewer.cookie, freeId)).statusCode).toBe(200);
    const boss = await signUp(t, 'super_admin');
    expect((await play(boss.cookie, premiumId)).statusCode).toBe(200);
    const admin = await signUp(t, 'admin');
    expect((await play(admin.cookie, premiumId)).statusCode).toBe(403);
  });

  it('answers not found and not ready clearly', async () => {
    const viewer = await signUp(t, 'super_admin');
    expect((await play(viewer.cookie, '00000000-0000-4000-8000-000000000000')).json().error.code).toBe('not_found');
    const noVideo = await t.services.catalog.create({ title: 'No video yet', category: 'drama' });
    const res = await play(viewer.cookie, noVideo.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('video_not_available');
    expect((await play(viewer.cookie, premiumId, { partId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('refuses expired, altered and borrowed signatures', async () => {
    const owner = await viewerWith('weekly');
    const other = await viewerWith('weekly');
    const { url } = (await play(owner.cookie, premiumId)).json();
    const [, , , videoId, token] = url.split('/');
    const g = (u: string, cookie = owner.cookie) => get(u, cookie);
    expect((await g(url)).statusCode).toBe(200);

    const [exp, user, cap, sig] = token.split('.');
    // Two characters of the signature changed: to AA, or to BA for the 1 signature in 1,024 that already ends in AA.
    const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
    const altered = [
      `/media/v/${videoId}/${Number(exp) + 3600}.${user}.${cap}.${sig}/master.m3u8`,
      `/media/v/${videoId}/${exp}.${user}.${cap}.${forged}/master.m3u8`,
      `/media/v/${videoId}/${exp}.${user}.0.${sig}/master.m3u8`,
      `/media/v/${videoId}/${exp}.${user}.${sig}/master.m3u8`,
    ];
    for (const u of altered) expect((await g(u)).statusCode).toBe(403);

    const expired = t.services.signer.sign(videoId, owner.id, Math.floor(Date.now() / 1000) - 1);
    expect((await g(`/media/v/${videoId}/${expired}/master.m3u8`)).statusCode).toBe(403);
    const downloadScope = t.services.signer.sign(videoId, owner.id, Math.floor(Date.now() / 1000) + 60, null, 'd');
    expect((await g(`/media/v/${videoId}/${downloadScope}/master.m3u8`)).statusCode).toBe(403);

    expect((await g(url, other.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);

    const otherVideo = (await t.services.catalog.adminGet(freeId)).video!.id;
    expect((await g(url.replace(videoId, otherVideo))).statusCode).toBe(403);
    expect((await g(url.replace('master.m3u8', '../../secrets.json'))).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('names what the player fetches first: the start rendition, its init segment and first segment, cacheable (ADR 013, ADR 026)', async () => {
    const viewer = await viewerWith('daily');
    const res = (await play(viewer.cookie, premiumId)).json();
    const base = baseOf(res.url);
    const master = await get(res.url, viewer.cookie);
    expect(master.headers['cache-control']).toBe('private, max-age=60');
    const startUri = variantsOf(master.body)[0]!;
    expect(res.start.media).toBe(base + startUri);
    const rung = startUri.split('/')[0];
    expect(res.renditions.find((r: { name: string }) => r.name === rung).bandwidth).toBeLessThanOrEqual(500_000);
    expect(res.start.segment).toBe(`${base}${rung}/seg_00000_0.m4s`);
    const media = await get(res.start.media, viewer.cookie);
    expect(media.statusCode).toBe(200);
    expect(media.body.split('\n').find((l: string) => l && !l.startsWith('#'))).toBe('seg_00000_0.m4s');
    const segment = await get(res.start.segment, viewer.cookie);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['cache-control']).toBe('private, max-age=3600, immutable');
    // The fMP4 rendition's init segment is named too, and cached like a segment (ADR 026).
    expect(res.start.init).toBe(`${base}${rung}/init.mp4`);
    const init = await get(res.start.init, viewer.cookie);
    expect(init.statusCode).toBe(200);
    expect(init.headers['cache-control']).toBe('private, max-age=3600, immutable');
  });

  describe('quality cap per plan and data saver (issue 4 points 6, 7)', () => {
    const rungsOf = (master: string) => variantsOf(master).map((u) => u.split('/')[0]);
    it('lists only the renditions a Daily pass allows, and refuses the others', async () => {
      const daily = await viewerWith('daily');
      const res = (await play(daily.cookie, bigId)).json();
      expect(res.maxHeight).toBe(720);
      expect(res.capReason).toBe('plan');
      const master = (await get(res.url, daily.cookie)).body;
      expect([...rungsOf(master)].sort()).toEqual(['144p', '240p', '360p', '480p', '720p']);
      expect(res.renditions.map((r: { name: string }) => r.name)).toEqual(['144p', '240p', '360p', '480p', '720p']);
      const refused = await get(`${baseOf(res.url)}1080p/index.m3u8`, daily.cookie);
      expect(refused.statusCode).toBe(403);
      expect((await get(`${baseOf(res.url)}1080p/seg_00000.ts`, daily.cookie)).statusCode).toBe(403);
      expect((await get(`${baseOf(res.url)}720p/index.m3u8`, daily.cookie)).statusCode).toBe(200);
      // Paths are matched with their case, as the cap and the downloads/ check read them: another spelling of a
      // capped rendition, or of the MP4 downloads, is no way round them on a store that ignores case.
      for (const rel of ['1080P/index.m3u8', '1080P/seg_00000.ts', 'DOWNLOADS/1080p.mp4', 'Downloads/720p.mp4', '720p/INDEX.M3U8']) {
        expect((await get(`${baseOf(res.url)}${rel}`, daily.cookie)).statusCode, rel).toBe(404);
      }
    });

    it('gives Weekly, Monthly and Yearly 1080p, and a super_admin everything', async () => {
      for (const plan of ['weekly', 'monthly', 'yearly'] as const) {
        const v = await viewerWith(plan);
        const res = (await play(v.cookie, bigId)).json();
        expect(rungsOf((await get(res.url, v.cookie)).body)).toContain('1080p');
        expect((await get(`${baseOf(res.url)}1080p/index.m3u8`, v.cookie)).statusCode).toBe(200);
        expect(res.maxHeight).toBe(plan === 'yearly' ? null : 1080);
      }
      const boss = await signUp(t, 'super_admin');
      expect((await play(boss.cookie, bigId)).json().maxHeight).toBeNull();
    });

    it('starts on a rendition at or under 500 kb/s (or the lowest) and gives megabytes per hour', async () => {
      const v = await viewerWith('yearly');
      const res = (await play(v.cookie, bigId)).json();
      const master = (await get(res.url, v.cookie)).body;
      const bandwidths = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF')).map((l) => Number(/BANDWIDTH=(\d+)/.exec(l)![1]));
      const first = bandwidths[0]!;
      const fitting = bandwidths.filter((b) => b <= 500_000);
      expect(first).toBe(fitting.length ? Math.max(...fitting) : Math.min(...bandwidths));
      expect(bandwidths.slice(1)).toEqual([...bandwidths.slice(1)].sort((a, b) => a - b));
      for (const r of res.renditions) expect(r.megabytesPerHour).toBeCloseTo((r.averageBandwidth * 3600) / 8e6, 1);
      expect(res.renditions[0].megabytesPerHour).toBeLessThan(res.renditions.at(-1).megabytesPerHour);
    });

    it('caps at the data saver rung the viewer chose (240p by default, or 144p), stored on the server (ADR 028)', async () => {
      const v = await viewerWith('yearly');
      expect((await get('/api/playback/settings', v.cookie)).json()).toEqual({ dataSaver: null, dataSaverMaxHeight: 240 });
      const put = await putSettings(v.cookie, { dataSaver: true });
      expect(put.json()).toEqual({ dataSaver: true, dataSaverMaxHeight: 240 });
      const res = (await play(v.cookie, bigId)).json();
      expect(res).toMatchObject({ maxHeight: 240, capReason: 'data_saver', dataSaver: true, dataSaverSource: 'viewer', dataSaverMaxHeight: 240 });
      const served = rungsOf((await get(res.url, v.cookie)).body);
      expect(served.length).toBeGreaterThan(0);
      expect(served.every((r) => Number.parseInt(r!, 10) <= 240)).toBe(true);
      expect(served).toContain('240p');
      expect((await get(`${baseOf(res.url)}360p/index.m3u8`, v.cookie)).statusCode).toBe(403);
      // The rung alone changes, and is kept when a later choice leaves it out.
      expect((await putSettings(v.cookie, { dataSaver: false, dataSaverMaxHeight: 144 })).json()).toEqual({ dataSaver: false, dataSaverMaxHeight: 144 });
      expect((await play(v.cookie, bigId)).json()).toMatchObject({ maxHeight: null, capReason: null, dataSaverSource: null });
      expect((await putSettings(v.cookie, { dataSaver: true })).json()).toEqual({ dataSaver: true, dataSaverMaxHeight: 144 });
      for (const bad of [{ dataSaver: 'yes' }, { dataSaver: true, dataSaverMaxHeight: 360 }, { dataSaver: true, dataSaverMaxHeight: '144' }, {}]) {
        const r = await putSettings(v.cookie, bad);
        expect(r.statusCode, JSON.stringify(bad)).toBe(400);
        expect(r.json().error.code).toBe('validation_failed');
      }
      expect((await get('/api/playback/settings', v.cookie)).json()).toEqual({ dataSaver: true, dataSaverMaxHeight: 144 });
      const other = await viewerWith('yearly');
      expect((await get('/api/playback/settings', other.cookie)).json()).toEqual({ dataSaver: null, dataSaverMaxHeight: 240 });
      expect((await t.app.inject({ method: 'PUT', url: '/api/playback/settings', payload: { dataSaver: true } })).statusCode).toBe(401);
    });

    it('serves a video with no rendition under a 144p cap its lowest one, and nothing above it', async () => {
      const v = await viewerWith('yearly');
      await putSettings(v.cookie, { dataSaver: true, dataSaverMaxHeight: 144 });
      // A video transcoded before the 144p rung: its stored master lists 240p and up (ladder of issue 2).
      const key = keys.videoFile(bigVideo, 'master.m3u8');
      const stored = (await t.services.storage.readBuffer(key))!;
      const lines = stored.toString('utf8').split('\n');
      const legacy = lines.filter((l, i) => !(/^\d+p\//.test(l) && Number.parseInt(l, 10) < 240) && !(l.startsWith('#EXT-X-STREAM-INF') && Number.parseInt(lines[i + 1] ?? '', 10) < 240));
      await t.services.storage.put(key, Buffer.from(legacy.join('\n')), { contentType: 'application/vnd.apple.mpegurl' });
      try {
        const res = (await play(v.cookie, bigId)).json();
        expect(res).toMatchObject({ capReason: 'data_saver', dataSaverMaxHeight: 144, maxHeight: 240 });
        expect(res.renditions.map((r: { name: string }) => r.name)).toEqual(['240p']);
        expect(rungsOf((await get(res.url, v.cookie)).body)).toEqual(['240p']);
        expect((await get(`${baseOf(res.url)}240p/index.m3u8`, v.cookie)).statusCode).toBe(200);
        expect((await get(`${baseOf(res.url)}360p/index.m3u8`, v.cookie)).statusCode).toBe(403);
      } finally {
        await t.services.storage.put(key, stored, { contentType: 'application/vnd.apple.mpegurl' });
      }
    });

    it('serves only the 144p rung under a 144p cap (ADR 026 gives every video above 172 lines one)', async () => {
      const v = await viewerWith('yearly');
      await putSettings(v.cookie, { dataSaver: true, dataSaverMaxHeight: 144 });
      const res = (await play(v.cookie, bigId)).json();
      expect(res).toMatchObject({ maxHeight: 144, capReason: 'data_saver' });
      expect(rungsOf((await get(res.url, v.cookie)).body)).toEqual(['144p']);
      expect((await get(`${baseOf(res.url)}144p/index.m3u8`, v.cookie)).statusCode).toBe(200);
      expect((await get(`${baseOf(res.url)}240p/index.m3u8`, v.cookie)).statusCode).toBe(403);
    });

    it("turns the data saver on when the browser asks to save data and the viewer has not chosen; the viewer's off wins", async () => {
      // A new viewer per request: each play is a stream (6 on Yearly) and 10 a minute at most.
      const asViewer = async (opts: { saveDataHeader?: string; body?: object; settings?: object; plan?: 'daily' | 'yearly' }) => {
        const v = await viewerWith(opts.plan ?? 'yearly');
        if (opts.settings) expect((await putSettings(v.cookie, opts.settings)).statusCode).toBe(200);
        const headers: Record<string, string> = { cookie: v.cookie };
        if (opts.saveDataHeader !== undefined) headers['save-data'] = opts.saveDataHeader;
        return t.app.inject({ method: 'POST', url: `/api/playback/${bigId}`, headers, ...(opts.body ? { payload: opts.body } : {}) });
      };
      const browser = { maxHeight: 240, capReason: 'data_saver', dataSaver: null, dataSaverSource: 'browser', dataSaverMaxHeight: 240 };
      const uncapped = { maxHeight: null, capReason: null, dataSaverSource: null };
      for (const on of ['on', 'ON', ' on ', 'on, x']) expect((await asViewer({ saveDataHeader: on })).json(), on).toMatchObject(browser);
      expect((await asViewer({ body: { saveData: true } })).json()).toMatchObject(browser);
      for (const off of ['off', 'onn', '']) expect((await asViewer({ saveDataHeader: off })).json(), off).toMatchObject(uncapped);
      expect((await asViewer({ body: { saveData: false } })).json()).toMatchObject(uncapped);
      expect((await asViewer({ body: { saveData: 'yes' } })).statusCode).toBe(400);
      // The viewer's explicit off wins over the browser; their rung applies when the browser turns it on.
      expect((await asViewer({ saveDataHeader: 'on', settings: { dataSaver: false } })).json()).toMatchObject({ ...uncapped, dataSaver: false });
      expect((await asViewer({ body: { saveData: true }, settings: { dataSaver: false } })).json()).toMatchObject({ ...uncapped, dataSaver: false });
      expect((await asViewer({ saveDataHeader: 'off', settings: { dataSaver: true, dataSaverMaxHeight: 144 } })).json()).toMatchObject({ capReason: 'data_saver', dataSaver: true, dataSaverSource: 'viewer', dataSaverMaxHeight: 144 });
      // A Daily pass (720p) is lowered to the rung too.
      expect((await asViewer({ saveDataHeader: 'on', plan: 'daily' })).json()).toMatchObject(browser);
    });

    it('gives the megabytes of the whole video at each rendition', async () => {
      const v = await viewerWith('yearly');
      const res = (await play(v.cookie, bigId)).json();
      expect(res.durationSeconds).toBeGreaterThan(3);
      for (const r of res.renditions) expect(r.megabytesForVideo).toBeCloseTo((res.durationSeconds * r.averageBandwidth) / 8e6, 1);
      expect(res.renditions[0].megabytesForVideo).toBeLessThan(res.renditions.at(-1).megabytesForVideo);
    });
  });

  describe('parts and episodes', () => {
    let partId: string;
    let premiumEpisode: string;
    let freeEpisode: string;
    beforeAll(async () => {
      const free = (await t.services.catalog.adminGet(freeId)).video!.id;
      const p = await t.db.executeSql(`insert into movie_parts (movie_id, part_number, title, video_id) values ($1, 2, 'Part 2', $2) returning id`, [premiumId, free]);
      partId = p.rows[0]!.id as string;
      const mk = async (premium: boolean, videoId: string) => {
        const s = await t.db.executeSql(`insert into series (title, category, is_premium) values ($1, 'drama', $2) returning id`, [`Series ${premium}`, premium]);
        const se = await t.db.executeSql(`insert into seasons (series_id, season_number, title) values ($1, 1, 'S1') returning id`, [s.rows[0]!.id]);
        const e = await t.db.executeSql(`insert into episodes (season_id, episode_number, title, video_id) values ($1, 3, 'E3', $2) returning id`, [se.rows[0]!.id, videoId]);
        return e.rows[0]!.id as string;
      };
      premiumEpisode = await mk(true, premiumVideo);
      freeEpisode = await mk(false, free);
    });

    it('plays a movie part by its id or as ?part= of its movie, under the movie premium rule', async () => {
      const none = await signUp(t);
      expect((await play(none.cookie, partId)).json().error.code).toBe('subscription_required');
      const v = await viewerWith('weekly');
      const free = (await t.services.catalog.adminGet(freeId)).video!.id;
      expect((await play(v.cookie, partId)).json().videoId).toBe(free);
      const viaMovie = (await play(v.cookie, premiumId, { partId })).json();
      expect(viaMovie.videoId).toBe(free);
      expect((await get(viaMovie.url, v.cookie)).statusCode).toBe(200);
      expect((await play(v.cookie, freeId, { partId })).statusCode).toBe(404);
    });

    it('plays episodes with the same access rules', async () => {
      const none = await signUp(t);
      const refused = await play(none.cookie, premiumEpisode);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('subscription_required');
      expect((await play(none.cookie, freeEpisode)).statusCode).toBe(200);
      const v = await viewerWith('daily');
      const ok = (await play(v.cookie, premiumEpisode)).json();
      expect(ok.videoId).toBe(premiumVideo);
      expect((await get(ok.url, v.cookie)).statusCode).toBe(200);
      const sessions = (await get('/api/playback/sessions', v.cookie)).json();
      expect(sessions.items[0].title).toBe('Series true - S1E3');
    });
  });

  describe('simultaneous streams (issue 4 point 6)', () => {
    const heartbeat = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: `/api/playback/sessions/${id}/heartbeat`, headers: { cookie } });
    const stop = (cookie: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/playback/sessions/${id}`, headers: { cookie } });

    it('refuses a second device on a Daily pass, naming the limit; a stopped device frees its slot', async () => {
      const v = await viewerWith('daily');
      const a = (await play(v.cookie, premiumId)).json();
      const b = await play(v.cookie, premiumId);
      expect(b.statusCode).toBe(409);
      const err = b.json().error;
      expect(err.code).toBe('stream_limit_reached');
      expect(err.message).toContain('Daily Pass allows 1 device at a time');
      expect(err.message).toContain('Stop playback on another device');
      expect(err.details).toMatchObject({ limit: 1, plan: 'daily' });
      expect(err.details.sessions.map((s: { id: string }) => s.id)).toEqual([a.sessionId]);

      // Refreshing the signed URL of the running session is not another stream (issue 4 point 7).
      const refreshed = await play(v.cookie, premiumId, { sessionId: a.sessionId });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().sessionId).toBe(a.sessionId);
      expect(await t.services.playbackRepo.sessionCount(v.id)).toBe(1);

      expect((await heartbeat(v.cookie, a.sessionId)).statusCode).toBe(200);
      const stranger = await viewerWith('daily');
      expect((await stop(stranger.cookie, a.sessionId)).statusCode).toBe(404);
      expect((await heartbeat(stranger.cookie, a.sessionId)).statusCode).toBe(409);
      expect((await get('/api/playback/sessions', stranger.cookie)).json().items).toEqual([]);

      expect((await stop(v.cookie, a.sessionId)).statusCode).toBe(204);
      const hb = await heartbeat(v.cookie, a.sessionId);
      expect(hb.statusCode).toBe(409);
      expect(hb.json().error.code).toBe('stream_session_ended');
      const c = await play(v.cookie, premiumId);
      expect(c.statusCode).toBe(200);
      expect(c.json().sessionId).not.toBe(a.sessionId);
    });

    it('frees the slot of a page that went away (the beacon sent on pagehide), only for its owner', async () => {
      const v = await viewerWith('daily');
      const a = (await play(v.cookie, premiumId)).json();
      const end = (cookie: string) => t.app.inject({ method: 'POST', url: `/api/playback/sessions/${a.sessionId}/end`, headers: { cookie, 'content-type': 'text/plain;charset=UTF-8' }, payload: '' });
      const stranger = await viewerWith('daily');
      expect((await end(stranger.cookie)).statusCode).toBe(404);
      expect((await play(v.cookie, premiumId)).statusCode).toBe(409);
      expect((await end(v.cookie)).statusCode).toBe(204);
      expect((await heartbeat(v.cookie, a.sessionId)).json().error.code).toBe('stream_session_ended');
      expect((await play(v.cookie, premiumId)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/playback/sessions/${a.sessionId}/end` })).statusCode).toBe(401);
    });

    it('frees the slot of a device whose heartbeat lapsed', async () => {
      const v = await viewerWith('daily');
      const a = (await play(v.cookie, premiumId)).json();
      expect((await play(v.cookie, premiumId)).statusCode).toBe(409);
      // Two missed heartbeats: move the last one back past the lapse time instead of waiting.
      await t.db.executeSql(`update playback_sessions set last_seen_at = now() - interval '80 seconds' where id = $1`, [a.sessionId]);
      const b = await play(v.cookie, premiumId);
      expect(b.statusCode).toBe(200);
      expect((await heartbeat(v.cookie, a.sessionId)).json().error.code).toBe('stream_session_ended');
      // A lapsed session cannot be refreshed either: its device gets a new session, counted again.
      expect((await play(v.cookie, premiumId, { sessionId: a.sessionId })).statusCode).toBe(409);
      const list = (await get('/api/playback/sessions', v.cookie)).json();
      expect(list).toMatchObject({ limit: 1 });
      expect(list.items.map((s: { id: string }) => s.id)).toEqual([b.json().sessionId]);
    });

    it('allows 3 devices on a Weekly pass and refuses the fourth', async () => {
      const v = await viewerWith('weekly');
      for (let i = 0; i < 3; i++) expect((await play(v.cookie, premiumId)).statusCode).toBe(200);
      const fourth = await play(v.cookie, premiumId);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().error.details.limit).toBe(3);
      expect(fourth.json().error.message).toContain('3 devices');
    });
  });

  describe('MP4 file downloads (issue 4 point 6; admins, and viewers only with ALLOW_FILE_DOWNLOADS, ADR 028)', () => {
    const download = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: `/api/downloads/${id}`, headers: { cookie } });
    const adminWith = async (plan?: 'daily' | 'weekly' | 'monthly' | 'yearly') => {
      const a = await signUp(t, 'admin');
      if (plan) await t.services.billing.grantPass(a.id, plan);
      return a;
    };

    it('refuses the file to viewers whatever their pass, pointing to the in-app download, and counts nothing', async () => {
      for (const plan of [undefined, 'daily', 'weekly', 'yearly'] as const) {
        const v = await viewerWith(plan);
        for (const id of [bigId, freeId]) {
          const res = await download(v.cookie, id);
          expect(res.statusCode, `${plan} ${id}`).toBe(403);
          expect(res.json().error.code).toBe('file_downloads_off');
          expect(res.json().error.message).toMatch(/Download in the app/);
        }
        const used = await t.db.executeSql(`select count(*)::int as n from video_downloads where user_id = $1`, [v.id]);
        expect(used.rows[0]).toMatchObject({ n: 0 });
      }
      expect((await t.app.inject({ method: 'POST', url: `/api/downloads/${bigId}` })).statusCode).toBe(401);
    });

    it('gives viewers the file when ALLOW_FILE_DOWNLOADS is true, with the same quota', async () => {
      const allowing = createPlaybackService({
        repo: t.services.playbackRepo,
        billing: t.services.billingRepo,
        rights: t.services.rights,
        signer: t.services.signer,
        storage: t.services.storage,
        resumeOf: t.services.progress.resumeOf,
        downloads: t.services.downloads,
        allowFileDownloads: true,
      });
      const weekly = await viewerWith('weekly');
      const user = { id: weekly.id, role: 'user' } as SessionUser;
      expect(await allowing.download(user, premiumId)).toMatchObject({ rendition: '720p', remaining: 9 });
      const daily = await viewerWith('daily');
      await expect(allowing.download({ id: daily.id, role: 'user' } as SessionUser, premiumId)).rejects.toMatchObject({ statusCode: 403, code: 'download_not_included' });
      // The app as configured by default (ALLOW_FILE_DOWNLOADS unset) still refuses the same viewer.
      expect(t.config.allowFileDownloads).toBe(false);
      expect((await download(weekly.cookie, premiumId)).json().error.code).toBe('file_downloads_off');
    });

    it('lets a super admin download without a pass', async () => {
      const boss = await signUp(t, 'super_admin');
      const res = await download(boss.cookie, freeId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ remaining: null });
    });

    it('refuses downloads on a Daily pass and without a pass', async () => {
      const daily = await adminWith('daily');
      const res = await download(daily.cookie, premiumId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('download_not_included');
      expect((await get('/api/downloads/quota', daily.cookie)).json()).toEqual({ limit: 0, used: 0, remaining: 0 });
      const none = await adminWith();
      expect((await download(none.cookie, premiumId)).json().error.code).toBe('subscription_required');
      expect((await download(none.cookie, freeId)).json().error.code).toBe('download_not_included');
    });

    it('gives a signed MP4 within the cap, counted once per video, and refuses over the quota', async () => {
      const v = await adminWith('weekly');
      // Eight other videos already downloaded in this pass period.
      for (let i = 0; i < 8; i++) {
        const va = await t.db.executeSql(`insert into video_assets (status) values ('ready') returning id`);
        await t.db.executeSql(`insert into video_downloads (user_id, video_id, rendition) values ($1, $2, '720p')`, [v.id, va.rows[0]!.id]);
      }
      expect((await get('/api/downloads/quota', v.cookie)).json()).toEqual({ limit: 10, used: 8, remaining: 2 });
      const first = await download(v.cookie, bigId);
      expect(first.statusCode).toBe(200);
      const d = first.json();
      expect(d).toMatchObject({ rendition: '1080p', remaining: 1 });
      const file = await get(d.url, v.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(file.rawPayload.length).toBe(d.sizeBytes);
      expect((await get(d.url, (await adminWith('weekly')).cookie)).statusCode).toBe(403);
      // The streaming signature cannot fetch the cached MP4.
      const stream = (await play(v.cookie, bigId)).json();
      expect((await get(`${baseOf(stream.url)}downloads/1080p.mp4`, v.cookie)).statusCode).toBe(403);

      expect((await download(v.cookie, bigId)).json().remaining).toBe(1);
      expect((await download(v.cookie, premiumId)).json()).toMatchObject({ rendition: '720p', remaining: 0 });
      const over = await download(v.cookie, freeId);
      expect(over.statusCode).toBe(403);
      expect(over.json().error).toMatchObject({ code: 'download_limit_reached', details: { limit: 10, used: 10, plan: 'weekly' } });

      // A new pass brings a fresh quota.
      await t.db.executeSql(`update subscriptions set updated_at = now() - interval '1 second' where user_id = $1`, [v.id]);
      await t.services.billing.grantPass(v.id, 'weekly');
      expect((await download(v.cookie, freeId)).statusCode).toBe(200);
    });

    it('downloads within the data saver cap', async () => {
      const v = await adminWith('yearly');
      await putSettings(v.cookie, { dataSaver: true });
      const d = (await download(v.cookie, bigId)).json();
      expect(d).toMatchObject({ rendition: '240p', remaining: null });
      expect((await get(d.url, v.cookie)).statusCode).toBe(200);
      expect((await get(d.url.replace('240p.mp4', '360p.mp4'), v.cookie)).statusCode).toBe(403);
    });
  });

  describe('captions (issue 4 point 4)', () => {
    const srt = '1\r\n00:00:00,500 --> 00:00:02,000\r\nMuraho <i>neza</i>\r\n\r\n2\r\n00:00:02,500 --> 00:00:03,500\r\nMurakoze\r\n';
    const upload = (cookie: string, lang: string, body: string, type = 'application/x-subrip', video = premiumVideo) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/videos/${video}/captions/${lang}`, headers: { cookie, 'content-type': type }, payload: body });

    it('converts SRT to WebVTT for admins, and refuses bad files and non-admins', async () => {
      const admin = await signUp(t, 'admin');
      const ok = await upload(admin.cookie, 'rw', srt);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ language: 'rw', sourceFormat: 'srt', cues: 2 });
      const vtt = await upload(admin.cookie, 'en', 'WEBVTT\n\n00:00.500 --> 00:02.000\nHello\n', 'text/vtt');
      expect(vtt.json()).toMatchObject({ language: 'en', sourceFormat: 'vtt', cues: 1 });
      const json = await t.app.inject({ method: 'PUT', url: `/api/admin/videos/${premiumVideo}/captions/fr`, headers: { cookie: admin.cookie }, payload: { content: srt } });
      expect(json.json()).toMatchObject({ language: 'fr', sourceFormat: 'srt' });
      expect((await get(`/api/admin/videos/${premiumVideo}/captions`, admin.cookie)).json().items.map((c: { language: string }) => c.language)).toEqual(['en', 'fr', 'rw']);

      for (const bad of ['just some words', '', '1\n00:00:05,000 --> 00:00:01,000\nbackwards\n']) {
        const res = await upload(admin.cookie, 'en', bad, 'text/plain');
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('caption_invalid');
      }
      expect((await upload(admin.cookie, 'de', srt)).statusCode).toBe(400);
      expect((await upload(admin.cookie, 'en', srt, 'application/x-subrip', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const viewer = await viewerWith('yearly');
      expect((await upload(viewer.cookie, 'en', srt)).statusCode).toBe(403);
      // The earlier good upload is untouched by the refused ones.
      expect((await get(`/api/admin/videos/${premiumVideo}/captions`, admin.cookie)).json().items.find((c: { language: string }) => c.language === 'en').cues).toBe(1);
    });

    it('serves captions only under the video signature, and lists them in the master playlist', async () => {
      const none = await signUp(t);
      expect((await play(none.cookie, premiumId)).statusCode).toBe(403);
      const v = await viewerWith('daily');
      const res = (await play(v.cookie, premiumId)).json();
      const rw = res.captions.find((c: { language: string }) => c.language === 'rw');
      expect(rw.url.startsWith(baseOf(res.url))).toBe(true);
      const file = await get(rw.url, v.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('text/vtt');
      expect(file.body.startsWith('WEBVTT')).toBe(true);
      expect(file.body).toContain('00:00:00.500 --> 00:00:02.000');
      // Files under the master playlist are checked by the token alone, with no session lookup (ADR 017): the
      // token binds the viewer, video, cap and expiry, as a CDN's edge would check it. An altered token is refused.
      expect((await get(rw.url, none.cookie)).statusCode).toBe(200);
      expect((await get(rw.url)).statusCode).toBe(200);
      const [exp, user, cap, sig] = rw.url.split('/')[4].split('.');
      const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
      expect((await get(rw.url.replace(`${exp}.${user}.${cap}.${sig}`, `${exp}.${user}.${cap}.${forged}`))).statusCode).toBe(403);
      expect((await get(rw.url.replace(`${exp}.${user}.${cap}.${sig}`, `${exp}.${user}.0.${sig}`))).statusCode).toBe(403);

      const master = (await get(res.url, v.cookie)).body;
      expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Kinyarwanda",LANGUAGE="rw"');
      expect(master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF')).every((l) => l.endsWith('SUBTITLES="subs"'))).toBe(true);
      const subs = await get(`${baseOf(res.url)}captions/rw.m3u8`, v.cookie);
      expect(subs.statusCode).toBe(200);
      expect(subs.body).toContain('rw.vtt');
      expect(subs.body).toContain('#EXT-X-ENDLIST');
    });

    it('deletes a track', async () => {
      const admin = await signUp(t, 'admin');
      await upload(admin.cookie, 'fr', srt, 'application/x-subrip', bigVideo);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/videos/${bigVideo}/captions/fr`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/videos/${bigVideo}/captions/fr`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
      const v = await viewerWith('yearly');
      const res = (await play(v.cookie, bigId)).json();
      expect(res.captions).toEqual([]);
      expect((await get(res.url, v.cookie)).body).not.toContain('SUBTITLES');
      expect((await get(`${baseOf(res.url)}captions/fr.vtt`, v.cookie)).statusCode).toBe(404);
    });
  });

  it('limits signed URL requests to 10 a minute per viewer, with the spec text', async () => {
    const viewer = await viewerWith('yearly');
    const first = await play(viewer.cookie, freeId);
    expect(first.statusCode).toBe(200);
    const { sessionId } = first.json();
    for (let i = 0; i < 9; i++) expect((await play(viewer.cookie, freeId, { sessionId })).statusCode).toBe(200);
    const res = await play(viewer.cookie, freeId, { sessionId });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.json().error.message).toMatch(/^Rate limit exceeded\. Try again in \d+ seconds\.$/);
    const another = await viewerWith('daily');
    expect((await play(another.cookie, premiumId)).statusCode).toBe(200);
  });
});
