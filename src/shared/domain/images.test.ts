import { describe, expect, it } from 'vitest';
import { imageSrcset } from './images.js';

describe('imageSrcset', () => {
  it('offers every stored width up to the one the URL names', () => {
    expect(imageSrcset('/media/images/abc/640.webp')).toBe('/media/images/abc/320.webp 320w, /media/images/abc/640.webp 640w');
    expect(imageSrcset('/media/images/abc/1280.webp')).toBe('/media/images/abc/320.webp 320w, /media/images/abc/640.webp 640w, /media/images/abc/1280.webp 1280w');
    expect(imageSrcset('/media/images/abc/320.webp')).toBe('/media/images/abc/320.webp 320w');
  });

  it('gives nothing for other URLs: a frame poster, an original narrower than 320 px, a foreign or odd URL', () => {
    for (const url of ['/media/posters/abc.webp', '/media/images/abc/200.webp', 'https://x.example/media/images/abc/640.webp', '/media/images/abc/640.webp?x=1', '/media/images/a/b/640.webp', '', null, undefined]) {
      expect(imageSrcset(url), String(url)).toBeUndefined();
    }
  });
});
