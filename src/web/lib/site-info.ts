import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS, telHref, whatsappHref } from '../../shared/contracts/site-defaults';
import type { SiteSettings } from '../../shared/contracts/site';
import { apiRequest } from './api-client';

/**
 * Sobanura's public contact details, hours, terms' entity and law, home figures, testimonials and plan prices: the
 * site settings a super admin edits in the panel (docs/decisions/022-site-settings-and-prices.md). The footer, the
 * About, Contact, Help and Terms pages, the home page and the plans read them here; until the answer is in (or if
 * it fails) they show the last settings seen, else the defaults (today's values, shared/contracts/site.ts).
 *
 * The server-side renderer fetches them before it draws (entry-server.tsx), so drawn pages, and the shared page
 * cache, show them; a save clears that cache (src/server/modules/site).
 */
export type { SiteSettings };
export { DEFAULT_SITE_SETTINGS, telHref, whatsappHref };

/** The query key of GET /api/site-settings (not under ['catalog']: a catalogue change does not refetch it). */
export const SITE_SETTINGS_KEY = ['site', 'settings'] as const;

/** GET /api/site-settings. */
export function getSiteSettings(): Promise<SiteSettings> {
  return apiRequest('/api/site-settings');
}

/** Last settings this browser received: shown while they are fetched again after signing in or out (which drops queries). */
let lastSeen: SiteSettings | null = null;

/** The site settings in force; never undefined (see the module comment). */
export function useSiteSettings(): SiteSettings {
  const q = useQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: getSiteSettings, staleTime: 5 * 60_000 });
  if (q.data && typeof window !== 'undefined') lastSeen = q.data;
  return q.data ?? (typeof window !== 'undefined' ? lastSeen : null) ?? DEFAULT_SITE_SETTINGS;
}

/** "09:00" → [9, 0], for formatTimeRange. */
export function clockParts(hhmm: string): [number, number] {
  const [h, m] = hhmm.split(':').map(Number);
  return [h ?? 0, m ?? 0];
}

/**
 * The name of a country (ISO 3166-1 alpha-2) in `language` ("UG" → "Uganda", "Ouganda"); the code itself when the
 * runtime has no name for it. Kinyarwanda has no CLDR names yet: English is used.
 */
export function countryName(code: string, language: string): string {
  for (const lang of [language, 'en']) {
    try {
      const name = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(code);
      if (name) return name;
    } catch {
      // an unknown language or code: try the next
    }
  }
  return code;
}
