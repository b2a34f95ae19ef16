import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NEXT_LENGTH, safeNextPath, SIGN_IN_PAGES } from './next-path.js';

/** Where a browser on the site goes with `Location: path` (resolved against a page deep in the site). */
const landing = (path: string) => new URL(path, 'https://sobanura.example/films/a/b?x=1');

describe('safeNextPath (ADR 024, amended 2026-11-28)', () => {
  it('keeps same-site paths, normalised', () => {
    expect(safeNextPath('/account?tab=billing#x')).toBe('/account?tab=billing#x');
    expect(safeNextPath('/subscribe?plan=week')).toBe('/subscribe?plan=week');
    expect(safeNextPath('/movies?q=a%2Fb')).toBe('/movies?q=a%2Fb');
    expect(safeNextPath('/a/../watch/1')).toBe('/watch/1');
    expect(safeNextPath('/films/%C3%A9t%C3%A9')).toBe('/films/%C3%A9t%C3%A9');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    // The penetration test's three: each resolves to //evil.example.
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
    '/%2E%2E//evil.example/x',
    '/./..//evil.example',
    '/a/b/../..//evil.example',
    // Other hosts, as written.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
    'account',
    '',
    ' /account',
    // Tabs and newlines, which browsers drop from URLs.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/a\r\nSet-Cookie: x',
    '/a\u0000b',
    '/a b',
    '/\u00a0/evil.example',
    // Encoded slashes, backslashes and control characters in the path.
    '/%2fevil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/a%0d%0aSet-Cookie:x',
    '/%09/evil.example',
    '/%00',
    '/a/b\\..\\..\\evil',
  ])('refuses %j', (bad) => {
    expect(safeNextPath(bad)).toBeNull();
  });

  it('refuses what is not a string, and overlong paths', () => {
    for (const v of [undefined, null, 42, ['/a'], { toString: () => '/a' }]) expect(safeNextPath(v)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(MAX_NEXT_LENGTH)}`)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(MAX_NEXT_LENGTH - 1)}`)).toHaveLength(MAX_NEXT_LENGTH);
  });

  it('refuses the pages to avoid, as the router matches them', () => {
    for (const p of ['/login', '/login?x=1', '/LOGIN', '/login/', '/a/../login', '/register#x', '/forgot-password', '/reset-password?token=x']) {
      expect(safeNextPath(p, SIGN_IN_PAGES), p).toBeNull();
    }
    expect(safeNextPath('/login-help', SIGN_IN_PAGES)).toBe('/login-help');
    expect(safeNextPath('/login')).toBe('/login');
  });

  it('never gives a path that leaves the site, and is stable', () => {
    // Strings made of the pieces open redirects are made of, and arbitrary strings too.
    const piece = fc.constantFrom('/', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '%09', '\t', '\n', '\r', ' ', '@', ':', '?', '#', 'evil.example', 'http:', 'a', '%', '%25', '\u3002', '\uff0f', '\u2044');
    const crafted = fc.array(piece, { maxLength: 12 }).map((a) => a.join(''));
    // Paths that start as same-site ones, with dot segments and slashes after: where normalising can make `//host`.
    const dotted = fc.array(fc.constantFrom('/', '..', '.', '%2e', '%2e%2e', 'a', 'evil.example'), { minLength: 1, maxLength: 8 }).map((a) => `/${a.join('')}`);
    fc.assert(
      fc.property(fc.oneof(crafted, dotted, fc.string(), fc.string({ unit: 'binary' })), (value) => {
        const out = safeNextPath(value);
        if (out === null) return;
        expect(out.startsWith('/')).toBe(true);
        expect(out[1] === '/' || out[1] === '\\').toBe(false);
        // eslint-disable-next-line no-control-regex -- the property: no control character or white space comes out
        expect(/[\\\s\u0000-\u001f\u007f]/.test(out)).toBe(false);
        expect(landing(out).origin).toBe('https://sobanura.example');
        expect(safeNextPath(out)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps every plain same-site path as it is', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}$/).filter((s) => s !== '.' && s !== '..');
    const query = fc.option(fc.stringMatching(/^[a-z]{1,5}=[A-Za-z0-9%]{0,8}$/).filter((q) => !/%(?![0-9A-F]{2})/.test(q)), { nil: undefined });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 5 }), query, (segments, q) => {
        const path = `/${segments.join('/')}${q ? `?${q}` : ''}`;
        expect(safeNextPath(path)).toBe(path);
      }),
    );
  });
});
