/** Serving the built web app: precompressed assets, long caching for hashed files, the single-page fallback. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { givePlaceholderVideos } from '../modules/catalog/playable-fixture.js';

describe('web app serving [pglite]', () => {
  let t: TestApp;
  const js = 'console.log("sobanura");'.repeat(100);
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'sobanura-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Sobanura</title>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), js);
    writeFileSync(path.join(web, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: web } });
  });
  afterAll(() => t.stop());

  it('serves the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(js.length / 5);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers app routes with index.html, never cached stale', async () => {
    for (const url of ['/', '/movies', '/watch/123', '/super-panel-2025']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Sobanura</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown API and media paths as JSON 404s, and refuses paths out of the web folder', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const escape = await t.app.inject({ method: 'GET', url: '/assets/..%2F..%2Fsecrets.json' });
    expect(escape.body).not.toMatch(/sessionSecret/);
  });

  it('compresses large JSON answers', async () => {
    for (let i = 0; i < 10; i++) await t.services.catalog.create({ title: `Film ${i}`, category: 'drama', description: 'A long description. '.repeat(10) });
    // Viewers' lists hold playable titles only (ADR 023).
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
    const res = await t.app.inject({ method: 'GET', url: '/api/movies', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });
});
