/**
 * The Content Security Policy of every kind of page the server sends, with the real web build (dist/web and the
 * server-side renderer in dist/ssr; docs/decisions/020-content-security-policy.md): the home page (drawn, signed
 * out and signed in), a film's page, /login, the offline page and a 404. Each answer's `script-src` has no
 * 'unsafe-inline', and every inline `<script>` a browser would run (parsed by jsdom, not by the server's own code)
 * is allowed by a hash in that header. Inline event handlers are refused by `script-src-attr 'none'`, and none is
 * in the pages. The browser scenarios check the same in Chromium: any CSP report fails them (support/browser.ts).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '../../src/server/db/schema/index.js';
import { signUp, startTestApp, type TestApp } from '../../src/server/test/harness.js';

const WEB_DIR = path.resolve('dist/web');
// jsdom (a dev dependency of the web tests) ships no types; only its constructor and document are used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

/** The sources of one directive of a CSP header, e.g. `script-src`. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found?.slice(1) ?? [];
}

/** The inline scripts a browser runs in `html` (classic or module, no src), and the elements with `on*` attributes. */
function scriptsOf(html: string): { inline: string[]; handlers: string[] } {
  const doc = new JSDOM(html).window.document;
  const inline = [...doc.querySelectorAll('script:not([src])')]
    .filter((s) => ['', 'text/javascript', 'module'].includes((s.getAttribute('type') ?? '').toLowerCase()))
    .map((s) => s.textContent ?? '');
  const handlers = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`));
  return { inline, handlers };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('Content Security Policy of the pages the server sends', () => {
  let t: TestApp;
  let movieId: string;
  let viewer: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR, PUBLIC_URL: 'http://localhost' } });
    const admin = await signUp(t, 'admin');
    viewer = (await signUp(t)).cookie;
    const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'csp-film.mp4', durationSeconds: 600 }).returning();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/movies', headers: { cookie: admin.cookie }, payload: { title: 'A film <script>alert(1)</script>', category: 'drama', videoId: asset!.id } });
    expect(res.statusCode).toBe(201);
    movieId = res.json().movie.id as string;
  });
  afterAll(() => t?.stop());

  const pages = () => [
    { name: 'home, signed out', url: '/', status: 200, drawn: true },
    { name: 'home, signed in', url: '/', status: 200, drawn: true, cookie: viewer },
    { name: 'a film, signed in', url: `/watch/${movieId}`, status: 200, drawn: true, cookie: viewer },
    { name: 'sign-in', url: '/login', status: 200, drawn: true },
    // Signed out, a film's page is open to the visitor (ADR 054): drawn.
    { name: 'a film, signed out', url: `/watch/${movieId}`, status: 200, drawn: true },
    { name: 'offline', url: '/offline.html', status: 200, drawn: false },
    { name: '404', url: '/no-such-page', status: 404, drawn: true },
  ];

  it('allows every inline script of every page kind by hash, and no other inline script', async () => {
    for (const p of pages()) {
      const res = await t.app.inject({ url: p.url, headers: p.cookie ? { cookie: p.cookie } : {} });
      expect(res.statusCode, p.name).toBe(p.status);
      expect(res.headers['content-type'], p.name).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = directive(csp, 'script-src');
      expect(scriptSrc, p.name).toContain("'self'");
      expect(scriptSrc, p.name).not.toContain("'unsafe-inline'");
      expect(scriptSrc, p.name).not.toContain("'unsafe-eval'");
      expect(directive(csp, 'script-src-attr'), p.name).toEqual(["'none'"]);
      const { inline, handlers } = scriptsOf(res.body);
      // Every page runs at least one inline script (the theme, the loader, the offline texts): the check has work.
      expect(inline.length, p.name).toBeGreaterThan(0);
      for (const s of inline) expect(scriptSrc, `${p.name}: ${s.slice(0, 80)}`).toContain(sha256(s));
      expect(handlers, p.name).toEqual([]);
      // A drawn page carries its state as a JSON data block, which is never run and needs no hash.
      expect(res.body.includes('type="application/json"'), p.name).toBe(p.drawn);
    }
  });

  it('does not allow a script that is not in the build (a title with a script tag stays text)', async () => {
    const res = await t.app.inject({ url: `/watch/${movieId}`, headers: { cookie: viewer } });
    expect(res.body).toContain('A film &lt;script&gt;');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(directive(String(res.headers['content-security-policy']), 'script-src')).not.toContain(sha256('alert(1)'));
  });
});
