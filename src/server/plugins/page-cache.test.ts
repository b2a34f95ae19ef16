/**
 * Pages shared between signed-out visitors (page-cache.ts): the helpers on their own, then as the server serves
 * them, with a stand-in renderer that numbers its drawings so a reused page can be told from a new one. A cookie
 * that is not the auth library's (`junk=1`) gets and gives the shared page; a session cookie never does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReadCache } from '../modules/catalog/read-cache.js';
import { signUp, startTestApp, type TestApp } from '../test/harness.js';
import { drawShared, isSignedOutVisitor, type Drawing } from './page-cache.js';

describe('isSignedOutVisitor', () => {
  it('is true without a cookie of the auth library, whatever other cookies come; false with one, however written', () => {
    expect(isSignedOutVisitor(undefined)).toBe(true);
    expect(isSignedOutVisitor('')).toBe(true);
    expect(isSignedOutVisitor('sobanura-lang=rw')).toBe(true);
    expect(isSignedOutVisitor('junk=1')).toBe(true);
    expect(isSignedOutVisitor('_ga=GA1.2.3; sobanura-lang=fr; x=1')).toBe(true);
    expect(isSignedOutVisitor('better-auth.session_token=abc')).toBe(false);
    expect(isSignedOutVisitor('sobanura-lang=fr; __Secure-better-auth.session_token=abc')).toBe(false);
    expect(isSignedOutVisitor('junk=1;better-auth.session_token="abc"')).toBe(false);
    expect(isSignedOutVisitor('better-auth.dont_remember=1')).toBe(false);
    expect(isSignedOutVisitor('x=1; better-auth.session_data=e30')).toBe(false);
  });
});

describe('drawShared', () => {
  it('gives visitors who ask at once one drawing, and keeps it', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let draws = 0;
    const draw = async () => {
      draws++;
      await new Promise((r) => setTimeout(r, 10));
      return { value: `page ${draws}`, share: 'keep' } as const;
    };
    const pages = await Promise.all([1, 2, 3].map(() => drawShared(cache, 'k', draw)));
    expect(pages).toEqual(['page 1', 'page 1', 'page 1']);
    expect(await drawShared(cache, 'k', draw)).toBe('page 1');
    expect(draws).toBe(1);
    cache.clear();
    expect(await drawShared(cache, 'k', draw)).toBe('page 2');
  });

  const drawer = (name: string, share: Drawing<string>['share']) => async (): Promise<Drawing<string>> => {
    await new Promise((r) => setTimeout(r, 10));
    return { value: name, share };
  };

  it('gives a drawing of its own visitor to them only: the others waiting draw their own, and nothing is kept', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const [a, b] = await Promise.all([drawShared(cache, 'k', drawer('for A, rate limited', 'own')), drawShared(cache, 'k', drawer('for B', 'keep'))]);
    expect(a).toBe('for A, rate limited');
    expect(b).toBe('for B');
    expect(await drawShared(cache, 'k', drawer('for C', 'keep'))).toBe('for C');
    expect(await drawShared(cache, 'k', drawer('for D', 'keep'))).toBe('for C');
  });

  it('gives a failed drawing (the shell) to everyone waiting on it, without drawing again, and keeps nothing', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let draws = 0;
    const counted = (name: string, share: Drawing<string>['share']) => () => (draws++, drawer(name, share)());
    const pages = await Promise.all([drawShared(cache, 'k', counted('shell', 'waiting')), drawShared(cache, 'k', counted('page B', 'keep'))]);
    expect(pages).toEqual(['shell', 'shell']);
    expect(draws).toBe(1);
    expect(await drawShared(cache, 'k', counted('page C', 'keep'))).toBe('page C');
  });

  it('rejects when drawing rejects, and keeps nothing', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    await expect(drawShared(cache, 'k', () => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    expect(cache.size).toBe(0);
  });
});

/** Numbers its drawings; asks the API for the viewer, and for the watch list (401 signed out) on /mine. */
const RENDERER = `
let drawings = 0;
export async function render(req) {
  const n = ++drawings;
  await new Promise((r) => setTimeout(r, 20));
  const me = await (await req.fetch('/api/accounts/me', { method: 'GET' })).json();
  if (req.url === '/mine') await req.fetch('/api/watchlist', { method: 'GET' });
  const who = me.user ? me.user.email : 'nobody';
  return { kind: 'page', status: 200, html: '<main>drawing ' + n + ' for ' + who + ' in ' + req.language + '</main>', state: '{}', lang: req.language,
    errors: req.url === '/partly' ? ['a lazy part failed'] : [] };
}
`;

