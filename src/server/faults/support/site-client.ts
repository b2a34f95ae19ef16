/**
 * What the fault scenarios do to a running child server over HTTP, as a browser or the admin's uploader would:
 * sign in, create a movie, upload over tus 1.0 (https://tus.io/protocols/resumable-upload: POST creates, HEAD
 * tells the offset, PATCH appends at Upload-Offset), follow a video asset through GET /api/admin/videos/:id, and
 * check a finished HLS ladder on disk (master playlist → each rendition's playlist → its segments, the first one
 * decoded by ffprobe).
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '../../test/harness.js';
import type { FaultSite } from './child-server.js';

const run = promisify(execFile);
export const TUS = { 'tus-resumable': '1.0.0' } as const;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Makes a user and signs them in; returns the session cookie. A viewer registers through the API; an admin is made by
 * the command line (src/server/cli/commands.ts `user create --role admin`), as an operator does. The password is
 * random, so no password policy refuses it.
 */
export async function signedIn(site: FaultSite, role: 'user' | 'admin' = 'user'): Promise<string> {
  const email = `${role}-${randomBytes(5).toString('hex')}@faults.test`;
  const password = `Ff-${randomBytes(12).toString('base64url')}`;
  if (role === 'admin') await site.cli('user', 'create', '--email', email, '--password', password, '--role', 'admin');
  else await api(site, '', 'POST', '/api/accounts/register', { fullName: 'Fault Tester', email, password, confirmPassword: password }, 201);
  const res = await fetch(`${site.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** JSON request with the cookie; throws on a status other than `expect`. */
export async function api<T = Record<string, unknown>>(site: FaultSite, cookie: string, method: string, url: string, body?: object, expect = 200): Promise<T> {
  const res = await fetch(`${site.url}${url}`, { method, headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export async function createMovie(site: FaultSite, cookie: string, title: string): Promise<string> {
  return (await api<{ movie: { id: string } }>(site, cookie, 'POST', '/api/admin/movies', { title, category: 'drama' }, 201)).movie.id;
}

/** tus creation for `size` bytes of `filename` for `movieId`; returns the upload's path (its id is the video's). */
export async function tusCreate(site: FaultSite, cookie: string, movieId: string, size: number, filename: string): Promise<string> {
  const meta = [`filename ${Buffer.from(filename).toString('base64')}`, `filetype ${Buffer.from('video/mp4').toString('base64')}`, `movieId ${Buffer.from(movieId).toString('base64')}`].join(',');
  const res = await fetch(`${site.url}/api/uploads`, { method: 'POST', headers: { cookie, ...TUS, 'upload-length': String(size), 'upload-metadata': meta } });
  if (res.status !== 201) throw new Error(`tus creation: ${res.status} ${await res.text()}`);
  return new URL(res.headers.get('location')!, site.url).pathname;
}

/** tus HEAD: the offset the server holds. */
export async function tusOffset(site: FaultSite, cookie: string, location: string): Promise<number> {
  const res = await fetch(`${site.url}${location}`, { method: 'HEAD', headers: { cookie, ...TUS } });
  if (res.status !== 200) throw new Error(`tus HEAD: ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

/** One tus PATCH of `chunk` at `offset`; resolves with the status and the new offset. */
export async function tusPatch(site: FaultSite, cookie: string, location: string, offset: number, chunk: Buffer): Promise<{ status: number; offset: number }> {
  const res = await fetch(`${site.url}${location}`, { method: 'PATCH', headers: { cookie, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(chunk) });
  await res.arrayBuffer();
  return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
}

/** Sends `body` from `from` in PATCHes of `chunkBytes`, after `onChunk` of each; returns the final status. */
export async function tusSendFrom(site: FaultSite, cookie: string, location: string, body: Buffer, from: number, chunkBytes: number): Promise<number> {
  let offset = from;
  let status = 0;
  while (offset < body.length) {
    const r = await tusPatch(site, cookie, location, offset, body.subarray(offset, offset + chunkBytes));
    if (r.status !== 204) throw new Error(`tus PATCH at ${offset}: ${r.status}`);
    offset = r.offset;
    status = r.status;
  }
  return status;
}

/**
 * Starts a PATCH of `chunk` at `offset` over node:http and writes only its first `sent` bytes, keeping the request
 * open (a connection cut mid-chunk). The returned promise settles however the request ends (a killed server
 * resets it).
 */
export function tusPatchPartly(site: FaultSite, cookie: string, location: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${site.url}${location}`, {
      method: 'PATCH',
      headers: { cookie, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length) },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    req.write(chunk.subarray(0, sent));
  });
}

export interface VideoState {
  id: string;
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  renditions: string[];
}

export async function videoState(site: FaultSite, cookie: string, videoId: string): Promise<VideoState> {
  return (await api<{ video: VideoState }>(site, cookie, 'GET', `/api/admin/videos/${videoId}`)).video;
}

/** Waits (up to `seconds`) until the video is ready; throws with its last state (and the server's log) otherwise. */
export async function waitReady(site: FaultSite, cookie: string, videoId: string, seconds: number): Promise<VideoState> {
  let last: VideoState | null = null;
  try {
    return await waitFor(async () => {
      last = await videoState(site, cookie, videoId).catch(() => last);
      if (last?.status === 'failed') throw new Error(`the video failed: ${last.error}`);
      return last?.status === 'ready' ? last : null;
    }, seconds);
  } catch (err) {
    throw new Error(`video ${videoId} not ready after ${seconds} s (${(err as Error).message}); last state ${JSON.stringify(last)}\n${site.log().slice(-4000)}`);
  }
}

/** The tus file store's copy of upload `videoId` (DATA_DIR/uploads/{id}, src/server/providers/storage/upload-sources.ts). */
export const uploadFile = (site: FaultSite, videoId: string) => path.join(site.dataDir, 'uploads', videoId);

/**
 * Checks the stored ladder of `videoId` (local storage, MEDIA_DIR/videos/{id}, ADR 016): the master playlist lists
 * exactly `renditions`, every segment (and init segment) each rendition playlist names exists, and ffprobe decodes
 * video frames from each rendition's first segment (after its init segment when the rendition is fMP4). Returns the decoded frame counts by rendition; throws on the first defect.
 */
export async function checkLadder(site: FaultSite, videoId: string, renditions: string[]): Promise<Record<string, number>> {
  const dir = path.join(site.dataDir, 'media', 'videos', videoId);
  const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
  const listed = master.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('/')[0]!);
  if (JSON.stringify([...listed].sort()) !== JSON.stringify([...renditions].sort())) throw new Error(`master lists ${listed.join(',')}, expected ${renditions.join(',')}`);
  const frames: Record<string, number> = {};
  for (const name of renditions) {
    const playlist = readFileSync(path.join(dir, name, 'index.m3u8'), 'utf8');
    if (!playlist.includes('#EXT-X-ENDLIST')) throw new Error(`${name}/index.m3u8 has no end`);
    const segments = playlist.split('\n').filter((l) => l && !l.startsWith('#'));
    if (!segments.length) throw new Error(`${name}/index.m3u8 names no segment`);
    for (const s of segments) if (!existsSync(path.join(dir, name, s))) throw new Error(`${name}/${s} is missing`);
    // An fMP4 rendition (ADR 026) names its init segment in EXT-X-MAP: a media segment decodes only after it.
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    if (init && !existsSync(path.join(dir, name, init))) throw new Error(`${name}/${init} is missing`);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'sobanura-ladder-'));
    let stdout: string;
    try {
      const first = path.join(dir, name, segments[0]!);
      const probed = init ? path.join(scratch, 'first.mp4') : first;
      if (init) writeFileSync(probed, Buffer.concat([readFileSync(path.join(dir, name, init)), readFileSync(first)]));
      ({ stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', probed]));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const stream = (JSON.parse(stdout) as { streams: { codec_name: string; nb_read_frames: string }[] }).streams[0];
    if (stream?.codec_name !== 'h264') throw new Error(`${name}/${segments[0]} is not H.264: ${stdout}`);
    frames[name] = Number(stream.nb_read_frames);
  }
  return frames;
}
