/**
 * Two app instances of one deployment on one Redis (127.0.0.1:6379, or TEST_REDIS_URL), each on its own PGlite
 * database, for the tests of counters shared through Redis (docs/decisions/018-sign-in-and-payment-limits.md).
 * They share SESSION_SECRET and URL_SIGNING_SECRET, as instances of one deployment do, and a key prefix of their
 * own, whose keys `stop` deletes.
 */
import { randomBytes } from 'node:crypto';
import { closeRedis, connectRedis } from '../lib/redis.js';
import { startTestApp, type TestApp } from './harness.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface RedisInstances {
  a: TestApp;
  b: TestApp;
  /** The REDIS_KEY_PREFIX of both, e.g. `sobanura-test-0a1b2c3d4e5f:`. */
  prefix: string;
  /** Redis keys under the prefix that start with `prefix + start`. */
  keys(start?: string): Promise<string[]>;
  /** Stops both apps and deletes every key under the prefix. */
  stop(): Promise<void>;
}

/** Starts the two instances with `env` added to their configuration. */
export async function startRedisInstances(env: Record<string, string> = {}): Promise<RedisInstances> {
  const prefix = `sobanura-test-${randomBytes(6).toString('hex')}:`;
  const shared = { ...env, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, SESSION_SECRET: randomBytes(32).toString('hex'), URL_SIGNING_SECRET: randomBytes(32).toString('hex') };
  const a = await startTestApp('pglite', { workers: false, env: shared });
  const b = await startTestApp('pglite', { workers: false, env: shared });
  const keys = async (start = '') => {
    const client = await connectRedis(TEST_REDIS_URL);
    try {
      return await client.keys(`${prefix}${start}*`);
    } finally {
      await closeRedis(client);
    }
  };
  return {
    a,
    b,
    prefix,
    keys,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      const left = await keys();
      if (!left.length) return;
      const client = await connectRedis(TEST_REDIS_URL);
      await client.del(...left);
      await closeRedis(client);
    },
  };
}
