/**
 * The ingest upkeep's other duties and ffprobe's time limit in the upload path (media.service.ts `upkeep`,
 * ffprobe.ts FFPROBE_TIMEOUT_SECONDS):
 * - a transcode whose worker died on its last attempt (failed for good by the heartbeat sweep) leaves the video
 *   'failed' with the reason, not 'processing' for ever;
 * - an upload abandoned past UPLOAD_EXPIRY_HOURS is failed as expired and its partial file deleted, in the database
 *   and in the upload store (a replacement that expires leaves the film's video as it was); a finished upload is kept;
 * - a file that keeps ffprobe reading past its limit is refused with the reason, and the request ends.
 * These apps run no job workers, so nothing but the test moves the assets.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleJobs } from '../../jobs/job-heartbeat.js';
import { probeFile } from '../../providers/transcoder/ffprobe.js';
import { FfmpegTranscoder } from '../../providers/transcoder/ffmpeg-transcoder.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp, testTranscoder, tusUpload } from '../../test/harness.js';
import { createMediaRepository } from './media.repository.js';
import { createMediaService, expiredReason, TRANSCODE_QUEUE } from './media.service.js';

/** 0.0002 h = 0.72 s: uploads expire almost at once. */
const EXPIRY_HOURS = 0.0002;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb('ingest upkeep', (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, env: { UPLOAD_EXPIRY_HOURS: String(EXPIRY_HOURS) } });
    admin = await signUp(t, 'super_admin');
  }, 120_000);
  afterAll(() => t?.stop());

  const age = (videoId: string) => t.db.executeSql(`update video_assets set updated_at = now() - interval '10 minutes' where id = $1`, [videoId]);
  const upload = (id: string, size: number) => new Upload({ id, size, offset: 0, metadata: { filename: 'film.mp4' }, creation_date: new Date().toISOString() });

  describe('a transcode whose worker died on its last attempt', () => {
    it('leaves the video failed with the reason once the sweep failed the job for good', async () => {
      const body = await readFile(path.join(FIXTURES, 'movie-hello.mp4'));
      const movie = await t.services.catalog.create({ title: 'Died on the last try', category: 'drama' });
      const videoId = await t.services.media.beginUpload({ movieId: movie.id, sizeBytes: body.length, filename: 'film.mp4', createdBy: admin.id });
      await t.services.sources.datastore.create(upload(videoId, body.length));
      await t.services.sources.datastore.write(Readable.from([body]), videoId, 0);
      // Probe and mark 'processing', then queue the job with no retries left, as the last attempt would stand.
      const service = createMediaService({
        repo: createMediaRepository(t.db.db),
        transcoder: testTranscoder(),
        storage: t.services.storage,
        sources: t.services.sources,
        queue: { send: (name, data) => t.boss.send(name, data, { retryLimit: 0 }) },
        log: { info: () => {}, warn: () => {} },
      });
      expect(await service.finishUpload(videoId)).toMatchObject({ status: 'processing' });
      // A worker takes it and is killed: nothing beats for the job, and the sweep fails it (its last attempt).
      const [job] = await t.boss.fetch(TRANSCODE_QUEUE);
      expect(job?.data).toEqual({ videoId });
      expect(await sweepStaleJobs(t.boss, t.db.executeSql, TRANSCODE_QUEUE, 0)).toEqual([job!.id]);
      expect((await t.boss.getJobById(TRANSCODE_QUEUE, job!.id))?.state).toBe('failed');
      expect((await t.services.media.get(videoId))?.status).toBe('processing');

      await age(videoId);
      const report = await t.services.media.upkeep();
      expect(report.failed).toEqual([videoId]);
      expect(report.requeued).toEqual([]);
      const video = await t.services.media.get(videoId);
      expect(video?.status).toBe('failed');
      expect(video?.error).toMatch(/^Transcoding failed on its last attempt: no heartbeat from its worker/);
    });
  });

  describe("an episode's replacement", () => {
    it('waits beside the episode video that plays, and takes its place in one step once ready', async () => {
      const repo = createMediaRepository(t.db.db);
      const show = await t.services.series.create({ title: 'Show', category: 'drama' });
      await t.services.series.addSeason(show.id);
      const current = await repo.create({ status: 'ready', progress: 100, storageKey: 'x' });
      const episode = await t.services.series.addEpisode(show.id, 1, { episodeNumber: 1, title: 'One', videoId: current.id });
      const bare = await t.services.series.addEpisode(show.id, 1, { episodeNumber: 2, title: 'Two' });
      const pointers = async (id: string) => (await t.db.executeSql('select video_id, pending_video_id from episodes where id = $1', [id])).rows[0];

      const next = await repo.create({ status: 'processing' });
      expect(await repo.attachUpload({ kind: 'episode', id: episode.id }, next.id)).toBe('pending');
      expect(await pointers(episode.id)).toEqual({ video_id: current.id, pending_video_id: next.id });
      // An episode with no video that plays takes the upload at once.
      const first = await repo.create({ status: 'failed' });
      expect(await repo.attachUpload({ kind: 'episode', id: bare.id }, first.id)).toBe('current');
      expect(await pointers(bare.id)).toEqual({ video_id: first.id, pending_video_id: null });

      expect(await repo.markReady(next.id, { renditions: [], storageKey: next.id, posterKey: null, durationSeconds: 5 })).toBe(true);
      expect(await pointers(episode.id)).toEqual({ video_id: next.id, pending_video_id: null });
      // Marking it again changes nothing: it is no longer processing.
      expect(await repo.markReady(next.id, { renditions: [], storageKey: next.id, posterKey: null, durationSeconds: 5 })).toBe(false);
    });
  });

  describe('abandoned uploads', () => {
    it('expires an unfinished upload in the database and the upload store, and keeps the film its video', async () => {
      // A film whose video is ready (its ladder is not needed here), and an abandoned first upload of another film.
      const ready = await t.services.catalog.create({ title: 'Has a video', category: 'drama' });
      const current = await createMediaRepository(t.db.db).create({ status: 'ready', progress: 100, storageKey: 'x', sourceFilename: 'old.mp4' });
      await t.services.catalog.update(ready.id, { videoId: current.id });
      const fresh = await t.services.catalog.create({ title: 'Never finished', category: 'drama' });

      const body = await readFile(path.join(FIXTURES, 'movie-hello.mp4'));
      const started: string[] = [];
      for (const movieId of [ready.id, fresh.id]) {
        const meta = [`filename ${Buffer.from('film.mp4').toString('base64')}`, `movieId ${Buffer.from(movieId).toString('base64')}`].join(',');
        const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: admin.cookie, 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': meta } });
        expect(create.statusCode).toBe(201);
        expect(create.headers['upload-expires']).toBeTruthy();
        const id = String(create.headers.location).split('/').pop()!;
        // Half the bytes arrive, then nothing more.
        await t.services.sources.datastore.write(Readable.from([body.subarray(0, 1000)]), id, 0);
        started.push(id);
      }
      const [replacement, abandoned] = started as [string, string];
      // Files in the upload store with no video asset at all: one partial (expires), one finished (kept).
      const strayPartial = '11111111-1111-4111-8111-111111111111';
      const strayFinished = '22222222-2222-4222-8222-222222222222';
      for (const id of [strayPartial, strayFinished]) await t.services.sources.datastore.create(upload(id, 100));
      await t.services.sources.datastore.write(Readable.from([Buffer.alloc(100)]), strayFinished, 0);
      await t.services.sources.datastore.write(Readable.from([Buffer.alloc(10)]), strayPartial, 0);
      await t.db.executeSql(`update video_assets set created_at = now() - interval '1 hour' where id = any($1::uuid[])`, [started]);
      await pause(EXPIRY_HOURS * 3600 * 1000 + 300);

      const report = await t.services.media.upkeep();
      expect([...report.expired].sort()).toEqual([...started].sort());
      expect(report.storeExpired).toBe(1);
      for (const id of started) {
        expect(await t.services.media.get(id)).toMatchObject({ status: 'failed', error: expiredReason(EXPIRY_HOURS) });
        expect(existsSync(path.join(t.config.uploadDir, id))).toBe(false);
        expect(existsSync(path.join(t.config.uploadDir, `${id}.json`))).toBe(false);
      }
      expect(existsSync(path.join(t.config.uploadDir, strayPartial))).toBe(false);
      expect(existsSync(path.join(t.config.uploadDir, strayFinished))).toBe(true);
      // The film with a video keeps it; its expired replacement stays visible to the admin as failed.
      expect(await t.services.catalog.adminGet(ready.id)).toMatchObject({
        video: { id: current.id, status: 'ready' },
        replacement: { id: replacement, status: 'failed', error: expiredReason(EXPIRY_HOURS) },
      });
      expect((await t.services.catalog.adminGet(fresh.id)).video).toMatchObject({ id: abandoned, status: 'failed' });
      // Choosing the film's video by hand drops the replacement, so none can swap in over that choice later.
      expect((await t.services.catalog.update(ready.id, { videoId: current.id })).replacement).toBeNull();
      // tus refuses the expired upload's next chunk.
      const late = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${abandoned}`, headers: { cookie: admin.cookie, 'tus-resumable': '1.0.0' } });
      expect([404, 410]).toContain(late.statusCode);
    });
  });
});

describeEachDb('ffprobe that never finishes, in the upload path', (kind) => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-hang-'));
  beforeAll(async () => {
    // A stand-in ffprobe that hangs on every file; the limit is 1 s instead of 60.
    const hanging = path.join(dir, 'ffprobe');
    writeFileSync(hanging, '#!/bin/sh\nexec sleep 600\n');
    chmodSync(hanging, 0o755);
    const real = new FfmpegTranscoder({ preset: 'ultrafast' });
    t = await startTestApp(kind, {
      workers: false,
      transcoder: { available: () => real.available(), probe: (f, b) => probeFile(hanging, f, b, 1), poster: (i, f, o) => real.poster(i, f, o), transcodeToHls: (...a) => real.transcodeToHls(...a) },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the file with the reason when ffprobe runs past its limit', async () => {
    const admin = await signUp(t, 'super_admin');
    const movie = await t.services.catalog.create({ title: 'Hangs ffprobe', category: 'drama' });
    const { patch, location } = await tusUpload(t, admin.cookie, movie.id, await readFile(path.join(FIXTURES, 'movie-hello.mp4')), 'film.mp4');
    expect(patch?.statusCode).toBe(422);
    expect(JSON.parse(patch!.body).error).toMatchObject({ code: 'media_rejected', message: expect.stringMatching(/ffprobe was still reading it after 1 s/) });
    const videoId = String(location).split('/').pop()!;
    expect(await t.services.media.get(videoId)).toMatchObject({ status: 'failed' });
  });
});
