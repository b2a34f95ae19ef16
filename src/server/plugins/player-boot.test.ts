/**
 * The first-frame boot on the server's side (docs/decisions/030-first-frame-before-the-app.md), on a stand-in web
 * build: a /player page carries the boot's script in its head, allowed by its hash, with the app's scripts deferred
 * until the boot's first frame; no other page carries it; a build without the boot sends the plain shell. The boot
 * itself plays in a real browser in tests/e2e/playback.e2e.ts and bench/playback.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_BOOT_FILE, PLAYER_BOOT_GLOBAL } from '../../shared/contracts/page-render.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { playerBootScript } from './ssr.js';

const INDEX = `<!doctype html><html lang="en"><head><title>Sobanura</title>
<!--og-->
    <script type="module" crossorigin src="/assets/index.js"></script>
</head><body><div id="root"></div></body></html>`;
// `$&` and `$'` would be replacement patterns if the page were assembled with String.replace and a string.
const BOOT = `(function(){window.${PLAYER_BOOT_GLOBAL}={settled:Promise.resolve()};var a="$&$'"})();`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function webBuild(withBoot: boolean): string {
  const web = mkdtempSync(path.join(os.tmpdir(), 'sobanura-boot-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  if (withBoot) writeFileSync(path.join(web, PLAYER_BOOT_FILE), `${BOOT}\n`);
  return web;
}

describe('the first-frame boot in /player pages [pglite]', () => {
  let t: TestApp;
  let plain: TestApp;
  const dirs: string[] = [];
  beforeAll(async () => {
    dirs.push(webBuild(true), webBuild(false));
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: dirs[0]! } });
    plain = await startTestApp('pglite', { workers: false, env: { WEB_DIR: dirs[1]! } });
  });
  afterAll(async () => {
    await t.stop();
    await plain.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('writes the boot into the head of a player page, verbatim, with the app’s scripts waiting for its first frame', async () => {
    for (const url of ['/player/3f1c0c0e-1111-4a4a-8888-000000000001', '/player/abc/?part=x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<script>${BOOT}</script>`);
      // The entry script is no longer parser-inserted: the loader adds it after the boot settles.
      expect(res.body).not.toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
      expect(res.body).toContain(`window["${PLAYER_BOOT_GLOBAL}"]`);
      expect(res.body).toContain('b.settled.then(start)');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(sha(BOOT));
    }
  });

  it('leaves every other page as it was', async () => {
    for (const url of ['/', '/movies', '/watch/3f1c0c0e-1111-4a4a-8888-000000000001', '/player', '/player/a/b']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain(BOOT);
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    }
  });

  it('sends the plain shell when the build has no boot', async () => {
    const res = await plain.app.inject({ url: '/player/3f1c0c0e-1111-4a4a-8888-000000000001' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PLAYER_BOOT_GLOBAL);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it('refuses a boot that would end its own script element', () => {
    const web = webBuild(false);
    dirs.push(web);
    writeFileSync(path.join(web, PLAYER_BOOT_FILE), 'var s="</script><script>alert(1)";');
    expect(() => playerBootScript(web)).toThrow(/<\/script/);
    expect(playerBootScript(dirs[1]!)).toBeNull();
  });
});
