/**
 * Offline downloads through the real app (docs/decisions/027-offline-downloads.md; contract in
 * src/shared/contracts/offline.ts), on a real transcoded film: who may download (no pass, Daily, a free title, the
 * pass's quality cap), the quota shared with the MP4 download (the 11th distinct video refused, the same video again
 * free), the files (every segment decrypted with the licence's key and its sequence-number IV equals the stored
 * segment; ffmpeg plays the stored folder), the licence as check-in (refused once the pass ended), another viewer's
 * download (404 on every route) and deleting.
 */
import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineDownload, offlineLicense, offlineOptions, type OfflineDownload } from '../../../shared/contracts/offline.js';
import { keys } from '../../providers/storage/media-storage.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';
import { playlistFiles, sequenceIv } from './offline-hls.js';

const run = promisify(execFile);
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
  const create = (who: Who, id: string, rendition?: string) => call(who, 'POST', '/api/offline', { id, ...(rendition ? { rendition } : {}) });
  const made = async (who: Who, id: string, rendition?: string): Promise<OfflineDownload> => {
    const res = await create(who, id, rendition);
    expect(res.statusCode, res.body).toBe(201);
    return offlineDownload.parse(res.json());
  };
  const fileUrl = (d: { id: string }, name: string) => `/api/offline/${d.id}/files/${name}`;
  const stored = async (videoId: string, rel: string) => (await t.services.storage.readBuffer(keys.videoFile(videoId, rel)))!;
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

    it('serves the rewritten playlist, the clear init segment and every segment encrypted under the key with its sequence IV', async () => {
      expect(key.length).toBe(16);
      const dir = `${d.rendition.name}/`;
      const listRes = await call(owner, 'GET', fileUrl(d, 'index.m3u8'));
      expect(listRes.statusCode).toBe(200);
      expect(listRes.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const playlist = listRes.body;
      expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key"');
      expect(playlist).not.toMatch(/IV=/);
      const files = playlistFiles(playlist);
      expect(d.files.map((f) => f.name)).toEqual(['index.m3u8', ...files.map((f) => f.name)]);
      for (const f of files) {
        const res = await call(owner, 'GET', fileUrl(d, f.name));
        expect(res.statusCode, f.name).toBe(200);
        const body = res.rawPayload;
        expect(Number(res.headers['content-length'])).toBe(body.length);
        expect(body.length).toBe(d.files.find((x) => x.name === f.name)!.bytes);
        const clear = await stored(premiumVideo, dir + f.name);
        if (f.kind === 'init') {
          expect(body.equals(clear)).toBe(true);
          continue;
        }
        expect(body.equals(clear)).toBe(false);
        const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(f.sequence!));
        expect(Buffer.concat([decipher.update(body), decipher.final()]).equals(clear), f.name).toBe(true);
      }
      expect(files.filter((f) => f.kind === 'segment').length).toBeGreaterThan(1);
    });

    it('is read by ffmpeg from a folder with the key file, decoding every packet the clear rendition has', async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'offline-'));
      try {
        for (const f of d.files) writeFileSync(path.join(folder, f.name), (await call(owner, 'GET', fileUrl(d, f.name))).rawPayload);
        writeFileSync(path.join(folder, 'key'), key);
        const count = async (playlist: string) => {
          const { stdout } = await run(t.config.ffprobePath, ['-v', 'error', '-allowed_extensions', 'ALL', '-count_packets', '-show_entries', 'stream=codec_type,nb_read_packets', '-of', 'json', playlist]);
          return (JSON.parse(stdout) as { streams: { codec_type: string; nb_read_packets: string }[] }).streams.map((s) => `${s.codec_type}:${s.nb_read_packets}`).sort();
        };
        const offline = await count(path.join(folder, 'index.m3u8'));
        const clear = await count(await t.services.storage.readLocation(keys.videoFile(premiumVideo, `${d.rendition.name}/index.m3u8`), 60));
        expect(offline).toEqual(clear);
        expect(offline.some((s) => s.startsWith('video:') && Number(s.slice(6)) > 0)).toBe(true);
        // A full decode with errors fatal: wrong bytes anywhere would stop it.
        await run(t.config.ffmpegPath, ['-v', 'error', '-xerror', '-allowed_extensions', 'ALL', '-i', path.join(folder, 'index.m3u8'), '-f', 'null', '-']);
        // And without the right key, it cannot be read.
        writeFileSync(path.join(folder, 'key'), Buffer.alloc(16));
        await expect(run(t.config.ffmpegPath, ['-v', 'error', '-xerror', '-allowed_extensions', 'ALL', '-i', path.join(folder, 'index.m3u8'), '-f', 'null', '-'])).rejects.toThrow();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
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
