/** The short first segment (ADR 013): the playlist rewrite, the segment list, the keyframe expression. */
import { describe, expect, it } from 'vitest';
import { buildSplitArgs, forceKeyFramesExpr } from './ffmpeg-args';
import { parseSegmentList, playlistWithSplitFirst } from './first-segment';
import { parseMediaPlaylist } from './hls-master';

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
