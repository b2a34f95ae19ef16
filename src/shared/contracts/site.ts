import { z } from 'zod';
import { DEFAULT_CURRENCY_PRICES, OTHER_PRICE_CURRENCIES, PLAN_IDS, type PlanId } from '../domain/plans.js';

/**
 * Site settings: the operator's own content, edited by a super admin in the panel's Settings tab and kept in the
 * database as one JSON document (docs/decisions/022-site-settings-and-prices.md). Until an admin saves, the
 * defaults (site-defaults.ts, imported from there: this file does not re-export them, so that the two do not import
 * each other) are today's values (docs/product/viewer.md §1, §2 and §9), so nothing changes by itself.
 * - GET /api/site-settings        anonymous, cacheable  → SiteSettings
 * - PUT /api/admin/site-settings  super_admin           SiteSettings → SiteSettings (the whole document)
 * Every message below is English; the web shows `siteSettings.errors.<rule>` in the viewer's language.
 */

/** Longest text of each kind (characters). */
export const SITE_LIMITS = { short: 80, figure: 12, address: 200, quote: 400, socialLinks: 8, testimonials: 6 } as const;
/** Highest price or compare-at price a plan may have, RWF. */
export const MAX_PLAN_PRICE_RWF = 10_000_000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((s) => (s === '' ? null : s))
    .nullable();
const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `Must be at most ${max} characters`);

/** A phone number as shown: + and digits with spaces, 9 to 15 digits (E.164 allows 15). */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]+$/, 'Enter a phone number: digits, spaces and a leading +')
  .refine((s) => {
    const n = s.replace(/\D/g, '').length;
    return n >= 9 && n <= 15;
  }, 'Enter a phone number of 9 to 15 digits');
const optionalPhone = z
  .union([z.literal(''), phone])
  .transform((s) => (s === '' ? null : s))
  .nullable();
const httpsUrl = z
  .string()
  .trim()
  .max(300, 'Must be at most 300 characters')
  .pipe(z.url({ protocol: /^https$/, error: 'Enter a link starting with https://' }));
/** "09:00" style time, 24-hour. */
const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter a time as HH:MM');
const opening = z
  .object({ open: clock, close: clock })
  .refine((r) => r.open < r.close, { message: 'Closing must be after opening', path: ['close'] })
  .nullable();
const price = z.number('Enter a whole number of RWF').int('Enter a whole number of RWF').min(1, 'Must be at least 1 RWF').max(MAX_PLAN_PRICE_RWF, `Must be at most ${MAX_PLAN_PRICE_RWF} RWF`);

export const planPriceSetting = z.object({
  /** What the plan costs, integer RWF: what a new payment for it charges. */
  priceRwf: price,
  /** The "was" price, integer RWF; shown struck through only when above `priceRwf` (planSaving in domain/plans.ts). */
  compareAtRwf: price.nullable(),
});
export type PlanPriceSetting = z.infer<typeof planPriceSetting>;

/** Highest price in minor units of UGX or USD cents (10 million UGX, 100,000 USD). */
export const MAX_OTHER_PRICE_MINOR = 10_000_000;
const minorPrice = z.number('Enter a whole number').int('Enter a whole number').min(1, 'Must be at least 1').max(MAX_OTHER_PRICE_MINOR, `Must be at most ${MAX_OTHER_PRICE_MINOR}`);
const currencyPriceList = z.object({
  /** Each plan's price and compare-at price, integer minor units (UGX whole, USD cents). */
  plans: z.object(Object.fromEntries(PLAN_IDS.map((id) => [id, z.object({ price: minorPrice, compareAt: minorPrice.nullable() })])) as Record<PlanId, z.ZodObject<{ price: typeof minorPrice; compareAt: z.ZodNullable<typeof minorPrice> }>>),
  /** One title bought on its own (a title sold alone in RWF, i.e. with a price_rwf). */
  title: minorPrice,
});
/**
 * Prices in UGX and USD (docs/decisions/043-payment-methods-countries-and-currencies.md): set by a super admin, never
 * converted from RWF. A document stored before they existed reads the defaults (domain/plans.ts).
 */
