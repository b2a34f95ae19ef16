/**
 * Test helpers (not a test file): fetches every file of an offline download through the app and checks it against
 * the stored rendition (RFC 8216 section 5.2: AES-128-CBC, PKCS#7, IV = media sequence number), and plays the
 * fetched folder with ffprobe/ffmpeg. Used by offline.test.ts for fMP4 and MPEG-TS ladders.
 */
import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { OfflineDownload } from '../../../shared/contracts/offline.js';
import { keys } from '../../providers/storage/media-storage.js';
import type { TestApp } from '../../test/harness.js';
import { playlistFiles, sequenceIv, type PlaylistFile } from './offline-hls.js';

const run = promisify(execFile);

const get = (t: TestApp, cookie: string, d: { id: string }, name: string) => t.app.inject({ method: 'GET', url: `/api/offline/${d.id}/files/${name}`, headers: { cookie } });

/**
 * Checks the playlist (key tag, no IV), that the listed sizes are what is sent, that the init segment is clear and
 * every media segment decrypts with `key` and its sequence IV to the stored bytes. Returns the playlist's files.
 */
export async function checkServedFiles(t: TestApp, cookie: string, d: OfflineDownload, key: Buffer): Promise<PlaylistFile[]> {
  const listRes = await get(t, cookie, d, 'index.m3u8');
  expect(listRes.statusCode).toBe(200);
  expect(listRes.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  expect(listRes.body).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key"');
  expect(listRes.body).not.toMatch(/IV=/);
  const files = playlistFiles(listRes.body);
  expect(d.files.map((f) => f.name)).toEqual(['index.m3u8', ...files.map((f) => f.name)]);
  for (const f of files) {
    const res = await get(t, cookie, d, f.name);
    expect(res.statusCode, f.name).toBe(200);
    const body = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(body.length);
    expect(body.length).toBe(d.files.find((x) => x.name === f.name)!.bytes);
    const clear = (await t.services.storage.readBuffer(keys.videoFile(d.videoId, `${d.rendition.name}/${f.name}`)))!;
    if (f.kind === 'init') {
      expect(body.equals(clear)).toBe(true);
      continue;
    }
    expect(body.equals(clear)).toBe(false);
    const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(f.sequence!));
    expect(Buffer.concat([decipher.update(body), decipher.final()]).equals(clear), f.name).toBe(true);
  }
  expect(files.filter((f) => f.kind === 'segment').length).toBeGreaterThan(1);
  return files;
}

/**
 * Stores the download's files and `key` in a temp folder as the device does, and checks ffprobe counts the same
 * packets as in the clear stored rendition, ffmpeg decodes the very same frames (framemd5), and a wrong key does not.
 */
export async function checkPlaysFromFolder(t: TestApp, cookie: string, d: OfflineDownload, key: Buffer): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'offline-'));
  try {
    for (const f of d.files) writeFileSync(path.join(folder, f.name), (await get(t, cookie, d, f.name)).rawPayload);
    writeFileSync(path.join(folder, 'key'), key);
    const count = async (playlist: string) => {
      const { stdout } = await run(t.config.ffprobePath, ['-v', 'error', '-allowed_extensions', 'ALL', '-count_packets', '-show_entries', 'stream=codec_type,nb_read_packets', '-of', 'json', playlist]);
      return (JSON.parse(stdout) as { streams: { codec_type: string; nb_read_packets: string }[] }).streams.map((s) => `${s.codec_type}:${s.nb_read_packets}`).sort();
    };
    const offline = await count(path.join(folder, 'index.m3u8'));
    const clearPlaylist = await t.services.storage.readLocation(keys.videoFile(d.videoId, `${d.rendition.name}/index.m3u8`), 60);
    const clear = await count(clearPlaylist);
    expect(offline).toEqual(clear);
    expect(offline.some((s) => s.startsWith('video:') && Number(s.slice(6)) > 0)).toBe(true);
    // Decoded frame by frame, the folder gives exactly the frames and samples of the clear rendition (framemd5).
    const frames = async (playlist: string) =>
      (await run(t.config.ffmpegPath, ['-v', 'error', '-allowed_extensions', 'ALL', '-i', playlist, '-map', '0', '-f', 'framemd5', '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout
        .split('\n')
        .filter((l) => l && !l.startsWith('#'));
    const decoded = await frames(path.join(folder, 'index.m3u8'));
    expect(decoded.length).toBeGreaterThan(10);
    expect(decoded).toEqual(await frames(clearPlaylist));
    // With another key the same folder does not give those frames.
    writeFileSync(path.join(folder, 'key'), Buffer.alloc(16));
    const wrong = await frames(path.join(folder, 'index.m3u8')).catch(() => []);
    expect(wrong).not.toEqual(decoded);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
