/**
 * Pass plans and their arithmetic.
 *
 * Source: viewer spec section 9 (plan table). Prices are integer RWF; durations are seconds.
 * The server decides every amount from this table; a client never sends a price.
 */

export const PLAN_IDS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** Price in integer RWF. */
  priceRwf: number;
  /** Length of the pass in seconds. */
  durationSeconds: number;
  /** Highest rendition height the pass allows (null: the highest available). Spec section 9 "Features". */
  maxHeight: number | null;
  /** Simultaneous streams per account. */
  devices: number;
  /** Downloads per pass (null: unlimited). */
  downloads: number | null;
  /** Marked "most popular" on the plans page. */
  popular: boolean;
  /** Struck-through "was" price in RWF, shown on the plans page (Yearly only). */
  compareAtRwf: number | null;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export const PLANS: Record<PlanId, Plan> = {
  daily: { id: 'daily', priceRwf: 500, durationSeconds: DAY, maxHeight: 720, devices: 1, downloads: 0, popular: false, compareAtRwf: null },
  weekly: { id: 'weekly', priceRwf: 3000, durationSeconds: 7 * DAY, maxHeight: 1080, devices: 3, downloads: 10, popular: false, compareAtRwf: null },
  monthly: { id: 'monthly', priceRwf: 7000, durationSeconds: 30 * DAY, maxHeight: 1080, devices: 5, downloads: 25, popular: true, compareAtRwf: null },
  yearly: { id: 'yearly', priceRwf: 85000, durationSeconds: 365 * DAY, maxHeight: null, devices: 6, downloads: null, popular: false, compareAtRwf: 84000 },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * New expiry of a pass after buying `plan`: the later of `now` and the current expiry, plus the plan's duration
 * (ADR 004: passes stack, they never shorten). Since ADR 019 this is the rule for buying the plan already in
 * force; other plans go through `buyPass` (pass-stacking.ts).
 * @param currentExpiry the current pass's expiry, or null when there is none.
 */
export function extendExpiry(now: Date, currentExpiry: Date | null, plan: PlanId): Date {
  const start = currentExpiry && currentExpiry.getTime() > now.getTime() ? currentExpiry : now;
  return new Date(start.getTime() + PLANS[plan].durationSeconds * 1000);
}

/** A pass counts as active only while its status is active and its expiry is in the future (viewer spec section 4). */
export function isPassActive(pass: { status: string; expiresAt: Date | string } | null | undefined, now = new Date()): boolean {
  if (!pass || pass.status !== 'active') return false;
  return new Date(pass.expiresAt).getTime() > now.getTime();
}

/**
 * Remaining time of a pass for display: `{ unit: 'days', count }` or, under a day, `{ unit: 'hours', count }`
 * (viewer spec section 4: "N day(s) remaining", "N hour(s) remaining"). Whole days count down (3 days and 5
 * hours read "3 days"); under a day, hours round up (59 minutes read "1 hour"); 0 hours when expired.
 */
export function remainingTime(expiresAt: Date | string, now = new Date()): { unit: 'days' | 'hours'; count: number } {
  const ms = Math.max(0, new Date(expiresAt).getTime() - now.getTime());
  if (ms >= DAY * 1000) return { unit: 'days', count: Math.floor(ms / (DAY * 1000)) };
  return { unit: 'hours', count: Math.ceil(ms / (HOUR * 1000)) };
}

/**
 * The English text of `remainingTime` (viewer spec section 4): "1 day remaining", "3 days remaining",
 * "1 hour remaining", "5 hours remaining", "Expired" at 0. The web translates from `remainingTime` itself.
 */
export function remainingTimeText(expiresAt: Date | string, now = new Date()): string {
  const { unit, count } = remainingTime(expiresAt, now);
  if (count === 0) return 'Expired';
  const word = unit === 'days' ? 'day' : 'hour';
  return `${count} ${word}${count === 1 ? '' : 's'} remaining`;
}
