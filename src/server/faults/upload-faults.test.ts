/**
 * Faults during an upload (docs/product/admin.md §4, "Video upload"; docs/decisions/016-object-storage-and-roles.md):
 * the server is killed with SIGKILL, on PGlite and on PostgreSQL, (1) in the middle of a tus upload, with a chunk
 * half received, (2) right after the last PATCH was answered, and (3) while the last PATCH was being received, once
 * every byte was on disk and before its answer. After a restart on the same data, nothing the admin sent is lost
 * (HEAD tells the offset, the stored bytes equal the film's, the upload resumes) and the video becomes ready with a
 * complete, decodable ladder, leaving no upload and no work folder behind.
 *
 * Fixture: cockatoo.mp4 (728,751 bytes, 14 s, 1280x720: the ladder 240p-720p), in PATCHes of 200 KiB.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { planLadder } from '../../shared/domain/ladder.js';
import { describeEachDb, FIXTURES, waitFor } from '../test/harness.js';
import { useFaultSite, type FaultSite } from './support/child-server.js';
import { api, checkLadder, createMovie, sha256, signedIn, tusCreate, tusOffset, tusPatch, tusPatchPartly, tusSendFrom, uploadFile, videoState, waitReady } from './support/site-client.js';

const FILM = readFileSync(path.join(FIXTURES, 'cockatoo.mp4'));
const CHUNK = 200 * 1024;
const LADDER = planLadder(1280, 720).map((r) => r.name);
/** Seconds a video may take to become ready after a restart (the job retried on PostgreSQL within about 16 s, then the transcode). */
const READY_SECONDS = 180;

const fileSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
};

describeEachDb('faults: the server killed during an upload', (kind) => {
  let site: FaultSite;
  let admin: string;
  useFaultSite(kind, { signIn: (s) => signedIn(s, 'admin') }, (s, cookie) => ((site = s), (admin = cookie)));

  /** A movie and a tus upload of the film for it; returns the upload's path and the video's id. */
  async function newUpload(title: string) {
    const location = await tusCreate(site, admin, await createMovie(site, admin, title), FILM.length, 'cockatoo.mp4');
    return { location, videoId: location.split('/').pop()! };
  }

  /** The video becomes ready with the whole ladder, each rendition decodable, and leaves nothing behind. */
  async function expectReadyAndClean(videoId: string) {
    expect((await waitReady(site, admin, videoId, READY_SECONDS)).renditions).toEqual(LADDER);
    const frames = await checkLadder(site, videoId, LADDER);
    for (const name of LADDER) expect(frames[name], name).toBeGreaterThan(0);
    await expectNothingLeft(videoId);
  }

  /** After a video is ready: its source is deleted from the upload store and no transcode work folder is left. */
  async function expectNothingLeft(videoId: string) {
    const leftovers = await waitFor(async () => (fileSize(uploadFile(site, videoId)) === -1 && fileSize(`${uploadFile(site, videoId)}.json`) === -1 && site.workFolders().length === 0 ? 'clean' : null), 20).catch(() => 'dirty');
    expect(leftovers, `upload ${fileSize(uploadFile(site, videoId))} bytes, work folders ${site.workFolders().join(',')}`).toBe('clean');
  }

  it('mid-upload, a chunk half received: the offset and every stored byte survive, the upload resumes to a ready video', { timeout: 300_000 }, async () => {
    const { location, videoId } = await newUpload('Killed mid-upload');
    for (const offset of [0, CHUNK]) expect(await tusPatch(site, admin, location, offset, FILM.subarray(offset, offset + CHUNK))).toEqual({ status: 204, offset: offset + CHUNK });

    // The third chunk is cut off half way: the server is killed once some of it reached the disk.
    const halfSent = tusPatchPartly(site, admin, location, 2 * CHUNK, FILM.subarray(2 * CHUNK, 3 * CHUNK), CHUNK / 2);
    await waitFor(async () => fileSize(uploadFile(site, videoId)) > 2 * CHUNK, 30);
    await site.kill9();
    await halfSent;

    await site.start();
    // Committed before the kill: the admin's session, the movie, the asset still uploading.
    const movies = await api<{ items: { title: string; video: { id: string } | null }[] }>(site, admin, 'GET', '/api/admin/movies');
    expect(movies.items.find((m) => m.video?.id === videoId)?.title).toBe('Killed mid-upload');
    expect((await videoState(site, admin, videoId)).status).toBe('uploading');
    const offset = await tusOffset(site, admin, location);
    expect(offset).toBeGreaterThan(2 * CHUNK);
    expect(offset).toBeLessThanOrEqual(2 * CHUNK + CHUNK / 2);
    expect(sha256(readFileSync(uploadFile(site, videoId)))).toBe(sha256(FILM.subarray(0, offset)));

    expect(await tusSendFrom(site, admin, location, FILM, offset, CHUNK)).toBe(204);
    // Read at once: the source is deleted only after the ladder is stored, seconds later.
    expect(sha256(readFileSync(uploadFile(site, videoId)))).toBe(sha256(FILM));
    await expectReadyAndClean(videoId);
  });

  it('right after the last PATCH was answered: the video still becomes ready with its whole ladder', { timeout: 300_000 }, async () => {
    const { location, videoId } = await newUpload('Killed after the last byte');
    expect(await tusSendFrom(site, admin, location, FILM, 0, CHUNK)).toBe(204);
    await site.kill9();

    await site.start();
    expect(await tusOffset(site, admin, location)).toBe(FILM.length);
    await expectReadyAndClean(videoId);
  });

  it('while the last PATCH was received, every byte on disk, before its answer: the video still becomes ready', { timeout: 300_000 }, async () => {
    const { location, videoId } = await newUpload('Killed before the last answer');
    const last = Math.floor((FILM.length - 1) / CHUNK) * CHUNK;
    expect(await tusSendFrom(site, admin, location, FILM.subarray(0, last), 0, CHUNK)).toBe(204);

    const lastPatch = tusPatchPartly(site, admin, location, last, FILM.subarray(last), FILM.length - last);
    // Killed the moment the store holds the whole file: the upload's completion (probe, job) has not run yet.
    const file = uploadFile(site, videoId);
    for (const end = Date.now() + 30_000; fileSize(file) < FILM.length && Date.now() < end; ) await new Promise((r) => setImmediate(r));
    await site.kill9();
    await lastPatch;
    const atKill = fileSize(file);

    await site.start();
    const offset = await tusOffset(site, admin, location);
    expect(offset).toBe(atKill);
    // An uploader whose last PATCH got no answer asks HEAD and sends what is missing (nothing, here).
    if (offset < FILM.length) expect(await tusSendFrom(site, admin, location, FILM, offset, CHUNK)).toBe(204);
    await expectReadyAndClean(videoId);
  });
});
