import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SourceFacts, Transcoder } from '../providers/transcoder/transcoder.js';
import { CachedTranscoder } from './transcode-cache.js';

const facts = { container: 'mp4', durationSeconds: 8, sizeBytes: 5, videoCodec: 'h264', width: 320, height: 240, displayWidth: 320, displayHeight: 240, rotation: 0, frameRate: 25, hasAudio: true, audioCodec: 'aac', audioChannels: 2 } satisfies SourceFacts;

/** A stand-in for ffmpeg: writes a master playlist naming the source's bytes and counts its runs. */
function countingTranscoder() {
  const runs: string[] = [];
  const real: Transcoder = {
    available: async () => ({ ffmpeg: true, ffprobe: true }),
    probe: async () => facts,
    poster: async () => {},
    transcodeToHls: async (input, outDir, _facts, onProgress) => {
      runs.push(input);
      await mkdir(path.join(outDir, '240p'), { recursive: true });
      await writeFile(path.join(outDir, 'master.m3u8'), `from ${readFileSync(input, 'utf8')}`);
      await writeFile(path.join(outDir, '240p', 'index.m3u8'), '#EXTM3U');
      onProgress?.(50);
      return { master: 'master.m3u8', renditions: [{ name: '240p', width: 320, height: 240, videoBitrate: 400_000, audioBitrate: 64_000, playlist: '240p/index.m3u8' }] };
    },
  };
  return { real, runs };
}

describe('the tests’ transcode cache', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-cache-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const source = (name: string, bytes: string) => {
    const file = path.join(root, name);
    writeFileSync(file, bytes);
    return file;
  };

  it('runs the transcoder once per source, facts and options, and copies the same ladder and result after', async () => {
    const cache = path.join(root, 'cache');
    await mkdir(cache);
    const { real, runs } = countingTranscoder();
    const cached = new CachedTranscoder({ preset: 'ultrafast' }, cache, real);
    const film = source('a.mp4', 'AAAAA');
    const first = await cached.transcodeToHls(film, path.join(root, 'out1'), facts);
    const progress: number[] = [];
    const second = await cached.transcodeToHls(source('copy-of-a.mp4', 'AAAAA'), path.join(root, 'out2'), facts, (p) => progress.push(p));
    expect(runs).toEqual([film]);
    expect(second).toEqual(first);
    expect(progress).toEqual([100]);
    expect(readFileSync(path.join(root, 'out2', 'master.m3u8'), 'utf8')).toBe('from AAAAA');
    expect(readFileSync(path.join(root, 'out2', '240p', 'index.m3u8'), 'utf8')).toBe('#EXTM3U');

    // Other bytes, other facts, another segment type: each is transcoded.
    await cached.transcodeToHls(source('b.mp4', 'BBBBB'), path.join(root, 'out3'), facts);
    await cached.transcodeToHls(film, path.join(root, 'out4'), { ...facts, durationSeconds: 9 });
    await new CachedTranscoder({ preset: 'ultrafast', segmentType: 'mpegts' }, cache, real).transcodeToHls(film, path.join(root, 'out5'), facts);
    expect(runs).toHaveLength(4);
    expect(readFileSync(path.join(root, 'out3', 'master.m3u8'), 'utf8')).toBe('from BBBBB');
    // Only whole entries, no scratch folder left behind.
    expect(readdirSync(cache).every((e) => /^[0-9a-f]{64}$/.test(e))).toBe(true);
    expect(readdirSync(cache)).toHaveLength(4);
  });

  it('transcodes every time without a cache folder (a script outside Vitest)', async () => {
    const { real, runs } = countingTranscoder();
    const film = source('c.mp4', 'CCCCC');
    const uncached = new CachedTranscoder({}, null, real);
    await uncached.transcodeToHls(film, path.join(root, 'out6'), facts);
    await uncached.transcodeToHls(film, path.join(root, 'out7'), facts);
    expect(runs).toHaveLength(2);
  });

  it('keeps nothing when the transcode fails', async () => {
    const cache = path.join(root, 'cache-failing');
    await mkdir(cache);
    const failing: Transcoder = { ...countingTranscoder().real, transcodeToHls: async () => Promise.reject(new Error('ffmpeg exited with 1')) };
    await expect(new CachedTranscoder({}, cache, failing).transcodeToHls(source('d.mp4', 'DDDDD'), path.join(root, 'out8'), facts)).rejects.toThrow('ffmpeg exited with 1');
    expect(readdirSync(cache)).toEqual([]);
  });
});
