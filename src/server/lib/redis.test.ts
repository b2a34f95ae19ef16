/**
 * Rate limits across instances (REDIS_URL): two apps on the same Redis (127.0.0.1:6379) and key prefix share the
 * sign-in count; without REDIS_URL each process counts on its own. Each test uses its own key prefix, deleted after.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { closeRedis, connectRedis } from './redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;

/** One failed sign-in from `from` on `t`. */
const attempt = (t: TestApp, from = '203.0.113.20') =>
  t.app.inject({ method: 'POST', url: '/api/accounts/login', remoteAddress: from, payload: { email: 'nobody@example.com', password: 'wrong-password' } });

describe('connectRedis', () => {
  it('connects, and closes', async () => {
    const client = await connectRedis(REDIS_URL);
    expect(await client.ping()).toBe('PONG');
    await closeRedis(client);
    expect(client.status).toBe('end');
  });

  it('refuses to start when Redis cannot be reached, without the password in the message', async () => {
    await expect(connectRedis('redis://:hunter2@127.0.0.1:1', { connectTimeoutMs: 500 })).rejects.toThrow(/^Redis at REDIS_URL cannot be reached: (?!.*hunter2)/);
  });
});

describe('sign-in rate limit across instances [pglite]', () => {
  const apps: TestApp[] = [];
  let prefix = '';
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.stop()));
    if (prefix) {
      const client = await connectRedis(REDIS_URL);
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(...keys);
      await closeRedis(client);
      prefix = '';
    }
  });

  it('shares the count between two instances on one Redis', async () => {
    prefix = `sobanura-test-${randomBytes(6).toString('hex')}:`;
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL, REDIS_KEY_PREFIX: prefix };
    apps.push(await startTestApp('pglite', { workers: false, env }), await startTestApp('pglite', { workers: false, env }));
    const [a, b] = apps as [TestApp, TestApp];
    const codes: number[] = [];
    // Alternate between the instances, as a round-robin balancer does.
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await attempt(i % 2 ? b : a)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    // The counter lives in Redis under the prefix.
    const client = await connectRedis(REDIS_URL);
    const keys = await client.keys(`${prefix}*`);
    await closeRedis(client);
    expect(keys.some((k) => k.startsWith(`${prefix}rl:`) && k.includes('/api/accounts/login'))).toBe(true);
  });

  it('counts per process without REDIS_URL', async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    apps.push(await startTestApp('pglite', { workers: false, env }), await startTestApp('pglite', { workers: false, env }));
    const [a, b] = apps as [TestApp, TestApp];
    const codes: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) codes.push((await attempt(i % 2 ? b : a)).statusCode);
    expect(codes).toEqual(Array(2 * LIMIT).fill(401));
    expect((await attempt(a)).statusCode).toBe(429);
  });
});
