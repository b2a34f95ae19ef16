/**
 * The script part of the Content Security Policy (docs/decisions/020-content-security-policy.md) on a stand-in
 * web build: the inline scripts of its pages, as sent, are allowed by hash and nothing else inline is. The real
 * build's pages are checked by tests/e2e/csp.e2e.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { builtScriptHashes, inlineScripts, registerSecurity, scriptHash } from './security.js';
import { deferAppScripts } from './ssr.js';

const THEME = "document.documentElement.classList.add('dark')";
const OFFLINE = "document.getElementById('retry').addEventListener('click', function () { location.reload(); })";
const INDEX = `<!doctype html><html lang="en"><head><script>${THEME}</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor.js"></head><body><div id="root"></div></body></html>`;

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline scripts and their hashes', () => {
  const web = mkdtempSync(path.join(os.tmpdir(), 'sobanura-csp-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  writeFileSync(path.join(web, 'offline.html'), `<html><body><button id="retry">Try again</button><script>${OFFLINE}</script></body></html>`);
  afterAll(() => rmSync(web, { recursive: true, force: true }));

  it('finds the scripts a browser runs, not data blocks nor scripts with src', () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script>
      <script type="application/json">{"c":1}</script><script type="application/ld+json">{}</script><SCRIPT TYPE="text/javascript">d()</SCRIPT>`;
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'd()']);
    expect(scriptHash('a()')).toBe(sha('a()'));
  });

  it('hashes the build’s pages as sent: index.html, the drawn page’s loader and the offline page', () => {
    const [loader] = inlineScripts(deferAppScripts(INDEX)).filter((s) => s !== THEME);
    expect(loader).toContain('/assets/index.js');
    expect(builtScriptHashes(web).sort()).toEqual([sha(THEME), sha(OFFLINE), sha(loader!)].sort());
    expect(builtScriptHashes(path.join(web, 'not-built'))).toEqual([]);
  });

  it('sends script-src with those hashes, no unsafe-inline, and no inline handlers', async () => {
    const app = Fastify();
    await registerSecurity(app, 'http://localhost', web);
    app.get('/', async () => 'ok');
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    await app.close();
    const directive = (name: string) => csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)?.slice(1);
    expect(directive('script-src')).toEqual(["'self'", ...builtScriptHashes(web)]);
    expect(directive('script-src-attr')).toEqual(["'none'"]);
    expect(directive('style-src')).toContain("'unsafe-inline'");
  });
});
