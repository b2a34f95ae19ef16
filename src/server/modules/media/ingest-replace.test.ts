/**
 * Replacing a film's video and recovering uploads cut short (media.service.ts, "Replacing" and upkeep):
 * - a re-upload of a ready film leaves it playing its current video while the replacement uploads and transcodes,
 *   after a refused replacement, and until the replacement is ready, which is then the one that plays;
 * - an upload whose bytes were all stored but whose finishing never ran (a crash after the last byte) is finished
 *   by the upkeep; an asset marked 'processing' whose job was never queued is queued again, once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transcoder } from '../../providers/transcoder/transcoder.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp, testTranscoder, tusUpload, waitFor } from '../../test/harness.js';
import { createMediaRepository } from './media.repository.js';
import { createMediaService, TRANSCODE_QUEUE } from './media.service.js';

/** The real transcoder, whose ladders wait while `held` is set (to look at a title while its video is processing). */
function gatedTranscoder() {
  const real = testTranscoder();
  let open: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  let entered = 0;
  const transcoder: Transcoder = {
    available: () => real.available(),
    probe: (f, b) => real.probe(f, b),
    poster: (i, f, o) => real.poster(i, f, o),
    transcodeToHls: async (...args) => {
      entered += 1;
      await gate;
      return real.transcodeToHls(...args);
    },
  };
  return {
    transcoder,
    hold: () => (gate = new Promise<void>((r) => (open = r))),
    release: () => open(),
    entered: () => entered,
  };
}

