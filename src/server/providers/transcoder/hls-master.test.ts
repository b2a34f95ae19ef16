/** BANDWIDTH as RFC 8216 section 4.3.4.2 defines it: the peak over sets of segments of 0.5-1.5 target durations. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureRendition, peakSegmentBitrate } from './hls-master';

describe('peakSegmentBitrate', () => {
  it('measures a short first segment together with the next, not alone', () => {
    // A 1 s first piece of 100 kbit (its keyframe makes it dear) then 3 s of 150 kbit, then 4 s segments of 200 kbit.
    const segs = [{ bits: 100_000, seconds: 1 }, { bits: 150_000, seconds: 3 }, { bits: 200_000, seconds: 4 }, { bits: 200_000, seconds: 4 }];
    // Sets of 2-6 s: 1+3 s = 62.5 kb/s, 3 s = 50, 4 s = 50, 4+4 s = 50; the 1 s piece alone (100 kb/s) is too short.
    expect(peakSegmentBitrate(segs, 4)).toBe(62_500);
  });

  it('takes the dearest set, a short last segment counting only with its neighbour', () => {
    // 4 s = 40 kb/s, 4+4 s = 60, 4 s = 80, 4+0.5 s = 93.3; the 0.5 s segment alone (200 kb/s) is too short.
    const segs = [{ bits: 160_000, seconds: 4 }, { bits: 320_000, seconds: 4 }, { bits: 100_000, seconds: 0.5 }];
    expect(peakSegmentBitrate(segs, 4)).toBe(93_333);
  });

  it('falls back to the whole rate when the film is shorter than half the target duration', () => {
    expect(peakSegmentBitrate([{ bits: 30_000, seconds: 1 }], 4)).toBe(30_000);
    expect(peakSegmentBitrate([], 4)).toBe(0);
  });
});

describe('measureRendition with an fMP4 init segment (ADR 026)', () => {
  it('counts the init segment once, with the first segment and in the average, never per segment', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'measure-'));
    try {
      await writeFile(path.join(dir, 'init.mp4'), Buffer.alloc(500));
      await writeFile(path.join(dir, 'a.m4s'), Buffer.alloc(1000));
      await writeFile(path.join(dir, 'b.m4s'), Buffer.alloc(1000));
      const segments = [{ uri: 'a.m4s', durationSeconds: 4 }, { uri: 'b.m4s', durationSeconds: 4 }];
      // (500 + 2 x 1000) bytes over 8 s; the dearest 2-6 s set is init + a over 4 s = 3000 b/s.
      expect(await measureRendition(dir, segments, 4, 'init.mp4')).toEqual({ average: 2500, peak: 3000 });
      expect(await measureRendition(dir, segments, 4)).toEqual({ average: 2000, peak: 2000 });
      await expect(measureRendition(dir, segments, 4, 'missing.mp4')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
