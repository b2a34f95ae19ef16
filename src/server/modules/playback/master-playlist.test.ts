/**
 * segmentAt: the segment a player starting at a position fetches first (ADR 013); the viewer's master over a
 * ladder with the 144p rung (ADR 026): still the ~240p rendition first.
 */
import { describe, expect, it } from 'vitest';
import { START_BANDWIDTH_MAX } from '../../../shared/contracts/playback';
import { renderMasterPlaylist } from '../../providers/transcoder/hls-master';
import { parseMaster, renderViewerMaster, segmentAt } from './master-playlist';

const SEGMENTS = [
  { uri: 'seg_00000_0.ts', durationSeconds: 1.001 },
  { uri: 'seg_00000_1.ts', durationSeconds: 3.003 },
  { uri: 'seg_00001.ts', durationSeconds: 4.004 },
  { uri: 'seg_00002.ts', durationSeconds: 2.5 },
];

describe('segmentAt', () => {
  it('gives the segment holding the position', () => {
    expect(segmentAt(SEGMENTS, 0)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 0.5)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 1.001)).toBe('seg_00000_1.ts');
    expect(segmentAt(SEGMENTS, 5)).toBe('seg_00001.ts');
    expect(segmentAt(SEGMENTS, 9)).toBe('seg_00002.ts');
  });

  it('gives the first for a negative position, the last past the end, null without segments', () => {
    expect(segmentAt(SEGMENTS, -3)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 999)).toBe('seg_00002.ts');
    expect(segmentAt([], 0)).toBeNull();
  });
});

describe('renderViewerMaster over an fMP4 ladder with a 144p rung (ADR 026)', () => {
  // AVERAGE-BANDWIDTH as measured for movie-hello.mp4 in fMP4 (ADR 026's table), BANDWIDTH (the RFC 8216 section
  // 4.3.4.2 peak) about 15 % above it.
  const rows = [
    ['144p', 256, 144, 139_000, 121_000],
    ['240p', 426, 240, 406_000, 353_000],
    ['360p', 640, 360, 721_000, 627_000],
    ['480p', 854, 480, 1_251_000, 1_088_000],
    ['720p', 1280, 720, 2_575_000, 2_239_000],
  ] as const;
  const stored = renderMasterPlaylist(rows.map(([name, width, height, bandwidth, averageBandwidth]) => ({
    uri: `${name}/index.m3u8`, width, height, bandwidth, averageBandwidth, codecs: 'avc1.64001f,mp4a.40.2',
  })), 7);
  const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

  it('starts on the highest rendition within START_BANDWIDTH_MAX (240p), not on 144p, then the rest lowest first', () => {
    expect(stored.split('\n').slice(0, 2)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7']);
    const text = renderViewerMaster(parseMaster(stored), null, []);
    expect(uris(text)).toEqual(['240p/index.m3u8', '144p/index.m3u8', '360p/index.m3u8', '480p/index.m3u8', '720p/index.m3u8']);
    expect(rows[1][3]).toBeLessThanOrEqual(START_BANDWIDTH_MAX);
    expect(uris(renderViewerMaster(parseMaster(stored), 480, ['rw']))[0]).toBe('240p/index.m3u8');
  });

  it('keeps 144p alone under a 144 cap, and both low rungs under a 240 cap (the data saver)', () => {
    expect(uris(renderViewerMaster(parseMaster(stored), 144, []))).toEqual(['144p/index.m3u8']);
    expect(uris(renderViewerMaster(parseMaster(stored), 240, []))).toEqual(['240p/index.m3u8', '144p/index.m3u8']);
  });

  it('starts on 144p only when even 240p is above START_BANDWIDTH_MAX', () => {
    const dear = stored.replace('BANDWIDTH=406000', `BANDWIDTH=${START_BANDWIDTH_MAX + 1}`);
    expect(uris(renderViewerMaster(parseMaster(dear), null, []))[0]).toBe('144p/index.m3u8');
  });

  it('writes a valid master: every variant with BANDWIDTH, RESOLUTION and CODECS, captions as one group', () => {
    const text = renderViewerMaster(parseMaster(stored), null, ['en']);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    const inf = lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(inf).toHaveLength(rows.length);
    for (const l of inf) expect(l).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x\d+,CODECS="avc1\.64001f,mp4a\.40\.2",SUBTITLES="subs"$/);
  });
});
