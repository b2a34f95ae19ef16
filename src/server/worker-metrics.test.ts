/**
 * A worker's /metrics (worker-metrics.ts): the bearer token (RFC 6750), the registry's text format, the paths and
 * methods it refuses, a port already taken; and a real worker on PostgreSQL serving its queue depth and transcode
 * durations when METRICS_TOKEN is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createMetrics } from './plugins/metrics.js';
import { createPostgresDatabase } from './test/harness.js';
import { startWorker } from './worker.js';
import { startWorkerMetricsServer, type WorkerMetricsServer } from './worker-metrics.js';

const TOKEN = 'worker-metrics-token-0123456789';
const fakeRepo = {
  openJobs: async () => ({ created: 2, retry: 0, active: 1 }),
  paymentsByState: async () => ({ pending: 0, successful: 0, failed: 0 }),
  activePlaybackSessions: async () => 0,
};

describe('the worker metrics listener', () => {
  const metrics = createMetrics({ repo: fakeRepo as never });
  let server: WorkerMetricsServer;
  const get = (p: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${server.port}${p}`, init);
  afterAll(() => server?.close());

  it('answers the registry to the bearer token only, and nothing else', async () => {
    server = await startWorkerMetricsServer({ metrics, token: TOKEN, host: '127.0.0.1', port: 0 });
    const none = await get('/metrics');
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await get('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await get('/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);

    metrics.transcodeDuration.observe(42);
    const ok = await get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await ok.text();
    expect(text).toMatch(/^sobanura_transcode_duration_seconds_count 1$/m);
    expect(text).toMatch(/^sobanura_transcode_duration_seconds_sum 42$/m);
    expect(text).toMatch(/^sobanura_transcode_queue_depth\{state="created"\} 2$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);

    expect((await get('/other', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const post = await get('/metrics', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers a request target that is no valid URL with 404, and goes on serving', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      let got = '';
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GET http://[bad/metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      socket.on('data', (d) => (got += String(d)));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404 /);
    expect((await get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('refuses to start on a port already taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    await expect(startWorkerMetricsServer({ metrics, token: TOKEN, host: '127.0.0.1', port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((resolve) => taken.close(resolve));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker process role on PostgreSQL', () => {
  it('serves its /metrics with METRICS_TOKEN set, and none without', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-worker-metrics-'));
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const base = { DATA_DIR: dataDir, DATABASE_URL: database.url, SOBANURA_ROLE: 'worker', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    try {
      const worker = await startWorker(loadConfig({ ...base, METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '0' }), log);
      try {
        expect(worker.metricsPort).toBeGreaterThan(0);
        const r = await fetch(`http://127.0.0.1:${worker.metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(r.status).toBe(200);
        const text = await r.text();
        expect(text).toMatch(/^sobanura_transcode_queue_depth\{state="created"\} 0$/m);
        expect(text).toMatch(/^# TYPE sobanura_transcode_duration_seconds histogram$/m);
      } finally {
        await worker.stop();
      }
      const quiet = await startWorker(loadConfig(base), log);
      expect(quiet.metricsPort).toBeNull();
      await quiet.stop();
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
