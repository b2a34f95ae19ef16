import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { needsRefresh, parseSignedUrl, SIGNED_URL_CACHE_MAX, SignedUrlCache, withFreshSignature } from './signed-url-cache';

const HOUR = 3600_000;
const MIN = 60_000;
const VIDEO = '0b6f0a57-1d7e-4c3a-9a55-2d1f7f0c0c11';
const url = (token: string, rest = 'master.m3u8') => `/media/v/${VIDEO}/${token}/${rest}`;

describe('needsRefresh', () => {
  it('is true within 5 minutes of expiry and after it, false before', () => {
    const now = 1_000_000_000;
    expect(needsRefresh(now + 5 * MIN + 1, now)).toBe(false);
    expect(needsRefresh(now + 5 * MIN, now)).toBe(true);
    expect(needsRefresh(now + MIN, now)).toBe(true);
    expect(needsRefresh(now - 1, now)).toBe(true);
  });
});

describe('SignedUrlCache', () => {
  it('answers a stored URL while it has more than 5 minutes left, then nothing', () => {
    const c = new SignedUrlCache();
    const t0 = 1_700_000_000_000;
    c.set('movie:a', { url: url('t1'), expiresAt: t0 + HOUR }, t0);
    expect(c.get('movie:a', t0 + 30 * MIN)).toEqual({ url: url('t1'), expiresAt: t0 + HOUR });
    expect(c.get('movie:a', t0 + 55 * MIN)).toBeUndefined();
    expect(c.get('movie:b', t0)).toBeUndefined();
  });

  it('keeps at most 50 entries, evicting the least recently used', () => {
    const c = new SignedUrlCache();
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < SIGNED_URL_CACHE_MAX; i++) c.set(`k${i}`, { url: url(`t${i}`), expiresAt: t0 + HOUR }, t0);
    expect(c.size).toBe(50);
    // k0 was used, so k1 is now the least recently used.
    expect(c.get('k0', t0)).toBeDefined();
    c.set('k50', { url: url('t50'), expiresAt: t0 + HOUR }, t0);
    expect(c.size).toBe(50);
    expect(c.get('k1', t0)).toBeUndefined();
    expect(c.get('k0', t0)).toBeDefined();
    expect(c.get('k50', t0)).toBeDefined();
  });

  it('purges entries stored more than 24 h ago even when their expiry is later', () => {
    const c = new SignedUrlCache();
    const t0 = 1_700_000_000_000;
    c.set('old', { url: url('a'), expiresAt: t0 + 48 * HOUR }, t0);
    c.set('new', { url: url('b'), expiresAt: t0 + 48 * HOUR }, t0 + 2 * HOUR);
    expect(c.get('old', t0 + 24 * HOUR)).toBeDefined();
    c.purge(t0 + 24 * HOUR + 1);
    expect(c.size).toBe(1);
    expect(c.get('old', t0 + 24 * HOUR + 1)).toBeUndefined();
    expect(c.get('new', t0 + 24 * HOUR + 1)).toBeDefined();
  });

  it('never holds more than its maximum, whatever the sequence of keys', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 300 }), fc.integer({ min: 1, max: 10 }), (keys, max) => {
        const c = new SignedUrlCache({ max });
        keys.forEach((k, i) => c.set(`k${k}`, { url: url(`t${k}`), expiresAt: 10 * HOUR }, i));
        expect(c.size).toBeLessThanOrEqual(max);
        if (keys.length) expect(c.get(`k${keys.at(-1)}`, keys.length)).toBeDefined();
      }),
    );
  });

  it('refuses a maximum under 1', () => {
    expect(() => new SignedUrlCache({ max: 0 })).toThrow(RangeError);
  });
});

describe('withFreshSignature', () => {
  it('moves a segment URL of the same video onto the new token, keeping host, path and query', () => {
    expect(withFreshSignature(`http://x.test${url('111.u.sig', '360p/seg_004.m4s')}?a=1`, url('222.u.sig2'))).toBe(`http://x.test${url('222.u.sig2', '360p/seg_004.m4s')}?a=1`);
    expect(parseSignedUrl(url('9.a.b', '720p/index.m3u8'))).toEqual({ videoId: VIDEO, token: '9.a.b' });
  });

  it('leaves other URLs alone: another video, an unsigned URL, the same token', () => {
    const other = '1b6f0a57-1d7e-4c3a-9a55-2d1f7f0c0c11';
    expect(withFreshSignature(url('a', 'x/s.m4s'), `/media/v/${other}/b/master.m3u8`)).toBe(url('a', 'x/s.m4s'));
    expect(withFreshSignature('/media/posters/x.webp', url('b'))).toBe('/media/posters/x.webp');
    expect(withFreshSignature(url('a', 's.m4s'), '/not/signed')).toBe(url('a', 's.m4s'));
    expect(withFreshSignature(url('a', 's.m4s'), url('a'))).toBe(url('a', 's.m4s'));
    expect(parseSignedUrl('/media/v/not-a-uuid/t/master.m3u8')).toBeNull();
  });
});
