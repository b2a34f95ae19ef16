/**
 * The short first segment (ADR 013): the playlist rewrite, the segment list, the keyframe expression; and its fMP4
 * form (ADR 026): the CMAF fragment cut and the init segment's name.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSplitArgs, forceKeyFramesExpr } from './ffmpeg-args';
import { parseSegmentList, playlistWithSplitFirst, splitFirstSegment } from './first-segment';
import { listBoxes, splitFmp4Segment } from './fmp4-split';
import { parseMediaPlaylist } from './hls-master';
import { initSegmentUri, renameInitSegment } from './init-segment';

const PLAYLIST = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXTINF:4.004000,', 'seg_00000.ts', '#EXTINF:4.004000,', 'seg_00001.ts', '#EXTINF:1.200000,', 'seg_00002.ts', '#EXT-X-ENDLIST', ''].join('\n');

describe('playlistWithSplitFirst', () => {
  it('lists the pieces in place of the first segment and keeps the total duration and every other line', () => {
    const out = playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['seg_00000_0.ts', 'seg_00000_1.ts', 'seg_00000_2.ts'], [1.001, 2.002]);
    const segments = parseMediaPlaylist(out);
    expect(segments.map((s) => s.uri)).toEqual(['seg_00000_0.ts', 'seg_00000_1.ts', 'seg_00000_2.ts', 'seg_00001.ts', 'seg_00002.ts']);
    expect(segments.map((s) => s.durationSeconds)).toEqual([1.001, 1.001, 2.002, 4.004, 1.2]);
    const total = (xs: { durationSeconds: number }[]) => xs.reduce((a, s) => a + s.durationSeconds, 0);
    expect(total(segments)).toBeCloseTo(total(parseMediaPlaylist(PLAYLIST)), 6);
    expect(out).toContain('#EXT-X-TARGETDURATION:4');
    expect(out.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    expect(parseMediaPlaylist(playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['a.ts', 'b.ts'], [3.003])).map((s) => s.durationSeconds)).toEqual([1.001, 3.003, 4.004, 1.2]);
  });

  it('refuses a playlist that does not start with the segment named, or pieces that do not fit', () => {
    expect(() => playlistWithSplitFirst(PLAYLIST, 'seg_00001.ts', ['a.ts', 'b.ts'], [1])).toThrow(/does not start with seg_00001\.ts/);
    expect(() => playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['a.ts', 'b.ts'], [4.004])).toThrow(/cannot cut/);
    expect(() => playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['a.ts', 'b.ts', 'c.ts'], [3, 2])).toThrow(/cannot cut/);
    expect(() => playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['a.ts', 'b.ts'], [0])).toThrow(/cannot cut/);
    expect(() => playlistWithSplitFirst(PLAYLIST, 'seg_00000.ts', ['a.ts', 'b.ts'], [1, 1])).toThrow(/at least two pieces/);
    expect(() => playlistWithSplitFirst('#EXTM3U\n#EXT-X-ENDLIST\n', 'seg_00000.ts', ['a.ts', 'b.ts'], [1])).toThrow();
  });
});

describe('parseSegmentList', () => {
  it('reads the segment muxer CSV (file, start, end in seconds)', () => {
    expect(parseSegmentList('seg_00000_0.ts,0.000000,2.468733\nseg_00000_1.ts,2.468733,5.470733\n')).toEqual([
      { file: 'seg_00000_0.ts', start: 0, end: 2.468733 },
      { file: 'seg_00000_1.ts', start: 2.468733, end: 5.470733 },
    ]);
    expect(parseSegmentList('')).toEqual([]);
  });
});

describe('forceKeyFramesExpr', () => {
  /** Evaluates the expression as ffmpeg does: per frame, with n_forced the count of keyframes forced so far. */
  function keyframes(fps: number, seconds: number): number[] {
    const expr = forceKeyFramesExpr().replace(/^expr:/, '');
    const js = expr.replace(/if\(/g, 'iff(').replace(/n_forced/g, 'n');
    const fn = new Function('t', 'n', 'iff', 'eq', 'gte', 'max', `return ${js};`) as (...a: unknown[]) => number;
    const forced: number[] = [];
    for (let f = 0; f < fps * seconds; f++) {
      const t = f / fps;
      if (fn(t, forced.length, (c: number, a: number, b: number) => (c ? a : b), (a: number, b: number) => +(a === b), (a: number, b: number) => +(a >= b), Math.max)) forced.push(Number(t.toFixed(3)));
    }
    return forced;
  }

  it('forces keyframes at 0 and 1 s, then every 2 s', () => {
    expect(keyframes(25, 9)).toEqual([0, 1, 2, 4, 6, 8]);
    expect(keyframes(29.97, 7).map(Math.round)).toEqual([0, 1, 2, 4, 6]);
  });

  it('cuts at a frame number, keeping timestamps and writing PAT/PMT once per piece', () => {
    const args = buildSplitArgs('seg_00000.ts', [29.97, 59.94], 'seg_00000_%d.ts', 'list.csv');
    expect(args).toEqual(expect.arrayContaining(['-c', 'copy', '-copyts', '-segment_frames', '29,59', '-segment_list_type', 'csv']));
    expect(args.join(' ')).toContain('mpegts_copyts=1');
    expect(args.at(-1)).toBe('seg_00000_%d.ts');
  });
});