function standInWeb(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-page-cache-'));
  const web = path.join(root, 'web');
  mkdirSync(web, { recursive: true });
  mkdirSync(path.join(root, 'ssr'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html lang="en"><head><title>Sobanura</title><!--og--><script type="module" crossorigin src="/assets/i.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'ssr', 'entry-server.js'), RENDERER);
  return web;
}

const drawing = (body: string) => /<main>drawing (\d+) for ([^ ]+) in (\w+)<\/main>/.exec(body)?.slice(1) ?? [];

describe('shared pages as the server serves them [pglite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: standInWeb(), PUBLIC_URL: 'https://sobanura.example' } });
  });
  afterAll(async () => {
    await t.stop();
    rmSync(path.dirname(t.config.webDir), { recursive: true, force: true });
  });

  it('reuses a page drawn for a visitor without cookies, per language, and still marks it private', async () => {
    const [first] = drawing((await t.app.inject({ url: '/movies' })).body);
    const again = await t.app.inject({ url: '/movies', headers: { cookie: 'sobanura-lang=en' } });
    expect(drawing(again.body)).toEqual([first, 'nobody', 'en']);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const [rw] = drawing((await t.app.inject({ url: '/movies', headers: { cookie: 'sobanura-lang=rw' } })).body);
    expect(rw).not.toBe(first);
    expect(drawing((await t.app.inject({ url: '/movies?page=2' })).body)[0]).not.toBe(first);
  });

  it('never shares a page whose URL carries a reset link\'s token', async () => {
    const url = '/reset-password?token=abcDEF123_secret';
    const [first] = drawing((await t.app.inject({ url })).body);
    const [second] = drawing((await t.app.inject({ url })).body);
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
    // The same page without a token is shared as any other.
    const [plain] = drawing((await t.app.inject({ url: '/reset-password?phone=1' })).body);
    expect(drawing((await t.app.inject({ url: '/reset-password?phone=1' })).body)[0]).toBe(plain);
  });

  it('gives and takes the shared page for a visitor whose only cookies are not the auth library\'s', async () => {
    const [first, who] = drawing((await t.app.inject({ url: '/catalog', headers: { cookie: 'junk=1' } })).body);
    expect(who).toBe('nobody');
    expect(drawing((await t.app.inject({ url: '/catalog' })).body)[0]).toBe(first);
    expect(drawing((await t.app.inject({ url: '/catalog', headers: { cookie: '_ga=GA1.2.3; sobanura-lang=en; junk=2' } })).body)[0]).toBe(first);
    const signedIn = drawing((await t.app.inject({ url: '/catalog', headers: { cookie: `junk=1; ${(await signUp(t)).cookie}` } })).body);
    expect(signedIn[0]).not.toBe(first);
    expect(signedIn[1]).not.toBe('nobody');
  });

  it('gives and takes the shared page for a session cookie that names no session (forged or expired)', async () => {
    const [first] = drawing((await t.app.inject({ url: '/series' })).body);
    for (const cookie of ['better-auth.session_token=forged.signature', '__Secure-better-auth.session_token=abc; junk=1']) {
      expect(drawing((await t.app.inject({ url: '/series', headers: { cookie } })).body)).toEqual([first, 'nobody', 'en']);
    }
    const viewer = await signUp(t);
    const signedIn = drawing((await t.app.inject({ url: '/series', headers: { cookie: viewer.cookie } })).body);
    expect(signedIn[0]).not.toBe(first);
    expect(signedIn[1]).not.toBe('nobody');
  });

  it('looks up no session for a request without a session cookie, whatever other cookies it carries', async () => {
    const lookups = vi.spyOn(t.services.auth.api, 'getSession');
    try {
      const junk = await t.app.inject({ url: '/api/accounts/me', headers: { cookie: 'junk=1; sobanura-lang=fr' } });
      expect(junk.json()).toMatchObject({ user: null });
      expect(lookups).not.toHaveBeenCalled();
      const viewer = await signUp(t);
      const me = await t.app.inject({ url: '/api/accounts/me', headers: { cookie: `junk=1; ${viewer.cookie}` } });
      expect(me.json().user.email).toBe(viewer.email);
      expect(lookups).toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it('takes every cookie set at sign-in that pages receive (Path=/) for a sign of a session', async () => {
    const email = `pin${Date.now()}@example.com`;
    await signUp(t, 'user', email);
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password: 'secret-pass' } });
    // A cookie with a narrower path (the sign-in route's device cookie) never reaches a page.
    const toPages = [login.headers['set-cookie']].flat().map(String).filter((c) => !/;\s*path=(?!\/(;|$))/i.test(c));
    const names = toPages.map((c) => c.split('=')[0]!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(isSignedOutVisitor(`${name}=x`), name).toBe(false);
  });

  it('shares one drawing between visitors who arrive at once', async () => {
    const bodies = await Promise.all([1, 2, 3, 4].map(() => t.app.inject({ url: '/about' }).then((r) => r.body)));
    expect(new Set(bodies.map((b) => drawing(b)[0])).size).toBe(1);
  });

  it('draws every page of a signed-in viewer for them, and never gives theirs to anyone else', async () => {
    const viewer = await signUp(t);
    const a = drawing((await t.app.inject({ url: '/series', headers: { cookie: viewer.cookie } })).body);
    const b = drawing((await t.app.inject({ url: '/series', headers: { cookie: viewer.cookie } })).body);
    expect(a[1]).toBe(viewer.email);
    expect(b[0]).not.toBe(a[0]);
    expect(drawing((await t.app.inject({ url: '/series' })).body)[1]).toBe('nobody');
  });

  it('keeps no page drawn with a refused API answer or a part that failed', async () => {
    for (const url of ['/mine', '/partly']) {
      const a = drawing((await t.app.inject({ url })).body)[0];
      const b = drawing((await t.app.inject({ url })).body)[0];
      expect(b, url).not.toBe(a);
    }
  });

  it('draws again after a catalogue change', async () => {
    const [before] = drawing((await t.app.inject({ url: '/' })).body);
    expect(drawing((await t.app.inject({ url: '/' })).body)[0]).toBe(before);
    t.services.hub.publishLocal({ entity: 'movie', op: 'insert', id: 'x' });
    expect(drawing((await t.app.inject({ url: '/' })).body)[0]).not.toBe(before);
  });
});

describe('shared pages turned off [pglite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: standInWeb(), PAGE_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => {
    await t.stop();
    rmSync(path.dirname(t.config.webDir), { recursive: true, force: true });
  });

  it('draws each page for its visitor with PAGE_CACHE_SECONDS=0', async () => {
    const a = drawing((await t.app.inject({ url: '/movies' })).body)[0];
    const b = drawing((await t.app.inject({ url: '/movies' })).body)[0];
    expect(a).toBeDefined();
    expect(b).not.toBe(a);
  });
});
