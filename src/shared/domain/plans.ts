/**
 * Pass plans and their arithmetic.
 *
 * Source: docs/product/viewer.md §9 (plan table). Prices are integer RWF; durations are seconds.
 * The server decides every amount from this table; a client never sends a price.
 */

export interface Plan<Id extends string = PlanId> {
  /** The plan's id, kept in payments and passes (a database enum: docs/decisions/039-plans-and-languages-as-data.md). */
  id: Id;
  /** Price in integer RWF. */
  priceRwf: number;
  /** Length of the pass in seconds. */
  durationSeconds: number;
  /** Highest rendition height the pass allows (null: the highest available). docs/product/viewer.md §9 "Features". */
  maxHeight: number | null;
  /** Simultaneous streams per account. */
  devices: number;
  /** Downloads per pass (null: unlimited). */
  downloads: number | null;
  /** Marked "most popular" on the plans page. */
  popular: boolean;
  /**
   * "Was" price in RWF. Shown struck through, with a "Save N%" badge, only when `planSaving` says it is true
   * (docs/decisions/022): the earlier spec's 84,000 RWF for Yearly (docs/product/viewer.md §9) is below its
   * 85,000 RWF price, so it is not shown.
   */
  compareAtRwf: number | null;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * THE list of plans, worst to best (pass-stacking.ts ranks plans in this order; the first is what a viewer without a
 * pass gets, the last what a super admin gets: entitlements.ts). Adding a plan: one entry here, its texts
 * (`plans.<id>.*` in src/web/locales/{en,fr,rw}.json) and the migration `npm run db:generate` writes for the
 * database enum (docs/decisions/039-plans-and-languages-as-data.md).
 */
const PLAN_TABLE = [
  { id: 'daily', priceRwf: 500, durationSeconds: DAY, maxHeight: 720, devices: 1, downloads: 0, popular: false, compareAtRwf: null },
  { id: 'weekly', priceRwf: 3000, durationSeconds: 7 * DAY, maxHeight: 1080, devices: 3, downloads: 10, popular: false, compareAtRwf: null },
  { id: 'monthly', priceRwf: 7000, durationSeconds: 30 * DAY, maxHeight: 1080, devices: 5, downloads: 25, popular: true, compareAtRwf: null },
  { id: 'yearly', priceRwf: 85000, durationSeconds: 365 * DAY, maxHeight: null, devices: 6, downloads: null, popular: false, compareAtRwf: 84000 },
] as const satisfies readonly Plan<string>[];

export type PlanId = (typeof PLAN_TABLE)[number]['id'];
/** The plan ids, worst to best (a non-empty tuple, as `z.enum` and `pgEnum` want it). */
export const PLAN_IDS = PLAN_TABLE.map((p) => p.id) as unknown as readonly [PlanId, ...PlanId[]];
export const PLANS = Object.fromEntries(PLAN_TABLE.map((p) => [p.id, p])) as unknown as Record<PlanId, Plan>;
/** The plan a viewer without a pass is held to (quality cap, streams): the first of the list. */
export const ENTRY_PLAN: Plan = PLAN_TABLE[0];
/** The best plan (the last of the list): a super admin's streams. */
export const BEST_PLAN: Plan = PLAN_TABLE[PLAN_TABLE.length - 1]!;
/** The plan the plans page selects when none is asked for: the one marked popular (else the first). */
export const DEFAULT_PLAN: PlanId = (PLAN_TABLE.find((p) => p.popular) ?? PLAN_TABLE[0]).id;

/**
 * The prices of `PLANS` are the defaults: what a plan costs until a super admin sets another price in the site
 * settings (src/shared/contracts/site.ts). The server charges the effective price and keeps it on the payment.
 * Returns `PLANS[id]` with `prices[id]`'s price and compare-at price.
 */
export function withPrices(prices: Partial<Record<PlanId, { priceRwf: number; compareAtRwf: number | null }>>): Plan[] {
  return PLAN_IDS.map((id) => ({ ...PLANS[id], ...(prices[id] ? { priceRwf: prices[id].priceRwf, compareAtRwf: prices[id].compareAtRwf } : {}) }));
}

/** A price in one currency: integer minor units (ISO 4217 exponent: RWF and UGX whole, USD cents). */
export interface CurrencyPrice {
  price: number;
  /** The "was" price, same units; struck through only when above `price` (planSaving). */
  compareAt: number | null;
}

/**
 * Prices in the currencies other than RWF (RWF stays the plan table's and the site settings' `prices`, as the spec
 * has them): every plan, and one title bought on its own, per currency. The site never converts: a super admin sets
 * each (site settings `currencyPrices`), and these are the defaults
 * (docs/decisions/043-payment-methods-countries-and-currencies.md, "Prices"): UGX for Uganda's wallets, USD for
 * cards abroad, with the spec's 4.99 USD for a film (docs/product/viewer.md).
 */
export const OTHER_PRICE_CURRENCIES = ['UGX', 'USD'] as const;
export type OtherPriceCurrency = (typeof OTHER_PRICE_CURRENCIES)[number];
export type CurrencyPriceList = { plans: Record<PlanId, CurrencyPrice>; title: number };

export function isOtherPriceCurrency(value: string): value is OtherPriceCurrency {
  return (OTHER_PRICE_CURRENCIES as readonly string[]).includes(value);
}

export const DEFAULT_CURRENCY_PRICES: Record<OtherPriceCurrency, CurrencyPriceList> = {
  UGX: {
    plans: {
      daily: { price: 1500, compareAt: null },
      weekly: { price: 8000, compareAt: null },
      monthly: { price: 18000, compareAt: null },
      yearly: { price: 220000, compareAt: null },
    },
    title: 5000,
  },
  USD: {
    plans: {
      daily: { price: 99, compareAt: null },
      weekly: { price: 299, compareAt: null },
      monthly: { price: 599, compareAt: null },
      yearly: { price: 5999, compareAt: 7188 },
    },
    title: 499,
  },
};

/** A plan with its price in every currency (RWF from the plan's own price; the others from `currencyPrices`). */
export type PricedPlan = Plan & { prices: Record<'RWF' | OtherPriceCurrency, CurrencyPrice> };

/** `plans` with their prices in every currency, from `currencyPrices` (default DEFAULT_CURRENCY_PRICES). */
export function withCurrencyPrices(plans: readonly Plan[], currencyPrices: Record<OtherPriceCurrency, CurrencyPriceList> = DEFAULT_CURRENCY_PRICES): PricedPlan[] {
  return plans.map((p) => ({
    ...p,
    prices: {
      RWF: { price: p.priceRwf, compareAt: p.compareAtRwf },
      ...(Object.fromEntries(OTHER_PRICE_CURRENCIES.map((c) => [c, currencyPrices[c].plans[p.id]])) as Record<OtherPriceCurrency, CurrencyPrice>),
    },
  }));
}

/**
 * What the plans page may say about a price (docs/decisions/022-site-settings-and-prices.md): the struck-through
 * compare-at price only when it is above the price, and "Save N%" with N = floor((compareAt − price) / compareAt ×
 * 100) only when N ≥ 1 (a compare-at above the price by under 1% is struck through without a badge). Both are
 * integer RWF; the percent is computed in integers, so it is exact.
 * @returns `compareAtRwf` to strike through (or null) and `savePercent` for the badge (or null).
 */
export function planSaving(priceRwf: number, compareAtRwf: number | null | undefined): { compareAtRwf: number | null; savePercent: number | null } {
  if (compareAtRwf == null || !(compareAtRwf > priceRwf) || !(priceRwf >= 0)) return { compareAtRwf: null, savePercent: null };
  const percent = Math.floor(((compareAtRwf - priceRwf) * 100) / compareAtRwf);
  return { compareAtRwf, savePercent: percent >= 1 ? percent : null };
}

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

/** A pass counts as active only while its status is active and its expiry is in the future (docs/product/viewer.md §4). */
export function isPassActive(pass: { status: string; expiresAt: Date | string } | null | undefined, now = new Date()): boolean {
  if (!pass || pass.status !== 'active') return false;
  return new Date(pass.expiresAt).getTime() > now.getTime();
}

/**
 * Remaining time of a pass for display: `{ unit: 'days', count }` or, under a day, `{ unit: 'hours', count }`
 * (docs/product/viewer.md §4: "N day(s) remaining", "N hour(s) remaining"). From a day up, whole days, a day that
 * lacks less than an hour counting whole (3 days and 5 hours read "3 days"; 6 days 23 hours and a minute read
 * "7 days", so a 7-day pass bought a moment ago reads 7 and never more than an hour over); under a day, hours round
 * up (59 minutes read "1 hour"); 0 hours when expired.
 */
export function remainingTime(expiresAt: Date | string, now = new Date()): { unit: 'days' | 'hours'; count: number } {
  const ms = Math.max(0, new Date(expiresAt).getTime() - now.getTime());
  // Whole days, counting a day that lacks less than an hour: a 7-day pass bought a moment ago reads 7, not 6.
  if (ms >= DAY * 1000) return { unit: 'days', count: Math.floor((ms + HOUR * 1000) / (DAY * 1000)) };
  return { unit: 'hours', count: Math.ceil(ms / (HOUR * 1000)) };
}

/**
 * The English text of `remainingTime` (docs/product/viewer.md §4): "1 day remaining", "3 days remaining",
 * "1 hour remaining", "5 hours remaining", "Expired" at 0. The web translates from `remainingTime` itself.
 */
export function remainingTimeText(expiresAt: Date | string, now = new Date()): string {
  const { unit, count } = remainingTime(expiresAt, now);
  if (count === 0) return 'Expired';
  const word = unit === 'days' ? 'day' : 'hour';
  return `${count} ${word}${count === 1 ? '' : 's'} remaining`;
}