/**
 * The fMP4 cut (ADR 026) on a real CMAF segment ffmpeg writes: 5 s of testsrc2 + tone with a keyframe every second,
 * one 4 s first segment (one moof + mdat), its init segment, as the hls muxer writes them.
 */
describe('splitFmp4Segment and splitFirstSegment on fMP4', () => {
  const run = promisify(execFile);
  let dir: string;
  let init: Buffer;
  let segment: Buffer;
  const decode = async (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    const out = await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'framemd5', '-']);
    expect(out.stderr).toBe('');
    return out.stdout.split('\n').filter((l) => l && !l.startsWith('#'));
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fmp4-split-'));
    await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=5', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=5',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced)', '-c:a', 'aac', '-b:a', '48k',
      '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
      '-hls_segment_filename', 'seg_%05d.m4s', 'index.m3u8'], { cwd: dir });
    [init, segment] = await Promise.all([readFile(path.join(dir, 'init.mp4')), readFile(path.join(dir, 'seg_00000.m4s'))]);
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('cuts at the keyframes at 1 s and 2 s into fragments that decode alone and together give the same frames', async () => {
    const pieces = splitFmp4Segment(init, segment, [1, 2]);
    expect(pieces.map((p) => p.startSeconds)).toEqual([0, 1, 2]);
    expect(pieces.map((p) => Number(p.durationSeconds.toFixed(3)))).toEqual([1, 1, 2]);
    for (const [i, p] of pieces.entries()) {
      expect(listBoxes(p.bytes).map((b) => b.type)).toEqual(['styp', 'moof', 'mdat']);
      expect((await decode(`piece${i}.mp4`, Buffer.concat([init, p.bytes]))).length).toBeGreaterThan(0);
    }
    // Not a byte lost or added: the pieces' frames (picture and sound) are the uncut segment's, in order.
    const whole = await decode('whole.mp4', Buffer.concat([init, segment]));
    expect(await decode('joined.mp4', Buffer.concat([init, ...pieces.map((p) => p.bytes)]))).toEqual(whole);
  });

  it('moves a cut to the next keyframe, and drops cuts past the segment or with no keyframe after them', () => {
    expect(splitFmp4Segment(init, segment, [1.5]).map((p) => p.startSeconds)).toEqual([0, 2]);
    expect(splitFmp4Segment(init, segment, [9])).toHaveLength(1);
    expect(splitFmp4Segment(init, segment, [3, 3.1]).map((p) => p.startSeconds)).toEqual([0, 3]);
  });

  it('refuses what is not one CMAF fragment with its init segment', () => {
    expect(() => splitFmp4Segment(init, Buffer.concat([segment, segment]), [1])).toThrow(/one moof/);
    expect(() => splitFmp4Segment(init, segment.subarray(0, segment.length - 100), [1])).toThrow(/runs past/);
    expect(() => splitFmp4Segment(init.subarray(0, 32), segment, [1])).toThrow(/no moov|runs past/);
    expect(() => splitFmp4Segment(init, init, [1])).toThrow(/one moof/);
  });

  it('rewrites the rendition: pieces on disk, listed in place of seg_00000.m4s, the uncut file gone', async () => {
    const rendition = path.join(dir, 'rendition');
    await mkdir(rendition);
    for (const f of ['init.mp4', 'index.m3u8', 'seg_00000.m4s', 'seg_00001.m4s']) await copyFile(path.join(dir, f), path.join(rendition, f));
    expect(await splitFirstSegment('ffmpeg', rendition, 25)).toBe(3);
    const playlist = await readFile(path.join(rendition, 'index.m3u8'), 'utf8');
    expect(initSegmentUri(playlist)).toBe('init.mp4');
    expect(parseMediaPlaylist(playlist).map((s) => s.uri)).toEqual(['seg_00000_0.m4s', 'seg_00000_1.m4s', 'seg_00000_2.m4s', 'seg_00001.m4s']);
    expect((await readdir(rendition)).sort()).toEqual(['index.m3u8', 'init.mp4', 'seg_00000_0.m4s', 'seg_00000_1.m4s', 'seg_00000_2.m4s', 'seg_00001.m4s']);
  });

  it('leaves a rendition untouched when its playlist names no init segment', async () => {
    const rendition = path.join(dir, 'no-map');
    await mkdir(rendition);
    await copyFile(path.join(dir, 'seg_00000.m4s'), path.join(rendition, 'seg_00000.m4s'));
    const text = (await readFile(path.join(dir, 'index.m3u8'), 'utf8')).replace(/#EXT-X-MAP:.*\n/, '');
    await writeFile(path.join(rendition, 'index.m3u8'), text);
    await expect(splitFirstSegment('ffmpeg', rendition, 25)).rejects.toThrow(/names no init segment/);
    expect(await readFile(path.join(rendition, 'index.m3u8'), 'utf8')).toBe(text);
    expect(await readdir(rendition)).toEqual(['index.m3u8', 'seg_00000.m4s']);
  });
});

