/**
 * Brute-force protection of sign-in per account, independent of the client address
 * (docs/decisions/018-sign-in-and-payment-limits.md; OWASP Authentication cheat sheet "Account Lockout", OWASP
 * Credential Stuffing Prevention cheat sheet, OWASP "Slow Down Online Guessing Attacks with Device Cookies").
 *
 * Each attempt is counted in one bucket before the password is checked:
 * - the account's bucket (key: the normalised email, hashed), shared by every browser without a device cookie
 *   for that account, whether or not the account exists, so the limiter tells nobody which emails are registered;
 * - the device's bucket, for a browser holding a valid device cookie for that account (device-cookie.ts): the
 *   owner's usual browser is never locked out by failures counted in the account's bucket.
 * Attempt number n of a bucket (failures since the last success, this one included) is let through at once while
 * n < freeFailures; from n = freeFailures on, each admitted attempt closes the bucket for
 * min(maxLockSeconds, firstLockSeconds * 2^(n - freeFailures)) seconds, and an attempt while it is closed is
 * refused with 429 `rate_limited` and Retry-After, without the password being checked (so it learns nothing) and
 * without being counted. The attempt is counted (atomically) before the check and the closing is atomic too, so
 * parallel guesses are bounded like sequential ones. A success deletes its bucket's count; a failure other than
 * wrong credentials (a malformed email) is uncounted. Counts are forgotten `memorySeconds` after a bucket's first
 * failure.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../lib/app-error.js';
import { createCounter, isOverLimit, keyOf, limitedError, type CounterStore } from '../../lib/rate-counters.js';
import { normalizeEmail, type DeviceCookies } from './device-cookie.js';

/** Numbers of one bucket (seconds). */
export interface LockoutRules {
  /** Attempts let through before the first lock-out. */
  freeFailures: number;
  /** Lock-out after attempt number `freeFailures`; doubles with each further attempt. */
  firstLockSeconds: number;
  /** Longest lock-out. */
  maxLockSeconds: number;
  /** Seconds after a bucket's first failure when its count is forgotten. */
  memorySeconds: number;
}

/** The account's bucket (ADR 018): 5 attempts, then 1 s doubling to at most 15 min; forgotten after a day. */
export const ACCOUNT_LOCKOUT: LockoutRules = { freeFailures: 5, firstLockSeconds: 1, maxLockSeconds: 15 * 60, memorySeconds: 24 * 60 * 60 };
/** A trusted device's bucket (ADR 018): 20 attempts before the first lock-out, then as the account's. */
export const DEVICE_LOCKOUT: LockoutRules = { ...ACCOUNT_LOCKOUT, freeFailures: 20 };

/** Seconds attempt number `attempt` (1-based) closes its bucket for: 0 below `freeFailures`. */
export function lockSeconds(attempt: number, rules: LockoutRules): number {
  if (attempt < rules.freeFailures) return 0;
  return Math.min(rules.maxLockSeconds, rules.firstLockSeconds * 2 ** Math.min(attempt - rules.freeFailures, 30));
}

/** One bucket kind: the attempt count and the lock of each key. */
function createBucket(store: CounterStore, name: string, rules: LockoutRules) {
  const attempts: RateLimiterAbstract = createCounter(store, `${name}-attempts`, 1_000_000_000, rules.memorySeconds);
  const locks: RateLimiterAbstract = createCounter(store, `${name}-lock`, 1, rules.firstLockSeconds);
  return {
    /** Counts an attempt; resolves 0 when it may go on, else the ms until the bucket opens (the attempt is then uncounted). */
    async admit(key: string): Promise<number> {
      const n = (await attempts.penalty(key)).consumedPoints;
      const lock = lockSeconds(n, rules);
      if (lock === 0) return 0;
      try {
        await locks.consume(key, 1, { customDuration: lock });
        return 0;
      } catch (err) {
        await attempts.reward(key);
        if (isOverLimit(err)) return Math.max(1, err.msBeforeNext);
        throw err;
      }
    },
    /** Takes back an attempt that was no password guess. */
    async uncount(key: string): Promise<void> {
      await attempts.reward(key);
    },
    /** A success: the count and the lock of `key` are deleted. */
    async reset(key: string): Promise<void> {
      await Promise.all([attempts.delete(key), locks.delete(key)]);
    },
  };
}

export interface SignInLimits {
  /**
   * Runs `signIn` (which verifies the password) if the caller's bucket is open.
   * @param email as typed; normalised here.
   * @param cookieHeader the request's `Cookie` header (where the device cookie may be).
   * @returns what `signIn` returned and the `Set-Cookie` value of the (renewed) device cookie.
   * @throws AppError 429 `rate_limited` (details.retryAfterSeconds) while the bucket is closed; whatever `signIn`
   *   throws otherwise (AppError 401 `invalid_credentials` for a wrong email or password).
   */
  attempt<T>(email: string, cookieHeader: string | undefined, signIn: () => Promise<T>): Promise<{ result: T; deviceCookie: string }>;
}

/**
 * @param deps.lockout the first and longest lock-out in seconds (SIGN_IN_LOCKOUT_FIRST_SECONDS and
 *   SIGN_IN_LOCKOUT_MAX_SECONDS; default 1 and 900), for both buckets.
 */
export function createSignInLimits(deps: { store: CounterStore; cookies: DeviceCookies; lockout?: { firstSeconds: number; maxSeconds: number } }): SignInLimits {
  const times = deps.lockout ? { firstLockSeconds: deps.lockout.firstSeconds, maxLockSeconds: deps.lockout.maxSeconds } : {};
  const accountBucket = createBucket(deps.store, 'sign-in-account', { ...ACCOUNT_LOCKOUT, ...times });
  const deviceBucket = createBucket(deps.store, 'sign-in-device', { ...DEVICE_LOCKOUT, ...times });
  return {
    async attempt<T>(email: string, cookieHeader: string | undefined, signIn: () => Promise<T>) {
      const device = deps.cookies.deviceOf(cookieHeader, email);
      const account = keyOf(deps.store, 'sign-in', normalizeEmail(email));
      const [bucket, key] = device ? [deviceBucket, `${account}:${device}`] : [accountBucket, account];
      const waitMs = await bucket.admit(key);
      if (waitMs > 0) throw limitedError(waitMs, 'rate_limited', 'Too many failed sign-ins for this account.');
      let result: T;
      try {
        result = await signIn();
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'invalid_credentials')) await bucket.uncount(key);
        throw err;
      }
      await bucket.reset(key);
      return { result, deviceCookie: deps.cookies.issue(email, device) };
    },
  };
}
