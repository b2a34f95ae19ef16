/** The service worker's request sorting (issue 7 point 6): never API answers or video, only same-origin GETs. */
import { describe, expect, it } from 'vitest';
import { swStrategy } from './strategy';

const O = 'https://sobanura.rw';
const s = (path: string, mode = 'cors', method = 'GET', origin = O) => swStrategy(new URL(path, origin), { method, mode }, O);

describe('service worker strategy', () => {
  it('never handles the API, video, the worker itself, other origins or non-GET requests', () => {
    expect(s('/api/accounts/me')).toBe('bypass');
    expect(s('/api/accounts/me', 'navigate')).toBe('bypass');
    expect(s('/media/v/abc/token/master.m3u8')).toBe('bypass');
    expect(s('/media/posters/x.webp')).toBe('bypass');
    expect(s('/sw.js')).toBe('bypass');
    expect(s('/assets/index-abc.js', 'cors', 'POST')).toBe('bypass');
    expect(s('/assets/index-abc.js', 'cors', 'GET', 'https://cdn.example.com')).toBe('bypass');
  });

  it('loads pages from the network first (offline page as fallback), hashed assets from the cache', () => {
    expect(s('/', 'navigate')).toBe('navigate');
    expect(s('/watch/123', 'navigate')).toBe('navigate');
    expect(s('/assets/vendor-abc.js')).toBe('cache-first');
    expect(s('/assets/index-abc.css')).toBe('cache-first');
    expect(s('/icons/icon-192.png')).toBe('stale-while-revalidate');
    expect(s('/manifest.webmanifest')).toBe('stale-while-revalidate');
    expect(s('/something-else.json')).toBe('bypass');
  });
});