describe('initSegmentUri and renameInitSegment', () => {
  it('reads EXT-X-MAP, and null for an MPEG-TS playlist', () => {
    expect(initSegmentUri('#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init_240p.mp4"\n#EXTINF:4,\nseg_00000.m4s\n')).toBe('init_240p.mp4');
    expect(initSegmentUri(PLAYLIST)).toBeNull();
  });

  it('renames init_<rung>.mp4 to init.mp4 and points EXT-X-MAP at it; refuses an unexpected name', async () => {
    const rendition = await mkdtemp(path.join(tmpdir(), 'init-'));
    try {
      await writeFile(path.join(rendition, 'init_240p.mp4'), 'x');
      await writeFile(path.join(rendition, 'index.m3u8'), '#EXTM3U\n#EXT-X-MAP:URI="init_240p.mp4"\n#EXTINF:4,\nseg_00000.m4s\n');
      await renameInitSegment(rendition, '240p');
      expect((await readdir(rendition)).sort()).toEqual(['index.m3u8', 'init.mp4']);
      expect(await readFile(path.join(rendition, 'index.m3u8'), 'utf8')).toContain('#EXT-X-MAP:URI="init.mp4"');
      await renameInitSegment(rendition, '240p'); // already done: nothing to do
      await writeFile(path.join(rendition, 'index.m3u8'), '#EXTM3U\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:4,\nseg_00000.m4s\n');
      await expect(renameInitSegment(rendition, '240p')).rejects.toThrow(/unexpected init segment init_0\.mp4/);
    } finally {
      await rm(rendition, { recursive: true, force: true });
    }
  });
});
