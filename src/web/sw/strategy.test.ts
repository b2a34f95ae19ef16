/** The service worker's request sorting (issue 7 point 6): never API answers or video, only same-origin GETs. */
import { describe, expect, it } from 'vitest';
import { NETWORK_ROUTES, swStrategy, type RouterRule } from './strategy';

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

  it('sends to the network by static route only what the fetch handler bypasses, and all API, video and non-GET requests', () => {
    // URLPattern pathname patterns here are "prefix/*"; a request matches a rule when every condition holds.
    const matches = (r: RouterRule, path: string, method: string) => {
      const c = r.condition;
      if (c.urlPattern && !new RegExp(`^${c.urlPattern.pathname.replace(/\*/g, '.*')}$`).test(path)) return false;
      if (c.requestMethod && c.requestMethod !== method) return false;
      if (c.not && c.not.requestMethod === method) return false;
      return true;
    };
    const routed = (path: string, method = 'GET') => NETWORK_ROUTES.some((r) => matches(r, path, method));
    for (const [path, method] of [['/api/playback/sessions/x/end', 'POST'], ['/api/accounts/me', 'GET'], ['/media/v/a/t/240p/seg_0.ts', 'GET'], ['/assets/index.js', 'POST'], ['/', 'PUT']] as const) {
      expect(routed(path, method), `${method} ${path}`).toBe(true);
    }
    for (const [path, method] of [['/assets/index.js', 'GET'], ['/icons/icon-192.png', 'GET'], ['/', 'GET'], ['/watch/1', 'GET']] as const) {
      expect(routed(path, method), `${method} ${path}`).toBe(false);
    }
    for (const [path, method] of [['/api/x', 'GET'], ['/media/y', 'GET'], ['/assets/a.js', 'POST'], ['/api/x/end', 'POST']] as const) {
      expect(s(path, 'cors', method)).toBe('bypass');
    }
  });
});
