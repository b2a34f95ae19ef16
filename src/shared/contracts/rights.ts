import { z } from 'zod';
import { SHARES_TOTAL_BP } from '../domain/licence.js';

/**
 * Rights and licences of titles (docs/product/admin.md "Rights and licences"; docs/decisions/050-rights-and-licences.md).
 * A title is a movie (a film, or a multi-part film's main movie: its `titleId` is the ledger's, `filmTitle` ADR 023)
 * or a series. Every route is `access: 'admin'` (admin or super_admin): anonymous callers get 401 `unauthenticated`,
 * other signed-in callers 403 `forbidden`.
 * - GET  /api/admin/rights/:titleId            → { rights: TitleRights }
 * - PUT  /api/admin/rights/:titleId            rightsBody → { rights: TitleRights } (holders, licence and countries replaced)
 * - PUT  /api/admin/rights/:titleId/document   raw PDF, JPEG, PNG or WebP bytes (under 10 MB) → { rights }
 * - GET  /api/admin/rights/:titleId/document   the stored document (streamed, `cache-control: no-store`)
 * - GET  /api/admin/rights/ending?days=30      → { items: EndingLicence[] }: licences ending within `days` (1..366) from now, soonest first
 * Create routes (POST /api/admin/movies, /api/admin/movies/form, /api/admin/series) take an optional `rights`
 * (rightsCreateInput): absent fields default to the movie's translator (else the operator) as sole holder, a licence
 * from now, no end, every country.
 * Shares are basis points (integers 1..10000; 10000 = 100 %), and a title's add up to exactly 10000.
 * Errors: 400 `validation_failed` (fields `body.holders` when the shares do not add up to 100 %, a holder twice,
 * `body.licenceEnd` not after the start, `body.countries` an unknown code), 404 `not_found` (no such title, translator,
 * party or document), 413 `payload_too_large` / 415 `document_rejected` (document not a PDF or image).
 */

/** Largest licence document, bytes (10 MB). */
export const MAX_RIGHTS_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Most holders of one title. */
export const MAX_RIGHTS_HOLDERS = 20;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Whether `code` is an ISO 3166-1 alpha-2 country code (ICU knows a name for it). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return false;
  const name = regionNames.of(code);
  return !!name && name !== code;
}

export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'Not an ISO 3166-1 alpha-2 country code' });

/** 'everywhere', or a list of country codes (each once). */
export const licenceCountries = z.union([
  z.literal('everywhere'),
  z
    .array(countryCode)
    .min(1, 'Pick at least one country, or everywhere')
    .max(250)
    .transform((l) => [...new Set(l)].sort()),
]);

const shareBp = z.number().int('Shares are whole basis points').min(1, 'A share is at least 0.01 %').max(SHARES_TOTAL_BP, 'A share is at most 100 %');

export const rightsHolderInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator'), shareBp }),
  z.object({ kind: z.literal('translator'), translatorId: z.uuid('Not a valid id'), shareBp }),
  /** An existing party by id, or a new one by name (with an optional e-mail and mobile number for payouts). */
  z.object({
    kind: z.literal('party'),
    partyId: z.uuid('Not a valid id').optional(),
    name: z.string().trim().min(1).max(200).optional(),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).optional(),
    phone: z.string().trim().max(20).optional(),
    shareBp,
  }),
]);
export type RightsHolderInput = z.output<typeof rightsHolderInput>;

const instant = z.iso.datetime({ offset: true, message: 'Not an ISO 8601 date and time' }).transform((s) => new Date(s));

/** PUT /api/admin/rights/:titleId: the whole record (holders, licence window, countries). */
export const rightsBody = z.object({
  holders: z.array(rightsHolderInput).min(1, 'A title has at least one holder').max(MAX_RIGHTS_HOLDERS),
  licenceStart: instant,
  licenceEnd: instant.nullable().optional().default(null),
  countries: licenceCountries.optional().default('everywhere'),
});
export type RightsBody = z.output<typeof rightsBody>;

/** The optional `rights` of the create routes: each field absent takes its default (see the file comment). */
export const rightsCreateInput = z.object({
  holders: z.array(rightsHolderInput).min(1).max(MAX_RIGHTS_HOLDERS).optional(),
  licenceStart: instant.optional(),
  licenceEnd: instant.nullable().optional(),
  countries: licenceCountries.optional(),
});
export type RightsCreateInput = z.output<typeof rightsCreateInput>;

export const titleIdParams = z.object({ titleId: z.uuid('Not a valid id') });
export const endingQuery = z.object({ days: z.coerce.number().int().min(1).max(366).optional().default(30) });

/** Whether a licence is in force now, and why not (the AppError code playback answers). */
export const licenceStatus = z.object({
  state: z.enum(['in_force', 'not_started', 'ended']),
  /** `licence_not_started` / `licence_ended`, or null when in force (countries are listed in `countries`). */
  reason: z.enum(['licence_not_started', 'licence_ended']).nullable(),
  licenceStart: z.string(),
  licenceEnd: z.string().nullable(),
  /** Country codes, or null: every country. */
  countries: z.array(z.string()).nullable(),
  needsReview: z.boolean(),
  /** The title whose rights apply (a movie that is a part of a multi-part film follows the film). */
  titleId: z.string(),
});
export type LicenceStatus = z.infer<typeof licenceStatus>;

export const rightsHolderView = z.object({
  kind: z.enum(['operator', 'translator', 'party']),
  translatorId: z.string().nullable(),
  partyId: z.string().nullable(),
  /** The translator's or party's name; 'Sobanura' for the operator; null for a translator since removed. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** E.164 MSISDN without "+", or null. */
  msisdn: z.string().nullable(),
  shareBp: z.number().int(),
});

export const titleRights = z.object({
  titleId: z.string(),
  kind: z.enum(['movie', 'series']),
  title: z.string(),
  holders: z.array(rightsHolderView),
  licenceStart: z.string(),
  licenceEnd: z.string().nullable(),
  countries: z.array(z.string()).nullable(),
  needsReview: z.boolean(),
  document: z.object({ name: z.string(), type: z.string(), bytes: z.number().int(), url: z.string() }).nullable(),
  licence: licenceStatus,
  updatedAt: z.string(),
});
export type TitleRights = z.infer<typeof titleRights>;
export const titleRightsResponse = z.object({ rights: titleRights });

export const endingLicence = z.object({ titleId: z.string(), kind: z.enum(['movie', 'series']), title: z.string(), licenceEnd: z.string() });
export type EndingLicence = z.infer<typeof endingLicence>;
export const endingResponse = z.object({ items: z.array(endingLicence) });
