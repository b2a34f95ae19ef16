/**
 * Site settings (docs/decisions/022-site-settings-and-prices.md): the operator's contact details, hours, terms'
 * legal entity and governing law, home figures, testimonials and plan prices, edited by a super admin.
 *
 * - `current()` is what every reader gets: the stored document read field by field over the defaults (a field added
 *   later, or a plan added later, takes its default; a field that does not pass takes its default alone, logged as a
 *   warning: contracts/site-stored.ts); the defaults when nothing is stored.
 *   It is kept in memory until a change: a save on any instance sends `pg_notify('site_settings')`, and every
 *   instance listening (`start`) drops its copy and calls its `onChange` listeners (the shared page cache).
 * - `planPrice(plan)` is the price a new payment for `plan` charges, integer RWF. A payment keeps the amount it was
 *   created with; settlement never reads a price (billing.repository.ts `settle`).
 * Errors: `save` throws the contract's ZodError (400 `validation_failed` naming the field) for a bad document.
 */
import { sql } from 'drizzle-orm';
import { siteSettings, type SiteSettings } from '../../../shared/contracts/site.js';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/contracts/site-defaults.js';
import { settingsFromStored } from '../../../shared/contracts/site-stored.js';
import { isOtherPriceCurrency, OTHER_PRICE_CURRENCIES, type OtherPriceCurrency, type PlanId, type PricedPlan, withCurrencyPrices, withPrices } from '../../../shared/domain/plans.js';
import type { Database, DbHandle } from '../../db/client.js';
import type { SiteRepository } from './site.repository.js';

/** The NOTIFY channel of settings changes; the payload is unused. */
export const SITE_CHANNEL = 'site_settings';

export function createSiteService(deps: { repo: SiteRepository; db: Database; listen?: DbHandle['listen']; log: { warn(obj: object, msg: string): void } }) {
  const { repo, log } = deps;
  let cached: Promise<SiteSettings> | null = null;
  const listeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;

  const changed = () => {
    cached = null;
    for (const l of [...listeners]) {
      try {
        l();
      } catch (err) {
        log.warn({ err }, 'site settings listener failed');
      }
    }
  };

  async function load(): Promise<SiteSettings> {
    const stored = await repo.read();
    if (!stored) return DEFAULT_SITE_SETTINGS;
    const { settings, fallbacks } = settingsFromStored(stored.data);
    if (fallbacks.length) log.warn({ updatedAt: stored.updatedAt, fields: fallbacks }, 'stored site settings: these fields do not pass the contract; serving their defaults');
    return settings;
  }

  function current(): Promise<SiteSettings> {
    const p = (cached ??= load());
    // A failed read is not kept: the next caller tries again.
    p.catch(() => {
      if (cached === p) cached = null;
    });
    return p;
  }

  return {
    /** The settings in force (see the module comment). */
    current,
    /**
     * Validates `input` with the contract and stores it whole; returns the settings as stored.
     * @throws ZodError for a bad document (nothing is stored then).
     */
    async save(input: unknown, byUserId: string): Promise<SiteSettings> {
      const settings = siteSettings.parse(input);
      await repo.write(settings, byUserId);
      await deps.db.execute(sql`select pg_notify(${SITE_CHANNEL}, '1')`);
      changed();
      return settings;
    },
    /**
     * Price of `plan` in force now in `currency` (integer minor units; default RWF): what a payment created now
     * charges. Null for a currency nobody set prices in (docs/decisions/043-payment-methods-countries-and-currencies.md).
     */
    async planPrice(plan: PlanId, currency = 'RWF'): Promise<number | null> {
      const s = await current();
      if (currency === 'RWF') return s.prices[plan].priceRwf;
      return isOtherPriceCurrency(currency) ? s.currencyPrices[currency].plans[plan].price : null;
    },
    /** Price in force of one title bought alone in `currency` other than RWF (whose price is the title's own), or null. */
    async titlePrice(currency: string): Promise<number | null> {
      return isOtherPriceCurrency(currency) ? (await current()).currencyPrices[currency].title : null;
    },
    /** The four plans with the prices in force in every currency (durations and features from domain/plans.ts). */
    async plans(): Promise<PricedPlan[]> {
      const s = await current();
      return withCurrencyPrices(withPrices(s.prices), s.currencyPrices);
    },
    /** The price of one title bought alone in each currency other than RWF. */
    async titlePrices(): Promise<Record<OtherPriceCurrency, number>> {
      const s = await current();
      return Object.fromEntries(OTHER_PRICE_CURRENCIES.map((c) => [c, s.currencyPrices[c].title])) as Record<OtherPriceCurrency, number>;
    },
    /** Calls `fn` after every change, on this instance or another; returns the function that removes it. */
    onChange(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** Listens for other instances' saves (idempotent); a dropped and regained connection counts as a change. */
    async start(): Promise<void> {
      if (unlisten || !deps.listen) return;
      unlisten = await deps.listen(SITE_CHANNEL, changed, changed);
    },
    async stop(): Promise<void> {
      const u = unlisten;
      unlisten = null;
      await u?.().catch(() => {});
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
