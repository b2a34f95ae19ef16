/**
 * Pages drawn on the server (docs/decisions/014-server-rendering.md), as the server serves them: a stand-in
 * renderer in `<tmp>/ssr/entry-server.js` beside `<tmp>/web` gets the page's URL, the visitor's language and an API
 * transport; the server puts its HTML and state into index.html, defers the app's scripts, marks the page private,
 * and falls back to the bare shell for client-only pages and failed renders.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../test/harness.js';
import { deferAppScripts, injectTransport, pageLanguage, withinBudget } from './ssr.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Sobanura</title>
    <!--og-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The stand-in renderer: draws who is signed in (asked through the transport) and in which language. */
const RENDERER = `
export async function render(req) {
  if (req.url.startsWith('/player/')) return { kind: 'client' };
  if (req.url.startsWith('/boom')) throw new Error('the renderer broke');
  if (req.url === '/old') return { kind: 'redirect', location: '/movies?page=3' };
  if (req.url === '/away') return { kind: 'redirect', location: '//evil.example/x' };
  let refused = null;
  try { await req.fetch('/api/accounts/me', { method: 'POST' }); } catch (e) { refused = e.message; }
  const me = await (await req.fetch('/api/accounts/me', { method: 'GET' })).json();
  const who = me.user ? 'Hello ' + me.user.email : 'Signed out';
  return { kind: 'page', status: req.url === '/missing' ? 404 : 200, html: '<main>' + who + ' in ' + req.language + ' at ' + req.url + '</main>',
    state: JSON.stringify({ lang: req.language, refused }), lang: req.language, errors: req.url === '/partly' ? ['a lazy part failed'] : [] };
}
`;

describe('pages drawn on the server [pglite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-ssr-'));
    const web = path.join(root, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'ssr'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(root, 'ssr', 'entry-server.js'), RENDERER);
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: web, PUBLIC_URL: 'https://sobanura.example' } });
  });
  afterAll(() => t.stop());

  it('sends the drawn page with its state, private, with the app’s scripts after the paint', async () => {
    const res = await t.app.inject({ url: '/movies?tab=series' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root"><main>Signed out in en at /movies?tab=series</main></div><script id="sobanura-state" type="application/json">');
    const state = JSON.parse(/<script id="sobanura-state" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!) as { lang: string; refused: string };
    expect(state.lang).toBe('en');
    // A page being drawn may only read the API.
    expect(state.refused).toMatch(/may only GET \/api\//);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    // The data comes with the page: no API preloads.
    expect(head).not.toContain('rel="preload"');
    expect(html).toMatch(/addEventListener\('load',later\)[\s\S]*"\/assets\/index-abc\.js"|"\/assets\/index-abc\.js"[\s\S]*addEventListener\('load',later\)/);
    expect(html).toContain('["/assets/vendor-def.js"]');
  });

  it('draws in the language of the sobanura-lang cookie, else of Accept-Language, else English, and marks it the server\'s choice', async () => {
    const rw = await t.app.inject({ url: '/', headers: { cookie: 'a=1; sobanura-lang=rw; b=2', 'accept-language': 'fr-FR' } });
    expect(rw.body).toContain('<html lang="rw" data-lang-from="server">');
    expect(rw.body).toContain('<main>Signed out in rw at /</main>');
    const odd = await t.app.inject({ url: '/', headers: { cookie: 'sobanura-lang="><script>' } });
    expect(odd.body).toContain('<html lang="en" data-lang-from="server">');
    expect(odd.body).toContain('in en at /');
    const fr = await t.app.inject({ url: '/', headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' } });
    expect(fr.body).toContain('<html lang="fr" data-lang-from="server">');
    expect(fr.body).toContain('in fr at /');
  });

  it('asks the API as the visitor: their session cookie goes along', async () => {
    const viewer = await signUp(t);
    const res = await t.app.inject({ url: '/', headers: { cookie: viewer.cookie } });
    expect(res.body).toContain(`<main>Hello ${viewer.email} in en at /</main>`);
  });

  it('answers the status the renderer gives (404 for an unknown path)', async () => {
    const res = await t.app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main>Signed out in en at /missing</main>');
  });

  it('sends the bare shell, scripts in place, for a page the browser draws and when drawing fails', async () => {
    for (const url of ['/player/abc', '/boom']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('sobanura-state');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(res.body, url).toContain('<link rel="preload" href="/api/accounts/me" as="fetch" crossorigin="anonymous" />');
    }
  });

  it('answers 302 where the page sends the visitor, only within the site', async () => {
    const res = await t.app.inject({ url: '/old' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/movies?page=3');
    const away = await t.app.inject({ url: '/away' });
    expect(away.statusCode).toBe(200);
    expect(away.headers.location).toBeUndefined();
    expect(away.body).toContain('<div id="root"></div>');
  });

  it('still sends a page when a part of it could not be drawn (the browser draws that part)', async () => {
    const res = await t.app.inject({ url: '/partly' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>Signed out in en at /partly</main>');
  });
});

describe('server rendering helpers', () => {
  it('reads the language cookie', () => {
    expect(pageLanguage(undefined)).toBe('en');
    expect(pageLanguage('sobanura-lang=fr')).toBe('fr');
    expect(pageLanguage('x=1;sobanura-lang=rw')).toBe('rw');
    expect(pageLanguage('xsobanura-lang=fr')).toBe('en');
    expect(pageLanguage('sobanura-lang=de')).toBe('en');
  });

  it('takes the browser\'s Accept-Language when no cookie names a language, the cookie first otherwise', () => {
    expect(pageLanguage(undefined, 'fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pageLanguage('sobanura-lang=de', 'rw-RW')).toBe('rw');
    expect(pageLanguage('sobanura-lang=rw', 'fr-FR')).toBe('rw');
    expect(pageLanguage(undefined, 'de-DE')).toBe('en');
  });

  it('gives up on a page that takes longer than its budget', async () => {
    await expect(withinBudget(new Promise(() => {}), 50)).rejects.toThrow('the page took longer than 50 ms to draw');
    await expect(withinBudget(Promise.resolve('drawn'), 50)).resolves.toBe('drawn');
  });

  it('refuses an index.html without an entry script', () => {
    expect(() => deferAppScripts('<html><head></head><body><div id="root"></div></body></html>')).toThrow(/no <script type="module" src> entry/);
  });

  it('collects the answers’ cookies and statuses, and refuses anything but a GET under /api/', async () => {
    const app = {
      inject: async () => ({ statusCode: 204, headers: { 'set-cookie': ['s=1; Path=/', 's=2; Path=/'] }, rawPayload: Buffer.alloc(0) }),
    } as unknown as FastifyInstance;
    const req = { headers: {}, ip: '10.0.0.1', currentUser: async () => null } as unknown as FastifyRequest;
    const answers = { setCookies: [] as string[], statuses: [] as number[] };
    const transport = injectTransport(app, req, answers);
    const res = await transport('/api/accounts/me', { method: 'GET' });
    expect(res.status).toBe(204);
    expect(answers).toEqual({ setCookies: ['s=1; Path=/', 's=2; Path=/'], statuses: [204] });
    await expect(transport('/media/x', { method: 'GET' })).rejects.toThrow(/may only GET \/api\//);
    await expect(transport('/api/watchlist', { method: 'DELETE' })).rejects.toThrow(/may only GET \/api\//);
  });
});
