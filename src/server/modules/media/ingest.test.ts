/**
 * Ingest through the product's own path: an admin creates a movie, uploads the file over tus, the job
 * transcodes it, and the ladder on disk is checked with ffprobe (issue 2 "Tests that must pass").
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planLadder } from '../../../shared/domain/ladder.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, tusUpload, waitFor, type TestApp } from '../../test/harness.js';

const run = promisify(execFile);

async function probe(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]);
  return JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; height?: number; width?: number; channels?: number }[]; format: { duration: string } };
}

describeEachDb('video ingest', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  const createMovie = async (title: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/movies', headers: { cookie: admin }, payload: { title, category: 'drama' } });
    expect(res.statusCode).toBe(201);
    return res.json().movie.id as string;
  };

  // Every fixture on PGlite; on PostgreSQL the two short ones. What the database sees (the video row, its progress,
  // renditions, duration and poster) is the same for each fixture, so the 3-minute film's second transcode would
  // spend a minute of CPU checking ffmpeg again, not the database (docs/decisions/040-test-speed.md).
  const fixtures: [string, number, number, number][] = [
    ['cockatoo.mp4', 1280, 720, 14],
    ['movie-hello.mp4', 1280, 720, 8.3],
    ...(kind === 'pglite' ? [['wannaworktogether.mp4', 480, 352, 180] as [string, number, number, number]] : []),
  ];
  it.each(fixtures)('ingests %s into its HLS ladder', async (file, width, height, seconds) => {
    const movieId = await createMovie(file);
    const { create, patch } = await tusUpload(t, admin, movieId, await readFile(path.join(FIXTURES, file)), file);
    expect(create.statusCode).toBe(201);
    expect(patch?.statusCode).toBe(204);

    const seen = new Set<string>();
    const movie = await waitFor(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/movies/${movieId}`, headers: { cookie: admin } });
      const m = res.json().movie;
      seen.add(m.video.status);
      return m.video.status === 'ready' || m.video.status === 'failed' ? m : null;
    }, 600);
    expect(movie.video.error).toBeNull();
    expect(movie.video.status).toBe('ready');
    expect(seen.has('uploading')).toBe(false); // the upload had finished before the first look
    const expected = planLadder(width, height).map((r) => r.name);
    expect(movie.video.renditions).toEqual(expected);
    expect(movie.durationSeconds).toBeCloseTo(seconds, -1);
    expect(movie.posterUrl).toMatch(/^\/media\/posters\/.+\.webp$/);

    // The local store keeps object `videos/{id}/...` at MEDIA_DIR/videos/{id}/... (ADR 016).
    const dir = path.join(t.config.mediaDir, 'videos', movie.video.id);
    const master = await readFile(path.join(dir, 'master.m3u8'), 'utf8');
    for (const name of expected) {
      expect(master).toContain(`${name}/index.m3u8`);
      const info = await probe(path.join(dir, name, 'index.m3u8'));
      const v = info.streams.find((s) => s.codec_type === 'video')!;
      const a = info.streams.find((s) => s.codec_type === 'audio')!;
      expect(v.codec_name).toBe('h264');
      expect(Math.min(v.width!, v.height!)).toBe(Number(name.replace('p', '')));
      expect(v.height!).toBeLessThanOrEqual(height);
      expect(a.codec_name).toBe('aac');
      expect(a.channels).toBe(2);
      expect(Number(info.format.duration)).toBeCloseTo(seconds, -1);
      const playlist = await readFile(path.join(dir, name, 'index.m3u8'), 'utf8');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(durations.length).toBeGreaterThan(3);
      // The first 4 s are cut into 1 s, 1 s and 2 s pieces (ADR 013), then segments of 4 s.
      expect(durations[0]).toBeCloseTo(1, 0);
      expect(durations[1]).toBeCloseTo(1, 0);
      expect(durations[2]).toBeCloseTo(2, 0);
      for (const d of durations.slice(3, -1)) {
        expect(d).toBeGreaterThanOrEqual(3.5);
        expect(d).toBeLessThanOrEqual(6.5);
      }
    }
    const poster = await t.app.inject({ method: 'GET', url: movie.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    // A 3-minute film on two busy cores can take minutes; the wait above is the real bound.
  }, 600_000);

  it('rejects a file that is not a video, with the reason, and keeps the movie', async () => {
    const movieId = await createMovie('Not a video');
    const { patch } = await tusUpload(t, admin, movieId, Buffer.from('this is a text file, not a film\n'.repeat(100)), 'notes.mp4');
    expect(patch?.statusCode).toBe(422);
    expect(JSON.parse(patch!.body).error.code).toBe('media_rejected');
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/movies/${movieId}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().movie.video).toMatchObject({ status: 'failed' });
    expect(res.json().movie.video.error).toMatch(/video|read/i);
  });

  it('refuses an upload over 5 GB before any byte is sent', async () => {
    const movieId = await createMovie('Too big');
    const meta = `filename ${Buffer.from('big.mp4').toString('base64')},movieId ${Buffer.from(movieId).toString('base64')}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: admin, 'tus-resumable': '1.0.0', 'upload-length': String(5 * 1024 ** 3 + 1), 'upload-metadata': meta } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('upload_too_large');
  });

  it('refuses an upload for a movie that does not exist, or without one', async () => {
    const missing = await tusUpload(t, admin, '00000000-0000-4000-8000-000000000000', Buffer.alloc(10), 'x.mp4');
    expect(missing.create.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: admin, 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details.fields[0].field).toBe('metadata.movieId');
  });

  it('resumes an interrupted upload from the offset the server kept', async () => {
    const movieId = await createMovie('Resumed');
    const body = await readFile(path.join(FIXTURES, 'movie-hello.mp4'));
    const meta = `filename ${Buffer.from('movie-hello.mp4').toString('base64')},movieId ${Buffer.from(movieId).toString('base64')}`;
    const headers = { cookie: admin, 'tus-resumable': '1.0.0' };
    const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, 'upload-length': String(body.length), 'upload-metadata': meta } });
    const url = String(create.headers.location);
    const half = Math.floor(body.length / 2);
    const first = await t.app.inject({ method: 'PATCH', url, headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: body.subarray(0, half) });
    expect(first.statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url, headers });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await t.app.inject({ method: 'PATCH', url, headers: { ...headers, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, payload: body.subarray(half) });
    expect(rest.statusCode).toBe(204);
    const done = await waitFor(async () => {
      const m = (await t.app.inject({ method: 'GET', url: `/api/admin/movies/${movieId}`, headers: { cookie: admin } })).json().movie;
      return m.video.status === 'ready' || m.video.status === 'failed' ? m : null;
    }, 300);
    expect(done.video.status).toBe('ready');
  });
});
