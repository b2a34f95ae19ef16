/**
 * The Redis client (ioredis) of the counters shared between instances: @fastify/rate-limit keeps its per-address
 * and per-user counts there when REDIS_URL is set, so a limit holds however a load balancer spreads the requests
 * (node_modules/@fastify/rate-limit/README.md, option `redis`).
 *
 * Settings follow that README's advice for rate limiting (its example/example.js: short `connectTimeout`, at
 * most one retry per request) and ioredis's options (node_modules/ioredis/built/redis/RedisOptions.d.ts):
 * - the connection is opened (and awaited) at start, so a wrong URL stops the start with a clear error;
 * - `enableOfflineQueue: false`: while Redis is unreachable a command fails at once instead of waiting in a
 *   queue, so a request is never held up by an outage (the rate limiter then lets it through: `skipOnError`);
 * - ioredis reconnects by itself (its default backoff, up to 2 s between attempts); errors go to `onError`.
 */
import { Redis } from 'ioredis';

export type RedisClient = Redis;

/**
 * Connects to `url` (redis:// or rediss://, optionally with user, password and database number).
 * @param onError called with connection errors after the start (ioredis retries on its own); must not throw.
 * @throws the connection error when Redis cannot be reached at start (within `connectTimeoutMs`, default 2000 ms).
 */
export async function connectRedis(url: string, opts: { onError?: (err: Error) => void; connectTimeoutMs?: number } = {}): Promise<RedisClient> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    connectionName: 'sobanura',
  });
  let started = false;
  client.on('error', (err: Error) => {
    if (started) opts.onError?.(err);
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis at REDIS_URL cannot be reached: ${(err as Error).message}`, { cause: err });
  }
  started = true;
  return client;
}

/** Closes the connection after pending replies (QUIT), or drops it when Redis does not answer; resolves once it is closed. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.status === 'end') return;
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
  await ended;
}
