import { describe, expect, it } from 'vitest';
import { parseMaster, parseMedia, segmentAt, startVariant } from './playlist';

const BASE = 'https://sobanura.example/media/v/vid/tok/master.m3u8';
// As the transcoder writes it (hls-master.ts): the start rendition first, then by height.
const MASTER = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=544588,AVERAGE-BANDWIDTH=440316,RESOLUTION=328x240,CODECS="avc1.64000d,mp4a.40.2"
240p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=168783,AVERAGE-BANDWIDTH=139108,RESOLUTION=196x144,CODECS="avc1.64000c,mp4a.40.2"
144p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=956565,RESOLUTION=480x352,CODECS="avc1.640015,mp4a.40.2"
352p/index.m3u8
`;
const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:1.000000,
seg_00000_0.m4s
#EXTINF:1.000000,
seg_00000_1.m4s
#EXTINF:2.000000,
seg_00000_2.m4s
#EXTINF:4.000000,
seg_00001.m4s
#EXTINF:2.500000,
seg_00002.m4s
#EXT-X-ENDLIST
`;

describe('the boot’s playlists', () => {
  it('reads the variants in order, addresses resolved, AVERAGE-BANDWIDTH falling back to BANDWIDTH', () => {
    const v = parseMaster(MASTER, BASE);
    expect(v.map((x) => x.url)).toEqual(['240p', '144p', '352p'].map((r) => `https://sobanura.example/media/v/vid/tok/${r}/index.m3u8`));
    expect(v.map((x) => [x.bandwidth, x.averageBandwidth, x.height])).toEqual([
      [544588, 440316, 240],
      [168783, 139108, 144],
      [956565, 956565, 352],
    ]);
    expect(v[0]!.codecs).toBe('avc1.64000d,mp4a.40.2');
    expect(parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n', BASE)).toEqual([]);
  });

  it('reads the init segment and the timeline of a media playlist, and finds the segment at a time', () => {
    const p = parseMedia(MEDIA, 'https://sobanura.example/media/v/vid/tok/240p/index.m3u8');
    expect(p.init).toBe('https://sobanura.example/media/v/vid/tok/240p/init.mp4');
    expect(p.segments.map((s) => [s.url.split('/').pop(), s.start, s.duration])).toEqual([
      ['seg_00000_0.m4s', 0, 1],
      ['seg_00000_1.m4s', 1, 1],
      ['seg_00000_2.m4s', 2, 2],
      ['seg_00001.m4s', 4, 4],
      ['seg_00002.m4s', 8, 2.5],
    ]);
    expect(p.duration).toBe(10.5);
    expect([0, 0.99, 1, 3.9, 4, 9, 10.5, 99].map((t) => segmentAt(p, t))).toEqual([0, 0, 1, 2, 3, 4, 4, 4]);
    expect(parseMedia('#EXTM3U\n#EXTINF:4,\nseg_00000.ts\n', BASE).init).toBeNull();
  });

  it('starts on what half the link carries, never above the server’s start rendition, else the lowest', () => {
    const v = parseMaster(MASTER, BASE);
    expect(startVariant(v, null)).toBe(0);
    expect(startVariant(v, 1_600_000)).toBe(0); // 240p (440 kb/s) fits in 800 kb/s; 352p is above the start rendition
    expect(startVariant(v, 10_000_000)).toBe(0);
    expect(startVariant(v, 700_000)).toBe(1); // 144p: 240p needs 880 kb/s
    expect(startVariant(v, 100_000)).toBe(1); // nothing fits: the lowest
    expect(startVariant([], 700_000)).toBe(-1);
  });
});
