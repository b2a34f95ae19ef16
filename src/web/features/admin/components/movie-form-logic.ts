import { defaultTitle, splitNames, type MovieFormBody } from '../../../../shared/contracts/admin';
import { MAX_TITLE_PRICE_RWF } from '../../../../shared/contracts/billing';
import { createRightsOf, type RightsDraft, type RightsErrors, type RightsPart } from './rights-logic';
import { checkVideoFile } from './video-file';

/** What the new-movie form holds, as typed (strings), before validation. */
export interface MovieFormValues {
  title: string;
  category: string;
  description: string;
  fullDescription: string;
  director: string;
  cast: string;
  trailer: string;
  year: string;
  rating: string;
  isPremium: boolean;
  translatorId: string;
  priceRwf: string;
  thumbnailUrl: string | null;
  source: 'upload' | 'library';
  videoId: string;
  videoVerified: boolean;
}

export const emptyMovieForm: MovieFormValues = {
  title: '',
  category: '',
  description: '',
  fullDescription: '',
  director: '',
  cast: '',
  trailer: '',
  year: '',
  rating: '',
  isPremium: true,
  translatorId: '',
  priceRwf: '',
  thumbnailUrl: null,
  source: 'upload',
  videoId: '',
  videoVerified: false,
};

/** A field of the form that can be wrong: its values' keys, and the video file. */
export type MovieFieldKey = keyof MovieFormValues | 'file';
/** Every problem at once: an i18n key under `admin.fieldError` per field, and under `admin.rights` per rights part. */
export interface MovieFormProblems {
  fields: Partial<Record<MovieFieldKey, string>>;
  rights: RightsErrors;
}
/** The Rights section of the form: what it shows and which parts the admin changed (rights-logic.ts). */
export interface MovieFormRights {
  draft: RightsDraft;
  changed: ReadonlySet<RightsPart>;
}


/** Problems of the optional numbers and link, each only when given: rating 0-10 in steps of 0.1, year, trailer, price. */
function optionalFieldProblems(v: MovieFormValues): MovieFormProblems['fields'] {
  const fields: MovieFormProblems['fields'] = {};
  const rating = Number(v.rating);
  if (v.rating.trim() && (!Number.isFinite(rating) || rating < 0 || rating > 10)) fields.rating = 'ratingRange';
  else if (v.rating.trim() && Math.abs(Math.round(rating * 10) - rating * 10) > 1e-9) fields.rating = 'ratingStep';
  const year = Number(v.year);
  if (v.year.trim() && (!Number.isInteger(year) || year < 1888 || year > 2100)) fields.year = 'yearRange';
  if (v.trailer.trim() && !/^https?:\/\/\S+$/i.test(v.trailer.trim())) fields.trailer = 'trailerLink';
  const price = Number(v.priceRwf);
  if (v.priceRwf.trim() && (!Number.isInteger(price) || price <= 0 || price > MAX_TITLE_PRICE_RWF)) fields.priceRwf = 'priceRange';
  return fields;
}

/**
 * The new-movie form's checks, all in one pass (docs/product/admin.md §5 "New movie" and "Video file"; ADR 056), so
 * the admin sees every problem at once beside its field and no toast:
 * - required: a title (an empty one becomes the chosen file's name without its extension), a category, and the
 *   video: a file (type video/*, at most 5 GB) or a library video id that was verified;
 * - optional, checked when given: rating 0-10 in steps of 0.1 (empty: 0), year 1888-2100, trailer an http(s) link,
 *   one-off price a whole number of francs; cast split on commas; no thumbnail: the video's poster stands for it;
 * - the Rights section (when given): every part checked, only the parts the admin changed sent (rights-logic.ts).
 * @returns the request body, or the problems (i18n keys)
 */
export function validateMovieForm(v: MovieFormValues, file: File | null, rights: MovieFormRights | null = null): { ok: true; body: MovieFormBody } | ({ ok: false } & MovieFormProblems) {
  const fields = optionalFieldProblems(v);
  const title = v.source === 'upload' ? defaultTitle(v.title, file?.name) : v.title.trim();
  if (!title) fields.title = 'required';
  if (!v.category.trim()) fields.category = 'required';
  if (v.source === 'upload') {
    const problem = file ? checkVideoFile(file) : 'missing';
    if (problem === 'missing') fields.file = 'fileRequired';
    else if (problem === 'invalidType') fields.file = 'invalidFileTypeText';
    else if (problem === 'tooLarge') fields.file = 'fileTooLargeText';
  } else if (!v.videoId.trim()) fields.videoId = 'enterVideoId';
  else if (!v.videoVerified) fields.videoId = 'verifyFirst';
  const sent = rights ? createRightsOf(rights.draft, rights.changed) : { ok: true as const, rights: undefined };
  const rightsErrors = sent.ok ? {} : sent.errors;
  if (Object.keys(fields).length > 0 || !sent.ok) return { ok: false, fields, rights: rightsErrors };
  return {
    ok: true,
    body: {
      title,
      ...(v.source === 'upload' && file ? { fileName: file.name } : { videoId: v.videoId.trim() }),
      thumbnailUrl: v.thumbnailUrl,
      category: v.category.trim(),
      description: v.description.trim(),
      fullDescription: v.fullDescription.trim(),
      director: v.director.trim(),
      cast: splitNames(v.cast),
      trailer: v.trailer.trim() || null,
      year: v.year.trim() ? Number(v.year) : null,
      rating: v.rating.trim() ? Math.round(Number(v.rating) * 10) / 10 : 0,
      isPremium: v.isPremium,
      translatorId: v.translatorId || null,
      priceRwf: v.priceRwf.trim() ? Number(v.priceRwf) : null,
      ...(sent.rights ? { rights: sent.rights } : {}),
    },
  };
}