const currencyPrices = z
  .object(Object.fromEntries(OTHER_PRICE_CURRENCIES.map((c) => [c, currencyPriceList])) as Record<(typeof OTHER_PRICE_CURRENCIES)[number], typeof currencyPriceList>)
  .prefault(DEFAULT_CURRENCY_PRICES);

const figure = optionalText(SITE_LIMITS.figure);

export const siteSettings = z.object({
  /** Support phone as shown ("+250 788 000 000"); null hides it. */
  supportPhone: optionalPhone,
  /** WhatsApp number as shown; the link is wa.me/<digits>. Null hides it. */
  whatsapp: optionalPhone,
  supportEmail: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'))])
    .transform((s) => (s === '' ? null : s))
    .nullable(),
  /** Postal address as typed (one or more lines); null shows nothing. */
  postalAddress: optionalText(SITE_LIMITS.address),
  social: z.array(z.object({ name: text(40), url: httpsUrl })).max(SITE_LIMITS.socialLinks, `At most ${SITE_LIMITS.socialLinks} links`),
  /** Opening hours, local time (Africa/Kigali); null: closed that day. */
  hours: z.object({ weekdays: opening, saturday: opening, sunday: opening }),
  /** The company that runs the site, named in the terms; null names none. */
  legalEntity: optionalText(120),
  /** The country whose law governs the terms, ISO 3166-1 alpha-2 ("UG"); its name is shown in the viewer's language. */
  governingLaw: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Enter a two-letter country code such as RW or UG'),
  /** The home and about pages' figures, as shown ("1000+"); each is shown only when set. */
  figures: z.object({ titles: figure, viewers: figure, streaming: figure, picture: figure, qualityRating: figure }),
  /**
   * Testimonials shown on the home page, as typed; `null` shows the spec's three sample testimonials in the viewer's
   * language (the default); an empty list hides the section.
   */
  testimonials: z
    .array(z.object({ quote: text(SITE_LIMITS.quote), name: text(SITE_LIMITS.short), place: optionalText(SITE_LIMITS.short) }))
    .max(SITE_LIMITS.testimonials, `At most ${SITE_LIMITS.testimonials} testimonials`)
    .nullable(),
  /** Price and compare-at price of each plan; durations and features stay in code (domain/plans.ts). */
  prices: z.object(Object.fromEntries(PLAN_IDS.map((id) => [id, planPriceSetting])) as Record<PlanId, typeof planPriceSetting>),
  currencyPrices,
});
/** The settings as stored and served (after parsing). */
export type SiteSettings = z.infer<typeof siteSettings>;
/** The settings as a form or a client sends them (before trimming and blank-to-null). */
export type SiteSettingsInput = z.input<typeof siteSettings>;

const s = z.string();
const plainOpening = z.object({ open: s, close: s }).nullable();
/** The settings as served (a plain shape for the response serializer, which cannot run the input's transforms back). */
export const siteSettingsView = z.object({
  supportPhone: s.nullable(),
  whatsapp: s.nullable(),
  supportEmail: s.nullable(),
  postalAddress: s.nullable(),
  social: z.array(z.object({ name: s, url: s })),
  hours: z.object({ weekdays: plainOpening, saturday: plainOpening, sunday: plainOpening }),
  legalEntity: s.nullable(),
  governingLaw: s,
  figures: z.object({ titles: s.nullable(), viewers: s.nullable(), streaming: s.nullable(), picture: s.nullable(), qualityRating: s.nullable() }),
  testimonials: z.array(z.object({ quote: s, name: s, place: s.nullable() })).nullable(),
  prices: z.object(Object.fromEntries(PLAN_IDS.map((id) => [id, z.object({ priceRwf: z.number().int(), compareAtRwf: z.number().int().nullable() })])) as Record<PlanId, z.ZodObject<{ priceRwf: z.ZodNumber; compareAtRwf: z.ZodNullable<z.ZodNumber> }>>),
  currencyPrices: z.object(Object.fromEntries(OTHER_PRICE_CURRENCIES.map((c) => [c, currencyPriceList])) as Record<(typeof OTHER_PRICE_CURRENCIES)[number], typeof currencyPriceList>),
});
