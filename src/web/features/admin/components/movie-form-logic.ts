import { defaultTitle, splitNames, type MovieFormBody } from '../../../../shared/contracts/admin';
import { MAX_TITLE_PRICE_RWF } from '../../../../shared/contracts/billing';
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

/** i18n keys under `admin.` */
export type FormProblem = { toast: { title: string; description: string } | null; fields: Partial<Record<keyof MovieFormValues | 'file', string>> };

const REQUIRED: (keyof MovieFormValues)[] = ['category', 'description', 'fullDescription', 'director', 'cast', 'trailer', 'year', 'rating'];

/**
 * The new-movie form's checks in the spec's order (docs/product/admin.md §5 "New movie" and "Video file"):
 * thumbnail first ('Please upload a thumbnail image before creating the movie.'), then a library video that is
 * not verified, then file and title ('Missing Information'), then the video file's type and size, then every
 * required field, rating 0-10 in steps of 0.1, year, trailer link, price. Cast is split on commas; an empty
 * title becomes the file name without its extension. Returns the request body or the problems (i18n keys).
 */
export function validateMovieForm(v: MovieFormValues, file: File | null): { ok: true; body: MovieFormBody } | ({ ok: false } & FormProblem) {
  if (!v.thumbnailUrl) return { ok: false, toast: { title: 'thumbnailMissing', description: 'thumbnailRequired' }, fields: {} };
  if (v.source === 'library' && !v.videoVerified) return { ok: false, toast: { title: 'verifyFirstTitle', description: 'verifyFirst' }, fields: { videoId: 'verifyFirst' } };
  const title = v.source === 'upload' ? defaultTitle(v.title, file?.name) : v.title.trim();
  if ((v.source === 'upload' && !file) || !title) {
    return { ok: false, toast: { title: 'missingInfo', description: 'missingInfoText' }, fields: file || v.source === 'library' ? { title: 'required' } : { file: 'required' } };
  }
  if (v.source === 'upload' && file) {
    const problem = checkVideoFile(file);
    if (problem === 'invalidType') return { ok: false, toast: { title: 'invalidFileType', description: 'invalidFileTypeText' }, fields: { file: 'invalidFileTypeText' } };
    if (problem === 'tooLarge') return { ok: false, toast: { title: 'fileTooLarge', description: 'fileTooLargeText' }, fields: { file: 'fileTooLargeText' } };
  }
  const fields: FormProblem['fields'] = {};
  for (const k of REQUIRED) if (!String(v[k]).trim()) fields[k] = 'required';
  const cast = splitNames(v.cast);
  if (!fields.cast && cast.length === 0) fields.cast = 'required';
  const rating = Number(v.rating);
  if (!fields.rating && (!Number.isFinite(rating) || rating < 0 || rating > 10)) fields.rating = 'ratingRange';
  else if (!fields.rating && Math.abs(Math.round(rating * 10) - rating * 10) > 1e-9) fields.rating = 'ratingStep';
  const year = Number(v.year);
  if (!fields.year && (!Number.isInteger(year) || year < 1888 || year > 2100)) fields.year = 'yearRange';
  if (!fields.trailer && !/^https?:\/\/\S+$/i.test(v.trailer.trim())) fields.trailer = 'trailerLink';
  let priceRwf: number | null = null;
  if (v.priceRwf.trim()) {
    priceRwf = Number(v.priceRwf);
    if (!Number.isInteger(priceRwf) || priceRwf <= 0 || priceRwf > MAX_TITLE_PRICE_RWF) fields.priceRwf = 'priceRange';
  }
  if (Object.keys(fields).length > 0) return { ok: false, toast: null, fields };
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
      cast,
      trailer: v.trailer.trim(),
      year,
      rating: Math.round(rating * 10) / 10,
      isPremium: v.isPremium,
      translatorId: v.translatorId || null,
      priceRwf,
    },
  };
}
