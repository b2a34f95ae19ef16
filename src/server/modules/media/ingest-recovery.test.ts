/**
 * Ingest when things go wrong: a transcode cut off by a restart runs again on the next start (issue 2 point 6),
 * and a server without ffmpeg still runs but refuses uploads with a clear error (issue 2 point 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { FfmpegTranscoder } from '../../providers/transcoder/ffmpeg-transcoder.js';
import type { Transcoder } from '../../providers/transcoder/transcoder.js';
import { FIXTURES, signUp, startTestApp, tusUpload, waitFor } from '../../test/harness.js';

describe('ingest recovery [pglite]', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs a transcode again after the process that had it stopped mid-way', async () => {
    const db = await openDatabase({ memory: true });
    await migrateDatabase(db);
    // The first process's worker takes the job and never finishes: the process "dies" with it active.
    const real = new FfmpegTranscoder({ preset: 'ultrafast' });
    let started!: () => void;
    const jobStarted = new Promise<void>((r) => (started = r));
    const stuck: Transcoder = {
      available: () => real.available(),
      probe: (f) => real.probe(f),
      poster: (i, f, o) => real.poster(i, f, o),
      transcodeToHls: () => {
        started();
        return new Promise(() => {});
      },
    };
    const first = await startTestApp('pglite', { transcoder: stuck, reuse: { dataDir, pglite: db } });
    const movie = await first.services.catalog.create({ title: 'Interrupted', category: 'drama' });
    const video = await first.services.media.importFile(movie.id, path.join(FIXTURES, 'movie-hello.mp4'), null);
    await jobStarted;
    await first.close();
    expect((await first.services.media.get(video.id))?.status).toBe('processing');

    const second = await startTestApp('pglite', { reuse: { dataDir, pglite: db } });
    const done = await waitFor(async () => {
      const v = await second.services.media.get(video.id);
      return v && v.status !== 'processing' ? v : null;
    }, 240);
    expect(done.status).toBe('ready');
    expect(done.renditions.map((r) => r.name)).toEqual(['144p', '240p', '360p', '480p', '720p']);
    await second.close();
    await db.close();
  });
});

describe('a server without ffmpeg [pglite]', () => {
  it('starts, reports the tools missing, and refuses an upload with a clear error', async () => {
    const t = await startTestApp('pglite', { env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok', media: { ffmpeg: false, ffprobe: false } });
      const admin = await signUp(t, 'admin');
      const movie = await t.services.catalog.create({ title: 'Waiting for ffmpeg', category: 'drama' });
      const { create } = await tusUpload(t, admin.cookie, movie.id, Buffer.alloc(100), 'film.mp4');
      expect(create.statusCode).toBe(503);
      expect(create.json().error).toEqual({ code: 'media_tools_missing', message: 'Video processing is unavailable: ffmpeg is not installed on the server.' });
      expect((await t.services.catalog.adminGet(movie.id)).title).toBe('Waiting for ffmpeg');
    } finally {
      await t.stop();
    }
  });
});