describeEachDb('replacing a video, and uploads cut short', (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  const gate = gatedTranscoder();
  beforeAll(async () => {
    t = await startTestApp(kind, { transcoder: gate.transcoder });
    admin = await signUp(t, 'super_admin');
  }, 120_000);
  afterAll(async () => {
    gate.release();
    await t?.stop();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, extra: { headers?: Record<string, string>; payload?: Buffer | object | string } = {}) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie, ...extra.headers }, ...(extra.payload ? { payload: extra.payload } : {}) });
  const asset = async (id: string) => (await inject('GET', `/api/admin/videos/${id}`)).json().video as { id: string; status: string; error: string | null };
  const untilSettled = (id: string) => waitFor(async () => ((await t.services.media.get(id))?.status === 'ready' || (await t.services.media.get(id))?.status === 'failed' ? t.services.media.get(id) : null), 300);

  /** Starts playback of `movieId`, fetches its master playlist (must be 200), ends the stream; returns the video id played. */
  async function playedVideo(movieId: string): Promise<string> {
    const start = await inject('POST', `/api/playback/${movieId}`);
    expect(start.statusCode, start.body).toBe(200);
    const { url, videoId, sessionId } = start.json() as { url: string; videoId: string; sessionId: string };
    const master = await inject('GET', url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    await inject('POST', `/api/playback/sessions/${sessionId}/end`);
    return videoId;
  }

  it('keeps a ready film playing its video through a refused replacement and a slow one, then plays the new one', async () => {
    const movie = await t.services.catalog.create({ title: 'Replaced', category: 'drama', isPremium: false });
    const first = await t.services.media.importFile(movie.id, path.join(FIXTURES, 'movie-hello.mp4'), null);
    expect((await untilSettled(first.id))!.status).toBe('ready');
    expect(await playedVideo(movie.id)).toBe(first.id);

    // A replacement that is not a video: refused, and the film is as it was.
    const refused = await tusUpload(t, admin.cookie, movie.id, Buffer.from('not a film\n'.repeat(200)), 'notes.mp4');
    expect(refused.patch?.statusCode).toBe(422);
    const refusedId = String(refused.location).split('/').pop()!;
    expect(await asset(refusedId)).toMatchObject({ status: 'failed' });
    expect(await playedVideo(movie.id)).toBe(first.id);
    expect(await t.services.catalog.adminGet(movie.id)).toMatchObject({ video: { id: first.id, status: 'ready' }, replacement: { id: refusedId, status: 'failed' } });

    // What viewers have on the first video: an English caption track and a resume position.
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nMuraho\n';
    const caption = await inject('PUT', `/api/admin/videos/${first.id}/captions/en`, { headers: { 'content-type': 'text/vtt' }, payload: vtt });
    expect(caption.statusCode, caption.body).toBe(200);
    const viewer = await signUp(t);
    await t.db.executeSql('insert into watch_progress (user_id, video_id, movie_id, position_seconds, duration_seconds) values ($1, $2, $3, 2.5, 3)', [viewer.id, first.id, movie.id]);

    // A good replacement, sent in two chunks; the film plays its first video while it uploads and while it transcodes.
    const body = await readFile(path.join(FIXTURES, 'cockatoo.mp4'));
    const meta = [`filename ${Buffer.from('cockatoo.mp4').toString('base64')}`, `movieId ${Buffer.from(movie.id).toString('base64')}`].join(',');
    const tus = { 'tus-resumable': '1.0.0' };
    const create = await inject('POST', '/api/uploads', { headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': meta } });
    expect(create.statusCode).toBe(201);
    const location = String(create.headers.location);
    const secondId = location.split('/').pop()!;
    const half = Math.floor(body.length / 2);
    const patch = (offset: number, chunk: Buffer) => inject('PATCH', location, { headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: chunk });
    expect((await patch(0, body.subarray(0, half))).statusCode).toBe(204);
    expect(await asset(secondId)).toMatchObject({ status: 'uploading' });
    expect(await playedVideo(movie.id)).toBe(first.id);
    const adminView = (await inject('GET', `/api/admin/movies/${movie.id}`)).json().movie;
    expect(adminView).toMatchObject({ video: { id: first.id, status: 'ready' }, replacement: { id: secondId, status: 'uploading' } });

    gate.hold();
    const entered = gate.entered();
    expect((await patch(half, body.subarray(half))).statusCode).toBe(204);
    await waitFor(async () => gate.entered() > entered, 120);
    expect(await asset(secondId)).toMatchObject({ status: 'processing' });
    expect(await playedVideo(movie.id)).toBe(first.id);
    expect(await t.services.catalog.adminGet(movie.id)).toMatchObject({ video: { id: first.id, status: 'ready' }, replacement: { id: secondId, status: 'processing' } });

    gate.release();
    expect((await untilSettled(secondId))!.status).toBe('ready');
    expect(await playedVideo(movie.id)).toBe(secondId);
    expect(await t.services.catalog.adminGet(movie.id)).toMatchObject({ video: { id: secondId, status: 'ready' }, replacement: null });
    // The replaced video stays in the library, files and all (deleting them is a separate act).
    expect(await asset(first.id)).toMatchObject({ status: 'ready' });
    expect(await t.services.storage.stat(`videos/${first.id}/master.m3u8`)).not.toBeNull();
    const { rows } = await t.db.executeSql('select pending_video_id from movies where id = $1', [movie.id]);
    expect(rows[0]!.pending_video_id).toBeNull();
    // The caption track and the resume position moved with the film to its new video.
    expect((await t.db.executeSql('select language from video_captions where video_id = $1', [secondId])).rows).toEqual([{ language: 'en' }]);
    expect((await t.services.storage.readBuffer(`videos/${secondId}/captions/en.vtt`))?.toString()).toBe((await t.services.storage.readBuffer(`videos/${first.id}/captions/en.vtt`))?.toString());
    expect((await t.services.storage.readBuffer(`videos/${secondId}/captions/en.vtt`))?.toString()).toContain('Muraho');
    expect((await t.db.executeSql('select video_id from watch_progress where user_id = $1', [viewer.id])).rows).toEqual([{ video_id: secondId }]);
  }, 600_000);

  /** Creates an upload for a new film and stores `body` in the upload store directly, as the last PATCH would, without finishing it. */
  async function storedButUnfinished(title: string, body: Buffer): Promise<{ movieId: string; videoId: string }> {
    const movie = await t.services.catalog.create({ title, category: 'drama' });
    const videoId = await t.services.media.beginUpload({ movieId: movie.id, sizeBytes: body.length, filename: 'film.mp4', createdBy: admin.id });
    const store = t.services.sources.datastore;
    await store.create(new Upload({ id: videoId, size: body.length, offset: 0, metadata: { filename: 'film.mp4' }, creation_date: new Date().toISOString() }));
    await store.write(Readable.from([body]), videoId, 0);
    return { movieId: movie.id, videoId };
  }
  const age = (videoId: string) => t.db.executeSql(`update video_assets set updated_at = now() - interval '10 minutes' where id = $1`, [videoId]);
  const jobsFor = async (videoId: string) => (await t.db.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and data->>'videoId' = $2`, [TRANSCODE_QUEUE, videoId])).rows[0]!.n;

  it('finishes an upload whose bytes were all stored when the process stopped before finishing it', async () => {
    const film = await readFile(path.join(FIXTURES, 'movie-hello.mp4'));
    // Stopped before finishing began, and stopped while a request was finishing it (it marks the asset first).
    const untouched = await storedButUnfinished('Cut after the last byte', film);
    const touched = await storedButUnfinished('Cut while finishing', film);
    await createMediaRepository(t.db.db).touchUploading(touched.videoId);

    await t.services.media.upkeep();
    // The first is taken up at once (by this pass, or by the app's own timer pass if one ran at the same moment and
    // got there first); the second is left to the request that may still be finishing it...
    await waitFor(async () => (await t.services.media.get(untouched.videoId))?.status !== 'uploading', 120);
    expect(await asset(touched.videoId)).toMatchObject({ status: 'uploading' });
    // ...until it has been quiet for longer than a finish can take.
    await age(touched.videoId);
    await t.services.media.upkeep();
    for (const { movieId, videoId } of [untouched, touched]) {
      expect((await untilSettled(videoId))!.status).toBe('ready');
      expect(await jobsFor(videoId)).toBe(1);
      expect(await playedVideo(movieId)).toBe(videoId);
    }
  }, 600_000);

  it('queues again, once, a video marked processing whose job was never queued', async () => {
    const { videoId } = await storedButUnfinished('Cut before queuing', await readFile(path.join(FIXTURES, 'movie-hello.mp4')));
    // The same service, whose queue fails as a process killed between marking the asset and queuing its job.
    const crashing = createMediaService({
      repo: createMediaRepository(t.db.db),
      transcoder: gate.transcoder,
      storage: t.services.storage,
      sources: t.services.sources,
      queue: { send: () => Promise.reject(new Error('killed before the job was queued')) },
      log: { info: () => {}, warn: () => {} },
    });
    await expect(crashing.finishUpload(videoId)).rejects.toThrow('killed before the job was queued');
    expect(await asset(videoId)).toMatchObject({ status: 'processing' });
    expect(await jobsFor(videoId)).toBe(0);
    await age(videoId);
    await t.services.media.upkeep();
    expect((await untilSettled(videoId))!.status).toBe('ready');
    expect(await jobsFor(videoId)).toBe(1);
    // A second finish of the same upload changes nothing and queues nothing.
    expect(await t.services.media.finishUpload(videoId)).toMatchObject({ status: 'ready' });
    expect(await jobsFor(videoId)).toBe(1);
  }, 600_000);
});
