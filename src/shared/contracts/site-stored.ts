/**
 * Site settings as read back from the database (docs/decisions/022-site-settings-and-prices.md): the stored document
 * merged over the defaults (site-defaults.ts) and validated with the contract (site.ts).
 */
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';
import { siteSettings, type SiteSettings } from './site.js';

/**
 * Stored settings read back: every top-level field the document lacks (one added after it was saved) takes its
 * default; the whole is then validated. Returns null when the stored document does not pass (the caller serves
 * the defaults and logs it).
 */
export function settingsFromStored(stored: unknown): SiteSettings | null {
  const merged = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...DEFAULT_SITE_SETTINGS, ...(stored as object) } : DEFAULT_SITE_SETTINGS;
  const parsed = siteSettings.safeParse(merged);
  return parsed.success ? parsed.data : null;
}
