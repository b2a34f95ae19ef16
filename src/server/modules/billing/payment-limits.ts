/**
 * Limits on payment requests (docs/decisions/018-sign-in-and-payment-limits.md): each request-to-pay makes the
 * payer's phone ring with a mobile-money prompt, so a script must not be able to send prompts to any number. Counted
 * before the request reaches the billing service, per account and per phone number across all accounts:
 * - per account: 5 per 10 minutes and 20 per day;
 * - per number (the MSISDN `2507XXXXXXXX`, however it was typed): 3 per 10 minutes and 10 per day.
 * A number that cannot be parsed is counted per account only (the service refuses it with 400 `invalid_msisdn`).
 * So is a number the account has already paid from successfully (`ownNumber`): its owner is not locked out of paying
 * by someone else's prompts to it, while prompts from other accounts stay limited.
 * A refused request is not counted. Windows are fixed, starting at a key's first request (rate-limiter-flexible).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Country } from '../../../shared/domain/countries.js';
import { parseMsisdn } from '../../../shared/domain/msisdn.js';
import { createCounter, isOverLimit, keyOf, limitedError, type CounterStore } from '../../lib/rate-counters.js';

/** One window: at most `points` requests per `seconds`. */
export interface PaymentWindow {
  points: number;
  seconds: number;
}

export const PAYMENT_LIMITS: { account: PaymentWindow[]; number: PaymentWindow[] } = {
  account: [{ points: 5, seconds: 10 * 60 }, { points: 20, seconds: 24 * 60 * 60 }],
  number: [{ points: 3, seconds: 10 * 60 }, { points: 10, seconds: 24 * 60 * 60 }],
};

export interface PaymentLimits {
  /**
   * Counts one payment request of `userId` to `phone` (as typed). With `ownNumber` (the account has paid from this
   * number before), only the account's windows count it.
   * @throws AppError 429 `payment_rate_limited` with details `{ retryAfterSeconds, retryAfterMinutes, scope: 'account' | 'number' }`
   *   when a window of the account or of the number is full (nothing is counted then).
   */
  admit(userId: string, phone: string, opts?: { ownNumber?: boolean; country?: Country }): Promise<void>;
}

export function createPaymentLimits(store: CounterStore, limits = PAYMENT_LIMITS): PaymentLimits {
  const make = (scope: 'account' | 'number') =>
    limits[scope].map((w) => ({ scope, counter: createCounter(store, `pay-${scope}-${w.seconds}s`, w.points, w.seconds) as RateLimiterAbstract }));
  const account = make('account');
  const number = make('number');
  return {
    async admit(userId, phone, opts = {}) {
      const msisdn = opts.ownNumber ? undefined : parseMsisdn(phone, opts.country)?.msisdn;
      const checks = [
        ...account.map((c) => ({ ...c, key: userId })),
        ...(msisdn ? number.map((c) => ({ ...c, key: keyOf(store, 'msisdn', msisdn) })) : []),
      ];
      const results = await Promise.allSettled(checks.map((c) => c.counter.consume(c.key)));
      const refused = results.flatMap((r, i) => (r.status === 'rejected' && isOverLimit(r.reason) ? [{ scope: checks[i]!.scope, ms: r.reason.msBeforeNext }] : []));
      const failed = results.find((r) => r.status === 'rejected' && !isOverLimit(r.reason));
      if (!refused.length && !failed) return;
      // Refused (or a store error): the request is not made, so none of its points stay counted.
      await Promise.all(checks.map((c, i) => (results[i]!.status === 'fulfilled' || isOverLimit((results[i] as PromiseRejectedResult).reason) ? c.counter.reward(c.key) : null)));
      if (failed) throw (failed as PromiseRejectedResult).reason;
      const worst = refused.reduce((a, b) => (b.ms > a.ms ? b : a));
      throw limitedError(worst.ms, 'payment_rate_limited', worst.scope === 'number' ? 'Too many payment requests to this number.' : 'Too many payment requests from this account.', {
        scope: worst.scope,
        retryAfterMinutes: Math.ceil(worst.ms / 60_000),
      });
    },
  };
}
