/**
 * POST /api/internal/cli answers loopback callers holding the server's token only, and checks that before it reads
 * the body (cli-route-guard.ts; docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-28): another
 * address, or a request through a proxy, gets the app's 404 even with the right token; a wrong or missing token gets
 * 403 with no schema detail, even with a broken body; only with the token are body errors told (400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { FfmpegTranscoder } from '../../providers/transcoder/ffmpeg-transcoder.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { isLoopbackAddress, tokenMatches } from './cli-route-guard.js';

const TOKEN = 'cli-token-for-this-test-0123456789';
const VERSION = { argv: ['--version'], cwd: '/' };

describe('the command line route', () => {
  let t: TestApp;
  beforeAll(async () => {
    const first = await startTestApp('pglite', { workers: false });
    await first.close();
    // The same app as main.ts serves, with a CLI token (on the test app's database).
    const built = await buildApp({ config: first.config, db: first.db, transcoder: new FfmpegTranscoder({ preset: 'ultrafast' }), cliToken: TOKEN, logger: false });
    t = { ...first, ...built, stop: async () => (await built.close(), await first.stop()) };
  }, 60_000);
  afterAll(() => t.stop());

  const call = (remoteAddress: string, opts: { token?: string; payload?: string | object; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/internal/cli',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(opts.token === undefined ? {} : { 'x-cli-token': opts.token }), ...opts.headers },
      payload: opts.payload ?? VERSION,
    });

  it('runs a command for a loopback caller with the token', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const r = await call(address, { token: TOKEN });
      expect(r.statusCode, address).toBe(200);
      expect(r.body).toContain('"t":"done"');
    }
  });

  it('refuses any other address with 404, even with the right token, judged by the socket and not X-Forwarded-For', async () => {
    for (const address of ['203.0.113.5', '10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1', 'fe80::1', '128.0.0.1']) {
      const r = await call(address, { token: TOKEN, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(r.statusCode, address).toBe(404);
      expect(r.json()).toEqual({ error: { code: 'not_found', message: 'No route POST /api/internal/cli' } });
      expect(r.body).not.toContain('"t":"done"');
    }
  });

  it('refuses a loopback request that came through a proxy (a local nginx)', async () => {
    const viaProxy: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.5' }, { forwarded: 'for=203.0.113.5' }, { 'x-real-ip': '203.0.113.5' }];
    for (const headers of viaProxy) {
      expect((await call('127.0.0.1', { token: TOKEN, headers })).statusCode).toBe(404);
    }
  });

  it('answers a wrong or missing token 403 before reading the body: no schema detail', async () => {
    for (const token of [undefined, '', 'wrong', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase()]) {
      for (const payload of [VERSION, { argv: 'not-a-list' }, '{"argv": [', {}]) {
        const r = await call('127.0.0.1', { ...(token === undefined ? {} : { token }), payload });
        expect(r.statusCode, `${token} ${JSON.stringify(payload)}`).toBe(403);
        expect(r.json()).toEqual({ error: { code: 'forbidden', message: 'Not allowed' } });
        expect(r.body).not.toMatch(/argv|cwd|validation|body/i);
      }
    }
  });

  it('tells body errors only once the token has passed', async () => {
    const bad = await call('127.0.0.1', { token: TOKEN, payload: { argv: 'not-a-list' } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'validation_failed']);
    const broken = await call('127.0.0.1', { token: TOKEN, payload: '{"argv": [' });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses every caller of a server started without a token', async () => {
    const built = await buildApp({ config: t.config, db: t.db, transcoder: new FfmpegTranscoder({ preset: 'ultrafast' }), logger: false });
    try {
      for (const token of [undefined, '', 'anything']) {
        const r = await built.app.inject({ method: 'POST', url: '/api/internal/cli', remoteAddress: '127.0.0.1', headers: token === undefined ? {} : { 'x-cli-token': token }, payload: VERSION });
        expect(r.statusCode).toBe(403);
      }
    } finally {
      await built.close();
    }
  });
});

describe('cli-route-guard helpers', () => {
  it('knows loopback addresses in their spellings', () => {
    for (const a of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3', '::ffff:7f00:1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '0.0.0.0', '10.0.0.1', '128.0.0.1', '1127.0.0.1', '::', '::2', '::ffff:10.0.0.1', '::ffff:a00:1', '2001:db8::1', 'fe80::1', 'localhost', '127.0.0.1.evil']) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('compares tokens', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(tokenMatches(`${TOKEN} `, TOKEN)).toBe(false);
  });
});
