/**
 * GET /api/health and GET /api/ready: ready on a migrated database with reachable storage; 503 naming the check
 * when migrations are missing; each check's failure through fakes (database error, storage error, no answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type ExecuteSql } from '../../db/client.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { createReadiness } from './readiness.js';

describeEachDb('health and readiness', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  it('answers liveness with the media tools', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', media: { ffmpeg: expect.any(Boolean), ffprobe: expect.any(Boolean) } });
  });

  it('is ready on a migrated database with its storage, and the answer is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the migrations while the newest one is not applied', async () => {
    const { rows } = await t.db.executeSql('select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    const last = rows[0]!;
    await t.db.executeSql('delete from drizzle.__drizzle_migrations where id = $1', [last.id]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'pending', storage: 'ok' } });
    } finally {
      await t.db.executeSql('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [last.id, last.hash, last.created_at]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('createReadiness', () => {
  const appliedAll: ExecuteSql = async (text) => (text.includes('__drizzle_migrations') ? { rows: [{ newest: String(Number.MAX_SAFE_INTEGER) }] } : { rows: [{ '?column?': 1 }] });
  const okStorage = { check: async () => {} };

  it('is ready when every check passes', async () => {
    const r = createReadiness({ executeSql: appliedAll, storage: okStorage, migrationsDir: MIGRATIONS_DIR });
    expect(await r.check()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('names a storage that fails, and reports its error', async () => {
    const failures: string[] = [];
    const r = createReadiness({
      executeSql: appliedAll,
      storage: { check: async () => Promise.reject(new Error('NoSuchBucket')) },
      migrationsDir: MIGRATIONS_DIR,
      onFailure: (check, err) => failures.push(`${check}: ${(err as Error).message}`),
    });
    expect(await r.check()).toEqual({ ready: false, checks: { database: 'ok', migrations: 'ok', storage: 'failed' } });
    expect(failures).toEqual(['storage: NoSuchBucket']);
  });

  it('names a database that does not answer, and cannot then tell the migrations', async () => {
    const down: ExecuteSql = async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const r = createReadiness({ executeSql: down, storage: okStorage, migrationsDir: MIGRATIONS_DIR });
    expect(await r.check()).toEqual({ ready: false, checks: { database: 'failed', migrations: 'failed', storage: 'ok' } });
  });

  it('counts a check that hangs past the timeout as failed', async () => {
    const r = createReadiness({ executeSql: appliedAll, storage: { check: () => new Promise<void>(() => {}) }, migrationsDir: MIGRATIONS_DIR, timeoutMs: 50 });
    expect((await r.check()).checks.storage).toBe('failed');
  });

  it('says pending when nothing was ever migrated (no drizzle schema)', async () => {
    const fresh: ExecuteSql = async (text) => {
      if (text.includes('__drizzle_migrations')) throw Object.assign(new Error('relation "drizzle.__drizzle_migrations" does not exist'), { code: '42P01' });
      return { rows: [] };
    };
    const r = createReadiness({ executeSql: fresh, storage: okStorage, migrationsDir: MIGRATIONS_DIR });
    expect((await r.check()).checks).toEqual({ database: 'ok', migrations: 'pending', storage: 'ok' });
  });
});
