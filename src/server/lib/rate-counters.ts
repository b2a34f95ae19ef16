/**
 * Counters of the abuse limits that do not depend on the client address (docs/decisions/018-sign-in-and-payment-limits.md):
 * failed sign-ins per account and per trusted device, payment requests per account and per phone number.
 *
 * Built on rate-limiter-flexible (node_modules/rate-limiter-flexible/README.md): in Redis when the app has a Redis
 * client (REDIS_URL, src/server/lib/redis.ts), so every instance shares one count; in this process's memory
 * otherwise (the embedded single process). A Redis command that fails falls back to an in-memory limiter with the
 * same rules (the library's `insuranceLimiter`), so an outage keeps counting per process instead of letting every
 * attempt through or failing every request.
 *
 * Keys never hold an email or a phone number in clear: `keyOf` turns them into an HMAC-SHA256 with the app's secret.
 */
import { createHmac } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './app-error.js';
import type { RedisClient } from './redis.js';

/** Where counters live: `redis` (null = memory of this process) under `keyPrefix` (REDIS_KEY_PREFIX, e.g. `sobanura:`). */
export interface CounterStore {
  redis: RedisClient | null;
  keyPrefix: string;
  /** Secret of the keyed hash that hides emails and numbers in counter keys (the session secret). */
  secret: string;
}

/**
 * A counter named `name` that allows `points` per fixed window of `durationSeconds` (the library's window starts
 * at the first point of a key). In Redis its keys are `<keyPrefix><name>:<key>`.
 */
export function createCounter(store: CounterStore, name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const opts = { keyPrefix: `${store.keyPrefix}${name}`, points, duration: durationSeconds };
  if (!store.redis) return new RateLimiterMemory(opts);
  return new RateLimiterRedis({ ...opts, storeClient: store.redis, insuranceLimiter: new RateLimiterMemory(opts) });
}

/** A stable, secret-keyed name for `value` (an email, an MSISDN) in a counter key: 32 hex characters (128 bits). */
export function keyOf(store: CounterStore, label: string, value: string): string {
  return createHmac('sha256', store.secret).update(`${label}\0${value}`).digest('hex').slice(0, 32);
}

/** Whether a rejection of rate-limiter-flexible is "over the limit" (a `RateLimiterRes`) rather than a store error. */
export function isOverLimit(reason: unknown): reason is RateLimiterRes {
  return reason instanceof RateLimiterRes;
}

/** Whole seconds (at least 1) until `msBeforeNext` has passed: the value of Retry-After (RFC 9110 section 10.2.3). */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * An AppError 429 (`rate_limited` unless `code` says otherwise) whose details carry `retryAfterSeconds`, which the
 * error handler (plugins/errors.ts) copies to the Retry-After header.
 */
export function limitedError(msBeforeNext: number, code: 'rate_limited' | 'payment_rate_limited', message: string, extra: Record<string, unknown> = {}): AppError {
  const seconds = retryAfterSeconds(msBeforeNext);
  return new AppError(429, code, `${message} Try again in ${seconds} seconds.`, { retryAfterSeconds: seconds, ...extra });
}
