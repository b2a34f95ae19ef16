/**
 * Limits on voucher redemptions (docs/decisions/042-vouchers.md; numbers in src/shared/contracts/vouchers.ts
 * `VOUCHER_LIMITS`), counted in the app's counter store (lib/rate-counters.ts: Redis with REDIS_URL, so every
 * instance shares them; this process's memory otherwise). Per account and per client (`clientKey`: an IPv4 address,
 * or an IPv6 /64, lib/client-address.ts):
 * - every attempt counts against the client's window (60 per 10 minutes); past it, 429 `rate_limited`;
 * - a wrong code (a well-formed code that no batch holds) counts against the account's (10 an hour) and the client's
 *   (30 an hour) wrong-code windows; once either is full, every attempt is refused with 429 `voucher_locked`
 *   (`gift_locked` for gift claims, docs/decisions/046-gifts.md) and Retry-After until the window ends, **before the code is looked up**, so a guess during a lock-out learns nothing,
 *   not even when it is right.
 * Counted before the code is looked up and atomically (a wrong-code point is taken first and given back when the code
 * was not a wrong one), so 50 guesses sent at once are bounded like 50 sent one after another. An attempt refused
 * by a limit is not counted against the other windows.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { AppError } from '../../lib/app-error.js';
import { createCounter, isOverLimit, limitedError, retryAfterSeconds, type CounterStore } from '../../lib/rate-counters.js';

export interface RedeemLimits {
  /**
   * Runs `redeem` if the account `userId` and the client `client` (a `clientKey`) may try a code now.
   * @param isWrong whether what `redeem` threw is a wrong code (kept counted); anything else gives the point back.
   * @throws AppError 429 `rate_limited` (the client's attempts) or `voucher_locked` / `gift_locked` by kind
   *   (details.retryAfterSeconds, details.retryAfterMinutes, details.scope 'account' | 'address'), without running
   *   `redeem`; else whatever `redeem` throws.
   */
  attempt<T>(userId: string, client: string, redeem: () => Promise<T>, isWrong: (err: unknown) => boolean): Promise<T>;
}

type Window = { points: number; seconds: number };

/**
 * @param kind what the codes are, naming the counters (`<kind>-address-attempts`, …) and the messages: 'voucher',
 *   or 'gift' for gift claims (docs/decisions/046-gifts.md), which get the same numbers in windows of their own
 *   and their own lock-out code, `gift_locked`.
 */
export function createRedeemLimits(store: CounterStore, limits: Pick<typeof VOUCHER_LIMITS, 'attemptsPerAddress' | 'wrongPerAccount' | 'wrongPerAddress'> = VOUCHER_LIMITS, kind: 'voucher' | 'gift' = 'voucher'): RedeemLimits {
  const lockedCode = kind === 'gift' ? 'gift_locked' : 'voucher_locked';
  const counter = (name: string, w: Window): RateLimiterAbstract => createCounter(store, `${kind}-${name}`, w.points, w.seconds);
  const attempts = counter('address-attempts', limits.attemptsPerAddress);
  const wrong = [
    { scope: 'account' as const, counter: counter('account-wrong', limits.wrongPerAccount) },
    { scope: 'address' as const, counter: counter('address-wrong', limits.wrongPerAddress) },
  ];

  return {
    async attempt(userId, client, redeem, isWrong) {
      const keys = { account: userId, address: client };
      // The wrong-code windows first: a locked-out caller is refused before anything else is counted.
      const taken = await Promise.allSettled(wrong.map((w) => w.counter.consume(keys[w.scope])));
      const giveBack = () => Promise.all(wrong.map((w, i) => (taken[i]!.status === 'fulfilled' || isOverLimit((taken[i] as PromiseRejectedResult).reason) ? w.counter.reward(keys[w.scope]) : null)));
      const refused = taken.flatMap((r, i) => (r.status === 'rejected' && isOverLimit(r.reason) ? [{ scope: wrong[i]!.scope, ms: r.reason.msBeforeNext }] : []));
      const failed = taken.find((r) => r.status === 'rejected' && !isOverLimit(r.reason));
      if (refused.length || failed) {
        await giveBack();
        if (failed) throw (failed as PromiseRejectedResult).reason;
        const worst = refused.reduce((a, b) => (b.ms > a.ms ? b : a));
        const seconds = retryAfterSeconds(worst.ms);
        throw new AppError(429, lockedCode, `Too many wrong ${kind} codes. Try again in ${Math.ceil(seconds / 60)} minutes.`, {
          retryAfterSeconds: seconds,
          retryAfterMinutes: Math.ceil(seconds / 60),
          scope: worst.scope,
        });
      }
      try {
        await attempts.consume(client);
      } catch (err) {
        await giveBack();
        if (isOverLimit(err)) throw limitedError(err.msBeforeNext, 'rate_limited', `Too many ${kind} codes tried from this network.`);
        throw err;
      }
      try {
        const result = await redeem();
        await giveBack();
        return result;
      } catch (err) {
        if (!isWrong(err)) await giveBack();
        throw err;
      }
    },
  };
}
