/**
 * The offline playlist and segment encryption (RFC 8216 section 5.2; docs/decisions/027-offline-downloads.md):
 * where the key tag goes for fMP4 and MPEG-TS, which files a playlist names with their sequence numbers, refusal of
 * URIs outside the folder, and AES-128-CBC with the sequence-number IV and PKCS#7 padding, checked by decrypting.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { offlinePlaylist, paddedSize, playlistFiles, PlaylistShapeError, segmentCipher, sequenceIv } from './offline-hls.js';

const FMP4 = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:5', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"', '#EXTINF:1.000000,', 'seg_00000.m4s', '#EXTINF:4.000000,', 'seg_00001.m4s', '#EXT-X-ENDLIST', ''].join('\n');
const TS = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXTINF:1.0,', 'seg_00000_0.ts', '#EXTINF:3.0,', 'seg_00000_1.ts', '#EXT-X-ENDLIST'].join('\n');

describe('offline playlist', () => {
  it('puts the key after EXT-X-MAP for fMP4, with no IV, and keeps the rest', () => {
    const out = offlinePlaylist(FMP4).split('\n');
    const map = out.indexOf('#EXT-X-MAP:URI="init.mp4"');
    expect(out[map + 1]).toBe('#EXT-X-KEY:METHOD=AES-128,URI="key"');
    expect(out.join('\n')).not.toMatch(/IV=/);
    expect(out.filter((l) => l.startsWith('#EXT-X-KEY'))).toHaveLength(1);
    expect(out.filter((l) => l && !l.startsWith('#'))).toEqual(['seg_00000.m4s', 'seg_00001.m4s']);
  });

  it('puts the key before the first segment of an MPEG-TS playlist and drops a key already there', () => {
    const out = offlinePlaylist(TS.replace('#EXTINF:1.0,', '#EXT-X-KEY:METHOD=NONE\n#EXTINF:1.0,')).split('\n');
    expect(out.filter((l) => l.startsWith('#EXT-X-KEY'))).toEqual(['#EXT-X-KEY:METHOD=AES-128,URI="key"']);
    expect(out.indexOf('#EXT-X-KEY:METHOD=AES-128,URI="key"')).toBe(out.indexOf('#EXTINF:1.0,') - 1);
  });

  it('lists the init segment then the segments numbered from EXT-X-MEDIA-SEQUENCE (0 when absent)', () => {
    expect(playlistFiles(FMP4)).toEqual([
      { name: 'init.mp4', kind: 'init', sequence: null, durationSeconds: 0 },
      { name: 'seg_00000.m4s', kind: 'segment', sequence: 5, durationSeconds: 1 },
      { name: 'seg_00001.m4s', kind: 'segment', sequence: 6, durationSeconds: 4 },
    ]);
    expect(playlistFiles(TS).map((f) => f.sequence)).toEqual([0, 1]);
  });

  it('refuses a playlist naming files elsewhere, or none', () => {
    for (const bad of ['../other/seg.ts', 'https://evil.example/seg.ts', 'sub/seg.ts', '.hidden.ts', 'seg.ts?x=1']) {
      expect(() => playlistFiles(TS.replace('seg_00000_1.ts', bad)), bad).toThrow(PlaylistShapeError);
    }
    expect(() => playlistFiles(FMP4.replace('URI="init.mp4"', 'URI="../init.mp4"'))).toThrow(PlaylistShapeError);
    expect(() => playlistFiles('#EXTM3U\n#EXT-X-ENDLIST\n')).toThrow(PlaylistShapeError);
  });
});

describe('segment encryption', () => {
  it('writes the sequence number big-endian in the last bytes of the IV', () => {
    expect(sequenceIv(0).toString('hex')).toBe('0'.repeat(32));
    expect(sequenceIv(258).toString('hex')).toBe(`${'0'.repeat(28)}0102`);
    expect(() => sequenceIv(-1)).toThrow(RangeError);
  });

  it('pads to the next whole block, a full block when already aligned', () => {
    expect([0, 1, 15, 16, 17, 32].map(paddedSize)).toEqual([16, 16, 16, 32, 32, 48]);
  });

  it.each([0, 1, 16, 1000, 65_537])('encrypts %i bytes so the sequence IV and key decrypt them, at the padded size', async (size) => {
    const key = randomBytes(16);
    const clear = randomBytes(size);
    const chunks: Buffer[] = [];
    for await (const c of Readable.from([clear.subarray(0, size >> 1), clear.subarray(size >> 1)]).pipe(segmentCipher(key, 42))) chunks.push(c as Buffer);
    const sealed = Buffer.concat(chunks);
    expect(sealed.length).toBe(paddedSize(size));
    const d = createDecipheriv('aes-128-cbc', key, sequenceIv(42));
    expect(Buffer.concat([d.update(sealed), d.final()]).equals(clear)).toBe(true);
    const wrongIv = createDecipheriv('aes-128-cbc', key, sequenceIv(43));
    const attempt = (() => {
      try {
        return Buffer.concat([wrongIv.update(sealed), wrongIv.final()]);
      } catch {
        return null;
      }
    })();
    expect(attempt?.equals(clear) ?? false).toBe(false);
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => segmentCipher(randomBytes(32), 0)).toThrow(RangeError);
  });
});
