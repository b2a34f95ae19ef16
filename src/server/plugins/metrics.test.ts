/**
 * GET /metrics: absent without METRICS_TOKEN, bearer-only with it; the HTTP histogram counts requests by route
 * pattern; the database gauges read the queue, the payments and the playback sessions at each scrape; storage
 * errors are counted by operation; every app has its own registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCODE_QUEUE } from '../modules/media/media.service.js';
import { describeEachDb, startTestApp, type TestApp } from '../test/harness.js';
import { createMetrics } from './metrics.js';

const TOKEN = 'metrics-token-0123456789';

describeEachDb('metrics', (kind) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([startTestApp(kind, { workers: false, env: { METRICS_TOKEN: TOKEN } }), startTestApp(kind, { workers: false })]);
  });
  afterAll(() => Promise.all([t.stop(), off.stop()]));

  const scrape = async (app = t) => {
    const res = await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it.each([
    ['no authorization', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-0123456780' }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token without the Bearer scheme', { authorization: TOKEN }],
    ['Basic authentication', { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }],
  ])('answers 401 to %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('serves the Prometheus text with every Sobanura metric and the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'http_request_duration_seconds',
      'sobanura_transcode_queue_depth',
      'sobanura_transcode_duration_seconds',
      'sobanura_payments',
      'sobanura_playback_sessions_active',
      'sobanura_storage_errors_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) expect(res.body).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(res.body).toMatch(/^sobanura_payments\{state="pending"\} 0$/m);
    expect(res.body).toMatch(/^sobanura_playback_sessions_active 0$/m);
  });

  it('counts requests by route pattern, not by URL', async () => {
    const countOf = (text: string, route: string, status: number) =>
      Number(new RegExp(`^http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[/:]/g, '\\$&')}",status_code="${status}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/movies/00000000-0000-4000-8000-000000000000' });
    const after = await scrape();
    expect(countOf(after, '/api/health', 200) - countOf(before, '/api/health', 200)).toBe(2);
    expect(countOf(after, '/api/movies/:id', 404) - countOf(before, '/api/movies/:id', 404)).toBe(1);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('reads the transcode queue depth from pg-boss at each scrape', async () => {
    expect(await scrape()).toMatch(/^sobanura_transcode_queue_depth\{state="created"\} 0$/m);
    const id = await t.boss.send(TRANSCODE_QUEUE, { videoId: '00000000-0000-4000-8000-000000000001' });
    expect(id).toBeTruthy();
    try {
      const text = await scrape();
      expect(text).toMatch(/^sobanura_transcode_queue_depth\{state="created"\} 1$/m);
      expect(text).toMatch(/^sobanura_transcode_queue_depth\{state="active"\} 0$/m);
    } finally {
      await t.boss.cancel(TRANSCODE_QUEUE, id!);
    }
    expect(await scrape()).toMatch(/^sobanura_transcode_queue_depth\{state="created"\} 0$/m);
  });

  it('counts storage errors by operation, and transcode durations, in this app only', async () => {
    t.metrics.onStorageError('put', new Error('SlowDown'));
    t.metrics.onStorageError('put', new Error('SlowDown'));
    t.metrics.onStorageError('read', new Error('ECONNRESET'));
    t.metrics.transcodeDuration.observe(42);
    const text = await scrape();
    expect(text).toMatch(/^sobanura_storage_errors_total\{op="put"\} 2$/m);
    expect(text).toMatch(/^sobanura_storage_errors_total\{op="read"\} 1$/m);
    expect(text).toMatch(/^sobanura_transcode_duration_seconds_count 1$/m);
    expect(text).toMatch(/^sobanura_transcode_duration_seconds_bucket\{le="30"\} 0$/m);
    expect(text).toMatch(/^sobanura_transcode_duration_seconds_bucket\{le="60"\} 1$/m);
    const other = await off.metrics.registry.metrics();
    expect(other).not.toMatch(/^sobanura_storage_errors_total\{/m);
    expect(other).toMatch(/^sobanura_transcode_duration_seconds_count 0$/m);
  });
});

describe('createMetrics', () => {
  it('leaves a figure the database cannot give out of the scrape, and reports it', async () => {
    const failed: string[] = [];
    const m = createMetrics({
      repo: {
        openJobs: async () => Promise.reject(new Error('relation "pgboss.job" does not exist')),
        paymentsByState: async () => ({ pending: 2, successful: 5, failed: 1 }),
        activePlaybackSessions: async () => 3,
      },
      onCollectError: (metric) => failed.push(metric),
    });
    const text = await m.registry.metrics();
    expect(failed).toEqual(['sobanura_transcode_queue_depth']);
    expect(text).not.toMatch(/^sobanura_transcode_queue_depth\{/m);
    expect(text).toMatch(/^sobanura_payments\{state="successful"\} 5$/m);
    expect(text).toMatch(/^sobanura_playback_sessions_active 3$/m);
  });
});
