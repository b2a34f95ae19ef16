/**
 * The site settings' defaults and the links drawn from a phone number, without zod: the header and footer of every
 * page read these (src/web/lib/site-info.ts), and importing the contract (site.ts) would put zod into the web's
 * entry chunk, which every page loads (docs/decisions/014-server-rendering.md). site.ts re-exports them.
 */
import { DEFAULT_CURRENCY_PRICES, PLAN_IDS, PLANS, type PlanId } from '../domain/plans.js';
import type { PlanPriceSetting, SiteSettings } from './site.js';

/** Today's values (docs/product/viewer.md §1, §2, §9 and the placeholders of our own domain): what is served until an admin saves. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  supportPhone: '+250 788 000 000',
  whatsapp: '+250 788 000 000',
  supportEmail: 'support@sobanura.rw',
  postalAddress: 'Kigali, Rwanda',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/sobanura' },
    { name: 'Instagram', url: 'https://www.instagram.com/sobanura' },
    { name: 'X', url: 'https://x.com/sobanura' },
    { name: 'YouTube', url: 'https://www.youtube.com/@sobanura' },
  ],
  hours: { weekdays: { open: '09:00', close: '18:00' }, saturday: { open: '10:00', close: '16:00' }, sunday: null },
  legalEntity: null,
  governingLaw: 'UG',
  figures: { titles: '1000+', viewers: '50K+', streaming: '24/7', picture: 'HD', qualityRating: '99.9%' },
  testimonials: null,
  prices: Object.fromEntries(PLAN_IDS.map((id) => [id, { priceRwf: PLANS[id].priceRwf, compareAtRwf: PLANS[id].compareAtRwf }])) as Record<PlanId, PlanPriceSetting>,
  currencyPrices: DEFAULT_CURRENCY_PRICES,
};

/** `tel:` link of a phone as shown: "+250 788 000 000" → "tel:+250788000000". */
export function telHref(shown: string): string {
  return `tel:${shown.trim().startsWith('+') ? '+' : ''}${shown.replace(/\D/g, '')}`;
}

/** WhatsApp link of a number as shown: "+250 788 000 000" → "https://wa.me/250788000000". */
export function whatsappHref(shown: string): string {
  return `https://wa.me/${shown.replace(/\D/g, '')}`;
}
