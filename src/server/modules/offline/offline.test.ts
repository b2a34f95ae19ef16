/**
 * Offline downloads through the real app (docs/decisions/027-offline-downloads.md; contract in
 * src/shared/contracts/offline.ts), on a real transcoded film: who may download (no pass, Daily, a free title, the
 * pass's quality cap), the quota shared with the MP4 download (the 11th distinct video refused, the same video again
 * free), the files (every segment decrypted with the licence's key and its sequence-number IV equals the stored
 * segment; ffmpeg plays the stored folder), the licence as check-in (refused once the pass ended), another viewer's
 * download (404 on every route) and deleting.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineDownload, offlineLicense, offlineOptions, type OfflineDownload } from '../../../shared/contracts/offline.js';
import { keys } from '../../providers/storage/media-storage.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp, testTranscoder, waitFor } from '../../test/harness.js';
import { checkPlaysFromFolder, checkServedFiles } from './offline-files.check.js';
const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachDb('offline downloads', (kind) => {
  let t: TestApp;
  let premiumId: string;
  let freeId: string;
  let premiumVideo: string;
  let freeVideo: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    premiumId = (await t.services.catalog.create({ title: 'Premium film', category: 'drama', isPremium: true })).id;
    freeId = (await t.services.catalog.create({ title: 'Free film', category: 'drama', isPremium: false })).id;
    premiumVideo = (await t.services.media.importFile(premiumId, path.join(FIXTURES, 'cockatoo.mp4'), null)).id;
    freeVideo = (await t.services.media.importFile(freeId, path.join(FIXTURES, 'movie-hello.mp4'), null)).id;
    await waitFor(async () => (await t.services.media.get(premiumVideo))?.status === 'ready', 300);
    await waitFor(async () => (await t.services.media.get(freeVideo))?.status === 'ready', 300);
  }, 600_000);
  afterAll(() => t.stop());

  type Who = { cookie: string; id: string };
  const call = (who: Who | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const viewerWith = async (plan?: 'daily' | 'weekly' | 'monthly' | 'yearly') => {
    const v = await signUp(t);
    if (plan) await t.services.billing.grantPass(v.id, plan);
    return v;
  };
  const create = (who: Who, id: string, rendition?: string, deviceId?: string) => call(who, 'POST', '/api/offline', { id, ...(rendition ? { rendition } : {}), ...(deviceId ? { deviceId } : {}) });
  const made = async (who: Who, id: string, rendition?: string, deviceId?: string): Promise<OfflineDownload> => {
    const res = await create(who, id, rendition, deviceId);
    expect(res.statusCode, res.body).toBe(201);
    return offlineDownload.parse(res.json());
  };
  const fileUrl = (d: { id: string }, name: string) => `/api/offline/${d.id}/files/${name}`;
  const endPass = (userId: string) => t.db.executeSql(`update subscriptions set expires_at = now() - interval '1 minute' where user_id = $1`, [userId]);

  it('asks a signed-out visitor to log in on every route', async () => {
    const id = MISSING;
    for (const [method, url] of [['POST', '/api/offline'], ['GET', '/api/offline'], ['GET', `/api/offline/options/${premiumId}`], ['GET', `/api/offline/${id}/files/index.m3u8`], ['POST', `/api/offline/${id}/license`], ['DELETE', `/api/offline/${id}`]] as const) {
      const res = await call(undefined, method, url, method === 'POST' ? { id: premiumId } : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses without a pass, on a Daily pass, and for a free title without a pass, as the MP4 download does', async () => {
    const none = await viewerWith();
    const noPass = await create(none, premiumId);
    expect(noPass.statusCode).toBe(403);
    expect(noPass.json().error).toMatchObject({ code: 'subscription_required', details: { reason: 'none' }, message: 'You need an active subscription to watch this content. Choose from our available plans.' });
    expect((await call(none, 'GET', `/api/offline/options/${premiumId}`)).json().error.code).toBe('subscription_required');
    const free = await create(none, freeId);
    expect(free.statusCode).toBe(403);
    expect(free.json().error.code).toBe('download_not_included');

    const daily = await viewerWith('daily');
    const res = await create(daily, premiumId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'download_not_included', message: 'Downloads are not included in your pass. Choose a Weekly, Monthly or Yearly pass to download.' });
    expect((await call(daily, 'GET', `/api/offline/options/${premiumId}`)).json().error.code).toBe('download_not_included');
    // Nothing was counted or stored for any of them.
    expect((await call(daily, 'GET', '/api/offline')).json()).toEqual({ items: [] });
    expect((await t.db.executeSql(`select count(*)::int as n from video_downloads where user_id = any($1)`, [[none.id, daily.id]])).rows[0]).toEqual({ n: 0 });
  });

  it('answers unknown titles and bad bodies clearly', async () => {
    const v = await viewerWith('weekly');
    expect((await create(v, MISSING)).json().error.code).toBe('not_found');
    expect((await call(v, 'GET', `/api/offline/options/${MISSING}`)).statusCode).toBe(404);
    expect((await call(v, 'POST', '/api/offline', { id: 'nope' })).statusCode).toBe(400);
    expect((await create(v, premiumId, 'huge')).statusCode).toBe(400);
    const noRung = await create(v, premiumId, '4320p');
    expect(noRung.statusCode).toBe(404);
    const noVideo = await t.services.catalog.create({ title: 'No video yet', category: 'drama', isPremium: true });
    expect((await create(v, noVideo.id)).json().error.code).toBe('video_not_available');
  });

  it('shows the options with real sizes, and POST stores exactly what they promised', async () => {
    const v = await viewerWith('weekly');
    const res = await call(v, 'GET', `/api/offline/options/${premiumId}`);
    expect(res.statusCode, res.body).toBe(200);
    const options = offlineOptions.parse(res.json());
    expect(options.quota).toEqual({ limit: 10, used: 0, remaining: 10 });
    expect(options.alreadyCounted).toBe(false);
    expect(options.renditions.length).toBeGreaterThan(0);
    const heights = options.renditions.map((r) => Math.min(r.width, r.height));
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(Math.max(...heights)).toBeLessThanOrEqual(1080);
    const fitting = options.renditions.filter((r) => Math.min(r.width, r.height) <= 360);
    expect(options.defaultRendition).toBe((fitting.at(-1) ?? options.renditions[0]!).name);

    const d = await made(v, premiumId);
    expect(d.rendition.name).toBe(options.defaultRendition);
    const promised = options.renditions.find((r) => r.name === d.rendition.name)!;
    expect(d.totalBytes).toBe(promised.totalBytes);
    expect(d.totalBytes).toBe(d.files.reduce((s, f) => s + f.bytes, 0));
    expect(promised.megabytesPerHour).toBeGreaterThan(0);
    expect(d).toMatchObject({ videoId: premiumVideo, title: 'Premium film', pageUrl: `/movie/${premiumId}`, remaining: 9 });
    expect(d.passEndsAt).not.toBeNull();
    const after = offlineOptions.parse((await call(v, 'GET', `/api/offline/options/${premiumId}`)).json());
    expect(after).toMatchObject({ quota: { limit: 10, used: 1, remaining: 9 }, alreadyCounted: true });

    // With the data saver on at 144p, its rung is the default; the higher ones stay on offer (it is no cap here).
    const saver = await t.app.inject({ method: 'PUT', url: '/api/playback/settings', headers: { cookie: v.cookie }, payload: { dataSaver: true, dataSaverMaxHeight: 144 } });
    expect(saver.statusCode, saver.body).toBe(200);
    const saving = offlineOptions.parse((await call(v, 'GET', `/api/offline/options/${premiumId}`)).json());
    const lowest = saving.renditions.filter((r) => Math.min(r.width, r.height) <= 144).at(-1) ?? saving.renditions[0]!;
    expect(saving.defaultRendition).toBe(lowest.name);
    expect(saving.renditions.map((r) => r.name)).toEqual(options.renditions.map((r) => r.name));
    expect((await made(v, premiumId)).rendition.name).toBe(lowest.name);
  });

  it('counts one per distinct video in the pass period, shared with the MP4 download: the 11th is refused, the same video again free', async () => {
    const v = await viewerWith('weekly');
    for (let i = 0; i < 9; i++) {
      const va = await t.db.executeSql(`insert into video_assets (status) values ('ready') returning id`);
      await t.db.executeSql(`insert into video_downloads (user_id, video_id, rendition) values ($1, $2, '720p')`, [v.id, (va.rows[0] as { id: string }).id]);
    }
    const tenth = await made(v, premiumId);
    expect(tenth.remaining).toBe(0);
    const again = await made(v, premiumId);
    expect(again.remaining).toBe(0);
    expect(again.id).not.toBe(tenth.id);
    const over = await create(v, freeId);
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({ code: 'download_limit_reached', details: { limit: 10, used: 10, plan: 'weekly' }, message: 'You have used all 10 downloads of your weekly pass. Downloads start again with your next pass.' });
    expect((await call(v, 'GET', '/api/downloads/quota')).json()).toEqual({ limit: 10, used: 10, remaining: 0 });
    // Deleting does not give a download back.
    expect((await call(v, 'DELETE', `/api/offline/${tenth.id}`)).statusCode).toBe(204);
    expect((await create(v, freeId)).json().error.code).toBe('download_limit_reached');
    expect((await call(v, 'GET', '/api/offline')).json().items.map((i: { id: string }) => i.id)).toEqual([again.id]);
  });

  it('keeps live copies on at most the pass’s devices: the same film again on one device renews its copy, one more device is refused, deleting frees it (ADR 027, amended 2026-11-28)', async () => {
    const v = await viewerWith('weekly');
    const user = { id: v.id, email: 'v@example.com', name: 'V', role: 'user' as const };
    const [A, B, C, D, E] = ['a', 'b', 'c', 'd', 'e'].map((c) => `00000000-0000-4000-8000-${c.repeat(12)}`) as [string, string, string, string, string];
    const liveKeys = async () => (await t.db.executeSql(`select count(*)::int as n from offline_downloads where user_id = $1 and deleted_at is null`, [v.id])).rows[0];
    const counted = async () => (await call(v, 'GET', '/api/downloads/quota')).json().used as number;

    // The finding: ten requests for one film. On one device they are one copy, renewed, with one key.
    const first = await made(v, premiumId, undefined, A);
    expect(first.devices).toEqual({ limit: 3, used: 1, remaining: 2, thisDevice: true });
    for (let i = 0; i < 9; i++) {
      const again = await t.services.offline.create(user, { id: premiumId, deviceId: A });
      expect(again.id).toBe(first.id);
      expect(again.remaining).toBe(first.remaining);
    }
    expect(await liveKeys()).toEqual({ n: 1 });
    expect(await counted()).toBe(1);
    // On other devices each copy takes a device, up to Weekly's 3.
    expect((await t.services.offline.create(user, { id: premiumId, deviceId: B })).devices).toMatchObject({ used: 2, remaining: 1 });
    const onC = await t.services.offline.create(user, { id: premiumId, deviceId: C });
    expect(onC.devices).toEqual({ limit: 3, used: 3, remaining: 0, thisDevice: true });
    const refused = await create(v, premiumId, undefined, D);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'offline_device_limit', details: { limit: 3, used: 3 }, message: 'Your pass keeps downloads on 3 devices at once, and 3 already hold some. Delete the downloads on one of them to download on this one.' });
    // A client that names no device is one more device too; nothing was counted or stored for either refusal.
    expect((await create(v, freeId)).json().error.code).toBe('offline_device_limit');
    expect(await liveKeys()).toEqual({ n: 3 });
    expect(await counted()).toBe(1);
    // A device that holds copies may add another film; the dialog's options tell the devices apart.
    expect((await t.services.offline.create(user, { id: freeId, deviceId: A })).devices).toMatchObject({ used: 3, thisDevice: true });
    expect(offlineOptions.parse((await call(v, 'GET', `/api/offline/options/${premiumId}?deviceId=${D}`)).json()).devices).toEqual({ limit: 3, used: 3, remaining: 0, thisDevice: false });
    expect((await call(v, 'GET', `/api/offline/options/${premiumId}?deviceId=nope`)).statusCode).toBe(400);

    // Deleting B's copy frees B's place for D.
    const onB = (await t.services.offline.list(user)).items.find((i) => i.id !== first.id && i.id !== onC.id && i.videoId === premiumVideo)!;
    expect((await call(v, 'DELETE', `/api/offline/${onB.id}`)).statusCode).toBe(204);
    expect((await t.services.offline.create(user, { id: premiumId, deviceId: D })).devices).toMatchObject({ used: 3, thisDevice: true });
    // A copy not checked in for 30 days cannot play any more and no longer takes a device.
    await t.db.executeSql(`update offline_downloads set created_at = now() - interval '31 days', last_license_at = null where id = $1`, [onC.id]);
    expect((await t.services.offline.create(user, { id: premiumId, deviceId: E })).devices).toMatchObject({ used: 3 });
    // ...and cannot take its place back by checking in while the three devices hold copies.
    const revived = await call(v, 'POST', `/api/offline/${onC.id}/license`);
    expect(revived.statusCode).toBe(403);
    expect(revived.json().error).toMatchObject({ code: 'offline_device_limit', details: { limit: 3, used: 3 } });

    // Another rendition on the same device replaces that device's copy (the old key is refused).
    const names = offlineOptions.parse((await t.services.offline.options(user, premiumId))).renditions.map((r) => r.name);
    const other = names.find((n) => n !== first.rendition.name)!;
    const replaced = await t.services.offline.create(user, { id: premiumId, deviceId: A, rendition: other });
    expect(replaced.id).not.toBe(first.id);
    expect((await call(v, 'POST', `/api/offline/${first.id}/license`)).statusCode).toBe(404);
    expect(await counted()).toBe(2);
  });

  it('refuses a rendition above the pass’s quality cap', async () => {
    // A 1440p rung on the stored master (above Weekly's 1080p), as a source that large would make.
    const masterKey = keys.videoFile(freeVideo, 'master.m3u8');
    const master = (await t.services.storage.readBuffer(masterKey))!.toString('utf8');
    await t.services.storage.put(masterKey, `${master.trimEnd()}\n#EXT-X-STREAM-INF:BANDWIDTH=9000000,RESOLUTION=2560x1440\n1440p/index.m3u8\n`);
    try {
      const weekly = await viewerWith('weekly');
      const res = await create(weekly, freeId, '1440p');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'forbidden', message: 'This quality is not included in your pass.' });
      expect(offlineOptions.parse((await call(weekly, 'GET', `/api/offline/options/${freeId}`)).json()).renditions.map((r) => r.name)).not.toContain('1440p');
      expect((await call(weekly, 'GET', '/api/downloads/quota')).json().used).toBe(0);
    } finally {
      await t.services.storage.put(masterKey, master);
    }
  });

  describe('files and licence', () => {
    let owner: Who;
    let d: OfflineDownload;
    let key: Buffer;
    beforeAll(async () => {
      owner = await viewerWith('monthly');
      d = await made(owner, premiumId);
      const lic = await call(owner, 'POST', `/api/offline/${d.id}/license`);
      expect(lic.statusCode, lic.body).toBe(200);
      key = Buffer.from(offlineLicense.parse(lic.json()).key, 'base64');
    });

    it('serves the rewritten playlist, the clear init segment and every segment encrypted under the key with its sequence IV (fMP4)', async () => {
      expect(key.length).toBe(16);
      const files = await checkServedFiles(t, owner.cookie, d, key);
      expect(files[0]).toMatchObject({ name: 'init.mp4', kind: 'init' });
    });

    it('is read by ffmpeg from a folder with the key file, decoding every packet the clear rendition has', async () => {
      await checkPlaysFromFolder(t, owner.cookie, d, key);
    }, 120_000);

    it('answers 404 for a name the playlist does not list, and 400 for a bad id', async () => {
      for (const name of ['master.m3u8', 'nope.ts', '..%2F..%2Fmaster.m3u8', 'key']) expect((await call(owner, 'GET', fileUrl(d, name))).statusCode, name).toBe(404);
      expect((await call(owner, 'GET', '/api/offline/not-an-id/files/index.m3u8')).statusCode).toBe(400);
      expect((await call(owner, 'POST', '/api/offline/not-an-id/license')).statusCode).toBe(400);
    });

    it('gives the licence with the pass end, a check-in within 30 days, and records the check-in', async () => {
      const before = Date.now();
      const lic = offlineLicense.parse((await call(owner, 'POST', `/api/offline/${d.id}/license`)).json());
      const after = Date.now();
      const month = 30 * 24 * 3600 * 1000;
      expect(Date.parse(lic.checkInBy)).toBeGreaterThanOrEqual(before + month - 1000);
      expect(Date.parse(lic.checkInBy)).toBeLessThanOrEqual(after + month);
      const pass = await t.services.billingRepo.passOf(owner.id);
      expect(lic.passEndsAt).toBe(new Date(pass!.expiresAt).toISOString());
      expect(lic.validUntil).toBe(Date.parse(lic.passEndsAt) < Date.parse(lic.checkInBy) ? lic.passEndsAt : lic.checkInBy);
      expect(Buffer.from(lic.key, 'base64').equals(key)).toBe(true);
      const row = (await t.db.executeSql(`select last_license_at from offline_downloads where id = $1`, [d.id])).rows[0] as { last_license_at: Date | string };
      expect(new Date(row.last_license_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('gives each download its own key', async () => {
      const other = await made(owner, premiumId);
      const k2 = offlineLicense.parse((await call(owner, 'POST', `/api/offline/${other.id}/license`)).json()).key;
      expect(Buffer.from(k2, 'base64').equals(key)).toBe(false);
    });

    it('hides a download from another viewer on every route', async () => {
      const stranger = await viewerWith('yearly');
      expect((await call(stranger, 'GET', fileUrl(d, 'index.m3u8'))).statusCode).toBe(404);
      expect((await call(stranger, 'GET', fileUrl(d, d.files[1]!.name))).statusCode).toBe(404);
      const lic = await call(stranger, 'POST', `/api/offline/${d.id}/license`);
      expect(lic.statusCode).toBe(404);
      expect(lic.body).not.toContain(key.toString('base64'));
      expect((await call(stranger, 'DELETE', `/api/offline/${d.id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', '/api/offline')).json()).toEqual({ items: [] });
      // The owner's download is untouched.
      expect((await call(owner, 'POST', `/api/offline/${d.id}/license`)).statusCode).toBe(200);
    });
  });

  it('refuses the licence and the files once the pass ended, and keeps the download listed', async () => {
    const v = await viewerWith('weekly');
    const d = await made(v, premiumId);
    await endPass(v.id);
    const lic = await call(v, 'POST', `/api/offline/${d.id}/license`);
    expect(lic.statusCode).toBe(403);
    expect(lic.json().error).toMatchObject({ code: 'subscription_required', details: { reason: 'expired' }, message: 'Your subscription has expired. Please subscribe to a plan to continue watching.' });
    expect((await call(v, 'GET', fileUrl(d, 'index.m3u8'))).json().error.code).toBe('subscription_required');
    const list = (await call(v, 'GET', '/api/offline')).json();
    expect(list.items.map((i: OfflineDownload) => [i.id, i.passEndsAt])).toEqual([[d.id, null]]);
  });

  it('deletes a download: 204, then 404 on its files, licence and a second delete', async () => {
    const v = await viewerWith('weekly');
    const d = await made(v, premiumId);
    expect((await call(v, 'DELETE', `/api/offline/${d.id}`)).statusCode).toBe(204);
    expect((await call(v, 'POST', `/api/offline/${d.id}/license`)).statusCode).toBe(404);
    expect((await call(v, 'GET', fileUrl(d, 'index.m3u8'))).statusCode).toBe(404);
    expect((await call(v, 'DELETE', `/api/offline/${d.id}`)).statusCode).toBe(404);
    expect((await call(v, 'GET', '/api/offline')).json()).toEqual({ items: [] });
  });
});

// Videos transcoded before the fMP4 ladder (ADR 026) keep MPEG-TS segments and no EXT-X-MAP: the key tag goes
// before the first segment and every .ts segment is encrypted the same way.
describeEachDb('offline downloads of an MPEG-TS ladder', (kind) => {
  let t: TestApp;
  let movieId: string;
  beforeAll(async () => {
    // The tools the harness's own transcoder uses (FFMPEG_PATH and FFPROBE_PATH default to these names).
    const transcoder = testTranscoder({ segmentType: 'mpegts' });
    t = await startTestApp(kind, { transcoder });
    movieId = (await t.services.catalog.create({ title: 'Old film', category: 'drama', isPremium: true })).id;
    const video = (await t.services.media.importFile(movieId, path.join(FIXTURES, 'movie-hello.mp4'), null)).id;
    await waitFor(async () => (await t.services.media.get(video))?.status === 'ready', 300);
  }, 600_000);
  afterAll(() => t.stop());

  it('encrypts every .ts segment under the licence key, and ffmpeg plays the stored folder', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'yearly');
    const res = await t.app.inject({ method: 'POST', url: '/api/offline', headers: { cookie: v.cookie }, payload: { id: movieId } });
    expect(res.statusCode, res.body).toBe(201);
    const d = offlineDownload.parse(res.json());
    const lic = offlineLicense.parse((await t.app.inject({ method: 'POST', url: `/api/offline/${d.id}/license`, headers: { cookie: v.cookie } })).json());
    const key = Buffer.from(lic.key, 'base64');
    const files = await checkServedFiles(t, v.cookie, d, key);
    expect(files.every((f) => f.kind === 'segment' && f.name.endsWith('.ts'))).toBe(true);
    await checkPlaysFromFolder(t, v.cookie, d, key);
  }, 120_000);
});
