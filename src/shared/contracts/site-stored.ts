/**
 * Site settings as read back from the database (docs/decisions/022-site-settings-and-prices.md, amended by
 * docs/decisions/039-plans-and-languages-as-data.md): the stored document is read field by field over the defaults
 * (site-defaults.ts) with the contract (site.ts).
 * - a field the document lacks (one added after it was saved) takes its default;
 * - a field that does not pass takes its default alone, and is named in `fallbacks` for the caller to log;
 * - `prices` is read plan by plan: a plan the document lacks (a plan added after the save) or whose price does not
 *   pass takes its default price, the other plans keep theirs.
 * So a new plan, or one bad field, never sends every setting back to its default.
 */
import { PLAN_IDS, type PlanId } from '../domain/plans.js';
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';
import { planPriceSetting, siteSettings, type PlanPriceSetting, type SiteSettings } from './site.js';

/** What `settingsFromStored` read: the settings in force and the fields (`prices.<plan>` for a price) that fell back. */
export interface SettingsReadBack {
  settings: SiteSettings;
  /** Paths of the stored values that did not pass and were replaced by their default, e.g. `supportEmail`, `prices.weekly`. */
  fallbacks: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a stored settings document (any JSON value) into the settings in force; never throws. A document that is not
 * an object gives the defaults with `fallbacks: ['*']`.
 */
export function settingsFromStored(stored: unknown): SettingsReadBack {
  if (!isRecord(stored)) return { settings: DEFAULT_SITE_SETTINGS, fallbacks: ['*'] };
  const fallbacks: string[] = [];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(siteSettings.shape) as (keyof SiteSettings)[]) {
    if (key === 'prices') continue;
    if (!(key in stored)) {
      out[key] = DEFAULT_SITE_SETTINGS[key];
      continue;
    }
    const parsed = siteSettings.shape[key].safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
    else {
      out[key] = DEFAULT_SITE_SETTINGS[key];
      fallbacks.push(key);
    }
  }
  const storedPrices = isRecord(stored.prices) ? stored.prices : {};
  if ('prices' in stored && !isRecord(stored.prices)) fallbacks.push('prices');
  const prices = {} as Record<PlanId, PlanPriceSetting>;
  for (const id of PLAN_IDS) {
    const parsed = id in storedPrices ? planPriceSetting.safeParse(storedPrices[id]) : null;
    if (parsed && !parsed.success) fallbacks.push(`prices.${id}`);
    prices[id] = parsed?.success ? parsed.data : DEFAULT_SITE_SETTINGS.prices[id];
  }
  out.prices = prices;
  return { settings: out as SiteSettings, fallbacks };
}
