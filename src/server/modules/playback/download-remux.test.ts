/**
 * The MP4 download remux (download-remux.ts) from real ladders in the local media storage: a fragmented-MP4
 * (CMAF) rendition as new videos have them (ADR 026), and an MPEG-TS one as videos transcoded before it have.
 * The MP4 stored must be a plain (fast-start) MP4 that decodes whole, with the rendition's size and the film's
 * length. The route-level download flow (quota, links, ranges) is in playback.test.ts and download-delivery.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/queue.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { keys } from '../../providers/storage/media-storage.js';
import { FfmpegTranscoder } from '../../providers/transcoder/ffmpeg-transcoder.js';
import { makeTestPattern } from '../../providers/transcoder/test-pattern.js';
import { listBoxes } from '../../providers/transcoder/fmp4-split.js';
import { createDownloadRemuxer } from './download-remux.js';

const run = promisify(execFile);
const FMP4_VIDEO = '00000000-0000-4000-8000-0000000000f4';
const TS_VIDEO = '00000000-0000-4000-8000-0000000000e5';
const SECONDS = 5;

describe('MP4 download remux', () => {
  let tmp: string;
  let out: string;
  const storage = () => createLocalStorage(path.join(tmp, 'media'));
  const noQueue = new Proxy({}, { get: () => () => { throw new Error('the in-process remux queues nothing'); } }) as JobQueue;
  const remuxer = () => createDownloadRemuxer({ storage: storage(), ffmpegPath: 'ffmpeg', queue: noQueue, inProcess: true });

  /** Transcodes the pattern with `segmentType` and stores every file of the ladder under the video's keys. */
  async function storeLadder(videoId: string, segmentType: 'fmp4' | 'mpegts', source: string): Promise<void> {
    const transcoder = new FfmpegTranscoder({ segmentType });
    const dir = path.join(tmp, videoId);
    await transcoder.transcodeToHls(source, dir, await transcoder.probe(source));
    for (const rel of await readdir(dir, { recursive: true })) {
      if (!/\.(m3u8|m4s|mp4|ts)$/.test(rel)) continue;
      await storage().put(keys.videoFile(videoId, rel), await readFile(path.join(dir, rel)));
    }
  }

  /** Stream facts and decode check of a stored download. */
  async function probeDownload(videoId: string, rendition: string) {
    const got = await storage().read(keys.videoFile(videoId, `downloads/${rendition}.mp4`));
    expect(got).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    const file = path.join(out, `${videoId}-${rendition}.mp4`);
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file]);
    const decoded = await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
    const probed = JSON.parse(stdout) as { format: { duration: string }; streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }> };
    return { bytes, probed, decodeErrors: decoded.stderr, top: listBoxes(bytes).map((b) => b.type) };
  }

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'remux-'));
    out = path.join(tmp, 'out');
    await mkdir(out);
    const source = path.join(tmp, 'pattern.mp4');
    await makeTestPattern('ffmpeg', source, { seconds: SECONDS, width: 426, height: 240, frequencyHz: 440 });
    await storeLadder(FMP4_VIDEO, 'fmp4', source);
    await storeLadder(TS_VIDEO, 'mpegts', source);
  }, 180_000);

  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('makes a fast-start MP4 from an fMP4 rendition (init.mp4 + .m4s), whole and decodable', async () => {
    expect(await storage().stat(keys.videoFile(FMP4_VIDEO, '240p/init.mp4'))).not.toBeNull();
    const size = await remuxer().remux(FMP4_VIDEO, '240p');
    const { bytes, probed, decodeErrors, top } = await probeDownload(FMP4_VIDEO, '240p');
    expect(size).toBe(bytes.length);
    expect(decodeErrors).toBe('');
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
    expect(probed.streams[0]).toMatchObject({ width: 426, height: 240 });
    expect(Math.abs(Number(probed.format.duration) - SECONDS)).toBeLessThan(0.3);
    // A plain MP4 with its index first (faststart), not fragments.
    expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
    expect(top).not.toContain('moof');
    // The 144p rung too (ADR 026).
    await remuxer().remux(FMP4_VIDEO, '144p');
    const low = await probeDownload(FMP4_VIDEO, '144p');
    expect(low.decodeErrors).toBe('');
    expect(low.probed.streams[0]).toMatchObject({ width: 256, height: 144 });
  }, 120_000);

  it('still makes one from an MPEG-TS rendition of a video transcoded before fMP4', async () => {
    await remuxer().remux(TS_VIDEO, '240p');
    const { probed, decodeErrors } = await probeDownload(TS_VIDEO, '240p');
    expect(decodeErrors).toBe('');
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(Math.abs(Number(probed.format.duration) - SECONDS)).toBeLessThan(0.3);
  }, 120_000);

  it('answers video_not_available (404) for a rendition that is not stored, and stores nothing', async () => {
    const error = await remuxer().remux(FMP4_VIDEO, '720p').then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: 'video_not_available' });
    expect(await storage().stat(keys.videoFile(FMP4_VIDEO, 'downloads/720p.mp4'))).toBeNull();
  });
});
