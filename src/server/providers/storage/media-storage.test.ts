import { describe, expect, it } from 'vitest';
import { BadKeyError, assertKey, keys } from './media-storage.js';

const VIDEO = '0b7e2c1a-5d3f-4e8a-9c6b-1f2e3d4c5b6a';

describe('assertKey', () => {
  it('returns object keys made of [A-Za-z0-9._-] segments unchanged', () => {
    for (const key of ['a', 'poster.webp', `videos/${VIDEO}/720p/index.m3u8`, 'a-b_c/D.9/x..y', 'x'.repeat(512)]) {
      expect(assertKey(key)).toBe(key);
    }
  });

  it('returns prefixes (ending in /) when asked for one', () => {
    expect(assertKey('videos/', true)).toBe('videos/');
    expect(assertKey(`videos/${VIDEO}/`, true)).toBe(`videos/${VIDEO}/`);
  });

  it('refuses keys that could leave their prefix or are not portable', () => {
    const bad = [
      '',
      '/abs',
      '../x',
      'a/../../b',
      'a/./b',
      '.',
      '..',
      'a//b',
      'a\\b',
      '.hidden',
      'a/.tmp-123',
      'a b',
      'é',
      'a\0b',
      'a/', // a prefix where a key is wanted
      'x'.repeat(513),
    ];
    for (const key of bad) expect(() => assertKey(key), JSON.stringify(key)).toThrow(BadKeyError);
  });

  it('refuses prefixes that do not end in / or hold a bad segment', () => {
    for (const prefix of ['videos', '', '/', '../', 'a/../', 'a//', '/videos/']) {
      expect(() => assertKey(prefix, true), JSON.stringify(prefix)).toThrow(BadKeyError);
    }
  });

  it('allows keys of up to 512 bytes, segments included', () => {
    const longest = `${'x/'.repeat(255)}xx`;
    expect(Buffer.byteLength(longest)).toBe(512);
    expect(assertKey(longest)).toBe(longest);
    expect(() => assertKey(`${longest}x`)).toThrow(BadKeyError);
  });
});

describe('keys', () => {
  it('lays out video and image objects under their id', () => {
    expect(keys.video(VIDEO)).toBe(`videos/${VIDEO}/`);
    expect(keys.videoFile(VIDEO, '720p/index.m3u8')).toBe(`videos/${VIDEO}/720p/index.m3u8`);
    expect(keys.videoFile(VIDEO, 'captions/rw.vtt')).toBe(`videos/${VIDEO}/captions/rw.vtt`);
    expect(keys.image(VIDEO)).toBe(`images/${VIDEO}/`);
    expect(keys.imageFile(VIDEO, '640.webp')).toBe(`images/${VIDEO}/640.webp`);
  });

  it('refuses ids that are not lowercase UUIDs', () => {
    for (const id of ['', '..', 'abc', VIDEO.toUpperCase(), `${VIDEO}/x`, `../${VIDEO}`]) {
      expect(() => keys.video(id), id).toThrow(BadKeyError);
      expect(() => keys.videoFile(id, 'poster.webp'), id).toThrow(BadKeyError);
      expect(() => keys.image(id), id).toThrow(BadKeyError);
      expect(() => keys.imageFile(id, '640.webp'), id).toThrow(BadKeyError);
    }
  });

  it('refuses relative parts that climb out of the video or image', () => {
    for (const rel of ['../other/poster.webp', '720p/../../x', '/etc/passwd', '', '720p/']) {
      expect(() => keys.videoFile(VIDEO, rel), rel).toThrow(BadKeyError);
      expect(() => keys.imageFile(VIDEO, rel), rel).toThrow(BadKeyError);
    }
  });
});
