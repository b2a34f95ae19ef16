import { z } from 'zod';

/**
 * Translators managed by admins (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md). Every route
 * is `access: 'admin'` (admin or super_admin): anonymous callers get 401 `unauthenticated`, other signed-in callers
 * (user, translator) 403 `forbidden`.
 * - GET    /api/admin/translators              → { translators: AdminTranslator[] } (by name)
 * - POST   /api/admin/translators              translatorCreateBody → 201 { translator, account }
 * - PATCH  /api/admin/translators/:id          translatorUpdateBody → { translator, account }
 * - POST   /api/admin/translators/:id/merge    { intoId } → { translator (the one kept), moved: { movies, series } }
 * - DELETE /api/admin/translators/:id          → { id, name } (its titles stay, with no translator)
 * Errors: 400 `validation_failed` (field `body.name`, `body.email`, `body.intoId`; merging into itself), 400
 * `invalid_msisdn` (field `body.phone`: not a Rwandan or Ugandan mobile number), 404 `not_found` (unknown id or
 * intoId), 409 `conflict` (a name whose slug another translator has, or an email another translator has).
 * `account` says what the email did to the user accounts: `none` (no email), `linked` (an existing account),
 * `created` (a new account, mailed a link to set its password).
 */

/** Longest name, bio and photo URL (characters). */
export const TRANSLATOR_NAME_MAX = 120;
export const TRANSLATOR_BIO_MAX = 5000;
export const TRANSLATOR_PHOTO_URL_MAX = 1000;

/** '' and whitespace mean "none" (a cleared form field). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const translatorEmail = z.preprocess(blankToNull, z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).nullable());
/** A mobile number as typed; read by parseMsisdn (src/shared/domain/msisdn.ts) on the server (400 `invalid_msisdn`). */
export const translatorPhone = z.preprocess(blankToNull, z.string().trim().max(20).nullable());

export const translatorCreateBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(TRANSLATOR_NAME_MAX),
  bio: z.string().trim().max(TRANSLATOR_BIO_MAX).optional().default(''),
  photoUrl: z.preprocess(blankToNull, z.string().trim().max(TRANSLATOR_PHOTO_URL_MAX).nullable()).optional().default(null),
  email: translatorEmail.optional().default(null),
  phone: translatorPhone.optional().default(null),
});
export type TranslatorCreateBody = z.output<typeof translatorCreateBody>;

/** Only the fields given change; `email: null` unlinks the account (its role stays). */
export const translatorUpdateBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(TRANSLATOR_NAME_MAX).optional(),
  bio: z.string().trim().max(TRANSLATOR_BIO_MAX).optional(),
  photoUrl: z.preprocess(blankToNull, z.string().trim().max(TRANSLATOR_PHOTO_URL_MAX).nullable()).optional(),
  email: translatorEmail.optional(),
  phone: translatorPhone.optional(),
});
export type TranslatorUpdateBody = z.output<typeof translatorUpdateBody>;

export const translatorMergeBody = z.object({ intoId: z.uuid('Not a valid id') });
export const translatorIdParams = z.object({ id: z.uuid('Not a valid id') });

export const adminTranslator = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  email: z.string().nullable(),
  /** `2507XXXXXXXX` / `2567XXXXXXXX` (E.164 without "+"), or null. */
  phone: z.string().nullable(),
  /** The linked account's id, or null. */
  userId: z.string().nullable(),
  /** Display items (cards) naming the translator that a viewer can play. */
  titles: z.number().int(),
});
export type AdminTranslator = z.infer<typeof adminTranslator>;

export const ACCOUNT_OUTCOMES = ['none', 'linked', 'created'] as const;
export const translatorAccount = z.object({ status: z.enum(ACCOUNT_OUTCOMES) });
export type TranslatorAccount = z.infer<typeof translatorAccount>;

export const adminTranslatorListResponse = z.object({ translators: z.array(adminTranslator) });
export const adminTranslatorResponse = z.object({ translator: adminTranslator, account: translatorAccount });
export type AdminTranslatorResponse = z.infer<typeof adminTranslatorResponse>;
export const translatorMergeResponse = z.object({ translator: adminTranslator, moved: z.object({ movies: z.number().int(), series: z.number().int() }) });
export type TranslatorMergeResponse = z.infer<typeof translatorMergeResponse>;
export const translatorDeletedResponse = z.object({ id: z.string(), name: z.string() });
