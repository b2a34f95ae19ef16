import { z } from 'zod';
import { PLAN_IDS } from '../domain/plans.js';
import { role } from './accounts.js';
import { MAX_TITLE_PRICE_RWF, paymentReason } from './billing.js';
import { adminMovie } from './catalog.js';
import { licenceStatus, rightsCreateInput } from './rights.js';
import { roundTo } from './numbers.js';

/**
 * Admin panel API (docs/product/admin.md §2-9; ADR 010). Every route below is `access: 'admin'` (admin or
 * super_admin) unless marked SUPER (super_admin only). Anonymous callers get 401 `unauthenticated`, signed-in
 * callers without the role 403 `forbidden`. Bad input: 400 `validation_failed` with
 * `details.fields: [{ field: 'body.title', message }]` (field = `body.|querystring.|params.` + dotted path).
 * Missing things: 404 `not_found`. Stable once published: changes are additive only.
 *
 * Movies (the existing GET /api/admin/movies, GET /api/admin/movies/:id, POST /api/admin/movies, PUT
 * /api/admin/movies/:id/price stay as they are; POST /api/admin/movies is the lenient first version kept for the
 * API and the command line):
 * - POST   /api/admin/movies/form          movieFormBody → 201 { movie: AdminMovie }  (the panel's new-movie form, section 5 rules)
 * - PATCH  /api/admin/movies/:id           movieUpdateBody → { movie: AdminMovie }
 * - DELETE /api/admin/movies/:id           → { id, title }   (parts, group memberships and watch-list rows go with it; the video asset is KEPT in the library)
 * Images (section 5 "Image", section 9):
 * - POST   /api/admin/images               raw bytes (Content-Type image/jpeg|png|gif|webp or application/octet-stream; optional header
 *                                          `x-file-name`) → 201 { image: ImageView }. Errors: 413 `image_too_large`
 *                                          'File size must be less than 5MB', 415 `image_rejected` 'Please select only image files (JPEG, PNG, GIF, WebP)'.
 * - GET    /media/images/:id/:width.webp   (anonymous; Cache-Control: public, max-age=3600)
 * Videos (section 4 "Movie creation flow", section 7 validate-file-upload / verify-bunny-video):
 * - GET    /api/admin/videos               videoListQuery → { items: LibraryVideo[], total, page, pageSize }
 * - POST   /api/admin/videos/validate      videoValidateBody → videoValidateResponse (always 200; `success` false with `errors`)
 * - POST   /api/admin/videos/verify        { videoId } → { exists: true, video: LibraryVideo }; 404 `not_found` 'Video not found in your library'
 * - (existing) GET /api/admin/videos/:id; tus at /api/uploads with Upload-Metadata `movieId` OR `episodeId` (+ `filename`, `filetype`).
 *   The server probes the finished upload with ffprobe: 422 `media_rejected` with the reason (not a video, truncated...).
 * Series (section 3, 5):
 * - GET    /api/admin/series               → { items: AdminSeries[] } newest first
 * - POST   /api/admin/series               seriesBody → 201 { series: AdminSeries }
 * - GET    /api/admin/series/:id           → { series: AdminSeries }
 * - PATCH  /api/admin/series/:id           seriesUpdateBody → { series: AdminSeries }
 * - DELETE /api/admin/series/:id           → { id, title }   (seasons and episodes go with it; their video assets are kept)
 * - GET    /api/admin/series/:id/seasons   → { items: AdminSeason[] } by number
 * - POST   /api/admin/series/:id/seasons   seasonBody → 201 { season: AdminSeason } (number defaults to count + 1); 409 `conflict` number taken
 * - DELETE /api/admin/seasons/:id          → { id, title }   (episodes go with it)
 * - GET    /api/admin/seasons/:id/episodes → { items: AdminEpisode[] } by number
 * - POST   /api/admin/seasons/:id/episodes episodeBody → 201 { episode: AdminEpisode }; 409 `conflict` number taken
 * - PATCH  /api/admin/episodes/:id         episodeUpdateBody → { episode: AdminEpisode }
 * - DELETE /api/admin/episodes/:id         → { id, title }
 * Custom groups (section 3, 4, 5, 8):
 * - GET    /api/admin/groups               → { items: AdminGroup[] } newest first
 * - GET    /api/admin/groups/:id           → { group: AdminGroup }
 * - POST   /api/admin/groups               groupCreateBody → 201 { group } (one transaction); 409 `conflict` a movie is in another group
 * - PATCH  /api/admin/groups/:id           groupUpdateBody → { group }
 * - POST   /api/admin/groups/:id/movies    { movieId } → { group }; 409 `conflict` the movie is in another group
 * - DELETE /api/admin/groups/:id/movies/:movieId → { group }
 * - DELETE /api/admin/groups/:id           → { id, title }
 *   Every change sends a catalogue event (`group` insert/update/delete) on GET /api/events.
 * People (ADR 010 "Roles" and "Complimentary passes"):
 * - GET    /api/admin/users                userListQuery → { items: AdminUser[], total, page, pageSize }
 * - GET    /api/admin/users/:id/roles      → { items: RoleChange[] } newest first
 * - PUT    /api/admin/users/:id/role       SUPER { role: 'user' | 'admin' } → { user: AdminUser } (a new user_roles row: who, when);
 *                                          403 `forbidden` for admins; 409 `conflict` own role or a super_admin's role
 * - POST   /api/admin/users/:id/passes     grantPassBody → 201 { user: AdminUser } (complimentary pass: source 'complimentary', recorded in pass_grants)
 * Analytics (section 2 "Analytics"; ADR 010 "Analytics days are Kigali days"):
 * - GET    /api/admin/analytics/counts     → analyticsCounts
 * - GET    /api/admin/analytics            analyticsQuery → analyticsReport
 * - GET    /api/admin/analytics/export.csv analyticsExportQuery → text/csv (attachment)
 */

const uuid = z.uuid('Not a valid id');

/**
 * A PATCH body must change something: an empty one (`{}`, or only unknown keys, which are dropped) is refused with
 * 400 `validation_failed` on `body` rather than reaching an UPDATE with nothing to set.
 */
export const NOTHING_TO_CHANGE = 'Give at least one field to change';
const atLeastOneField = <T extends z.ZodObject>(schema: T) => schema.refine((b) => Object.values(b).some((v) => v !== undefined), { message: NOTHING_TO_CHANGE });

/**
 * The categories the panel offers, one list for movies and series, when adding and when editing (docs/product/admin.md
 * §3; ADR 056). The API and the command line still take any text, and older titles keep theirs.
 */
export const MOVIE_CATEGORIES = ['action', 'comedy', 'drama', 'horror', 'sci-fi', 'thriller', 'documentary'] as const;

/** Splits comma-separated names (cast, actors): trimmed, empties dropped (docs/product/admin.md §5). Arrays are split per item too. */
export function splitNames(v: string | readonly string[]): string[] {
  return [v]
    .flat()
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}
/** A list of names given as one comma-separated string or as an array. */
const names = z.union([z.string().max(6000), z.array(z.string().max(200)).max(100)]).transform((v) => splitNames(v));

/** The texts of docs/product/admin.md §5, used as messages (the web may show them as they are or translate by field). */
export const ADMIN_TEXTS = {
  thumbnailRequired: 'Please upload a thumbnail image before creating the movie.',
  missingInformation: 'Please select a file and enter a title',
  videoNotFound: 'Video not found in your library',
  imageType: 'Please select only image files (JPEG, PNG, GIF, WebP)',
  imageSize: 'File size must be less than 5MB',
  seriesRequired: 'Please fill in at least the title and category',
  episodeRequired: 'Please fill in all required fields',
  videoType: 'Please select a video file',
  videoSize: 'Please select a video file smaller than 5GB',
} as const;

/** Largest image, bytes: under 5 MB (docs/product/admin.md §9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Image types accepted, checked by decoding (docs/product/admin.md §9). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Widths (pixels) each image is stored at, as WebP, for `srcset`; widths above the original are skipped (the original width is kept instead). */
export { IMAGE_WIDTHS } from '../domain/images.js';

/** A rating, stored as `real`: rounded to its 0.1 step (numbers.ts), since zod's float-tolerant multipleOf lets 1e-300 through. */
const rating = z.number('Rating is required').min(0, 'Rating must be between 0 and 10').max(10, 'Rating must be between 0 and 10').multipleOf(0.1, 'Rating goes in steps of 0.1').transform(roundTo(1));
const year = z.number('Year is required').int('Year must be a whole number').min(1888, 'Year is too early').max(2100, 'Year is too late');
const required = (what: string, max: number) => z.string(`${what} is required`).trim().min(1, `${what} is required`).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
/** An http(s) link: a trailer, or an image kept elsewhere (docs/product/admin.md §5). */
const isLink = (s: string) => /^https?:\/\/\S+$/i.test(s);
/** A stored image URL (from POST /api/admin/images) or an http(s) URL. */
const imageUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => /^\/media\/images\/[0-9a-f-]{36}\/\d+\.webp$/.test(s) || isLink(s), 'Not an image address');
const TRAILER_LINK = 'Trailer must be a link (https://...)';
const trailerUrl = z.string('Trailer is required').trim().min(1, 'Trailer is required').max(500).refine(isLink, TRAILER_LINK);
const price = z.number().int('Whole francs only').positive('Must be more than 0').max(MAX_TITLE_PRICE_RWF).nullable();

/** For a refine's `when`: run only on an object (zod passes the value being checked as `value`). */
const isObjectPayload = (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null;

/**
 * POST /api/admin/movies/form: the new-movie form (docs/product/admin.md §5 "New movie", "Video file"; ADR 056).
 * Required: title (an empty title becomes `fileName` without its extension; 'Please select a file and enter a
 * title'), category, and either `fileName` (the video to upload next over tus) or `videoId` (a video already in the
 * library, which must exist: 400 on `body.videoId` 'Video not found in your library'). Every problem is named in
 * one answer. Optional, checked when given: thumbnailUrl (null or absent: the video's generated poster,
 * /media/posters/{videoId}.webp, stands for it once the video is ready), description, fullDescription, director,
 * cast (string split on commas, or array), trailer (an http(s) link; '' or null: none), year, rating (0-10, step
 * 0.1; default 0), isPremium (default true), translatorId (400 on `body.translatorId` when unknown), priceRwf
 * (one-off price in RWF, null = not sold alone), rights (contracts/rights.ts). The duration is not asked: it is
 * measured from the video (seconds).
 */
export const movieFormBody = z
  .object({
    title: z.string().trim().max(200).optional().default(''),
    fileName: z.string().trim().max(255).optional(),
    videoId: uuid.nullable().optional(),
    thumbnailUrl: imageUrl.nullable().optional().default(null),
    category: required('Category', 60),
    description: optionalText(2000),
    fullDescription: optionalText(10000),
    director: optionalText(200),
    cast: names.refine((a) => a.length <= 50 && a.every((n) => n.length <= 120), 'At most 50 names of 120 characters').optional().default([]),
    trailer: z.string().trim().max(500).refine((s) => s === '' || isLink(s), TRAILER_LINK).transform((s) => s || null).nullable().optional().default(null),
    year: year.nullable().optional().default(null),
    rating: rating.optional().default(0),
    isPremium: z.boolean().optional().default(true),
    translatorId: uuid.nullable().optional().default(null),
    priceRwf: price.optional().default(null),
    /** Holders, licence and countries (contracts/rights.ts); absent: the translator, else the operator, from now, no end, everywhere (ADR 050). */
    rights: rightsCreateInput.optional(),
  })
  // `when`: these run even when other fields failed, so one answer names every problem; but only on an object
  // (a `null` body would throw inside them: a 500 instead of a 400).
  .refine((b) => Boolean((typeof b.title === 'string' && b.title.trim()) || b.fileName), { path: ['title'], message: ADMIN_TEXTS.missingInformation, when: isObjectPayload })
  .refine((b) => Boolean(b.fileName || b.videoId), { path: ['fileName'], message: ADMIN_TEXTS.missingInformation, when: isObjectPayload });
export type MovieFormBody = z.input<typeof movieFormBody>;

/** The title a movie gets: the typed one, else the file name without its extension (docs/product/admin.md §5). */
export function defaultTitle(title: string, fileName: string | undefined): string {
  const t = title.trim();
  if (t) return t;
  const base = (fileName ?? '').trim().replace(/^.*[\\/]/, '');
  return base.replace(/\.[^.]+$/, '') || base;
}

/**
 * PATCH /api/admin/movies/:id: any of the form's fields (at least one), each with the same rules (a required field
 * cannot be emptied; `thumbnailUrl` cannot be removed). `videoId` null detaches the video (the asset stays in the library).
 */
export const movieUpdateBody = atLeastOneField(z.object({
  title: required('Title', 200).optional(),
  videoId: uuid.nullable().optional(),
  thumbnailUrl: z.string().trim().min(1, ADMIN_TEXTS.thumbnailRequired).pipe(imageUrl).optional(),
  category: required('Category', 60).optional(),
  description: required('Description', 2000).optional(),
  fullDescription: required('Full description', 10000).optional(),
  director: required('Director', 200).optional(),
  cast: names.refine((a) => a.length > 0, 'Cast is required').optional(),
  trailer: trailerUrl.optional(),
  year: year.optional(),
  rating: rating.optional(),
  isPremium: z.boolean().optional(),
  translatorId: uuid.nullable().optional(),
  priceRwf: price.optional(),
}));
export type MovieUpdateBody = z.input<typeof movieUpdateBody>;

/** What a DELETE answers: the id and title of what is gone (for '"{title}" has been deleted successfully.', docs/product/admin.md §8). */
export const deletedResponse = z.object({ id: z.string(), title: z.string() });
export type DeletedResponse = z.infer<typeof deletedResponse>;
export const adminMovieFormResponse = z.object({ movie: adminMovie });

/** One stored image (POST /api/admin/images). `url` is the 640-wide (or widest) WebP; `srcset` lists every width. */
export const imageView = z.object({
  id: z.string(),
  url: z.string(),
  /** `"/media/images/{id}/320.webp 320w, ..."`, ready for <img srcset>. */
  srcset: z.string(),
  variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string(), bytes: z.number().int() })),
  /** The original's size in pixels and its decoded format (jpeg, png, gif, webp). */
  width: z.number().int(),
  height: z.number().int(),
  format: z.string(),
});
export type ImageView = z.infer<typeof imageView>;
export const imageResponse = z.object({ image: imageView });

/** A video asset of the library, with what it is attached to. Durations seconds, sizes bytes. */
export const libraryVideo = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(['uploading', 'processing', 'ready', 'failed']),
  progress: z.number(),
  error: z.string().nullable(),
  /** The failure reason as a stable code (contracts/media.ts mediaFailureCode; ADR 023), null unless failed. */
  errorCode: z.string().nullable().optional(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  renditions: z.array(z.string()),
  createdAt: z.string(),
  /** Titles using this video. */
  movies: z.array(z.object({ id: z.string(), title: z.string() })),
  episodes: z.array(z.object({ id: z.string(), title: z.string(), seriesId: z.string(), seriesTitle: z.string(), seasonNumber: z.number(), episodeNumber: z.number() })),
});
export type LibraryVideo = z.infer<typeof libraryVideo>;
/** GET /api/admin/videos: `q` searches file names and attached titles; `status`; `unattached` only videos no title uses. Newest first. */
export const videoListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(['uploading', 'processing', 'ready', 'failed']).optional(),
  unattached: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export const videoListResponse = z.object({ items: z.array(libraryVideo), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const verifyVideoBody = z.object({ videoId: z.string().trim().min(1, 'Please enter a video id').pipe(uuid) });
export const verifyVideoResponse = z.object({ exists: z.literal(true), video: libraryVideo });
/** POST /api/admin/videos/validate: the pre-upload check (docs/product/admin.md §7 validate-file-upload). */
export const videoValidateBody = z.object({ fileName: z.string().max(255), fileSize: z.number().int().min(0), fileType: z.string().max(100) });
export const videoValidateResponse = z.object({
  success: z.boolean(),
  /** Texts of section 5 ('Please select a video file', 'Please select a video file smaller than 5GB', ...). */
  errors: z.array(z.string()),
  fileInfo: z.object({ fileName: z.string(), fileSize: z.number(), fileType: z.string(), extension: z.string() }),
});

/** A series as the panel shows it. `actors` split on commas. Rating 0-10. */
export const adminSeries = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  category: z.string(),
  director: z.string(),
  actors: z.array(z.string()),
  year: z.number().int().nullable(),
  rating: z.number(),
  isPremium: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  trailer: z.string().nullable(),
  translatorId: z.string().nullable(),
  seasonsCount: z.number().int(),
  episodesCount: z.number().int(),
  createdAt: z.string(),
  /** The licence in force or why not (ADR 050); single reads only. */
  licence: licenceStatus.nullable().optional(),
});
export type AdminSeries = z.infer<typeof adminSeries>;
/** POST /api/admin/series (section 5 "Series"): title and category required ('Please fill in at least the title and category'). */
export const seriesBody = z.object({
  title: z.string(ADMIN_TEXTS.seriesRequired).trim().min(1, ADMIN_TEXTS.seriesRequired).max(200),
  category: z.string(ADMIN_TEXTS.seriesRequired).trim().min(1, ADMIN_TEXTS.seriesRequired).max(60),
  description: z.string().trim().max(2000).optional().default(''),
  fullDescription: z.string().trim().max(10000).optional().default(''),
  director: z.string().trim().max(200).optional().default(''),
  actors: names.optional().default([]),
  year: year.nullable().optional().default(null),
  rating: rating.optional().default(0),
  isPremium: z.boolean().optional().default(true),
  thumbnailUrl: imageUrl.nullable().optional().default(null),
  trailer: z.string().trim().max(500).nullable().optional().default(null),
  translatorId: uuid.nullable().optional().default(null),
  /** Holders, licence and countries (contracts/rights.ts); absent: the translator, else the operator, from now, no end, everywhere (ADR 050). */
  rights: rightsCreateInput.optional(),
});
export type SeriesBody = z.input<typeof seriesBody>;
/** PATCH /api/admin/series/:id: any field of seriesBody (at least one); title and category cannot be emptied. */
export const seriesUpdateBody = atLeastOneField(z.object({
  title: seriesBody.shape.title.optional(),
  category: seriesBody.shape.category.optional(),
  description: z.string().trim().max(2000).optional(),
  fullDescription: z.string().trim().max(10000).optional(),
  director: z.string().trim().max(200).optional(),
  actors: names.optional(),
  year: year.nullable().optional(),
  rating: rating.optional(),
  isPremium: z.boolean().optional(),
  thumbnailUrl: imageUrl.nullable().optional(),
  trailer: z.string().trim().max(500).nullable().optional(),
  translatorId: uuid.nullable().optional(),
}));
export type SeriesUpdateBody = z.input<typeof seriesUpdateBody>;
export const adminSeriesResponse = z.object({ series: adminSeries });
export const adminSeriesListResponse = z.object({ items: z.array(adminSeries) });

/** A season: title 'Season N', description 'Season N of {series title}' (docs/product/admin.md §3). */
export const adminSeason = z.object({
  id: z.string(),
  seriesId: z.string(),
  seasonNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  episodesCount: z.number().int(),
});
export type AdminSeason = z.infer<typeof adminSeason>;
/** POST /api/admin/series/:id/seasons: `seasonNumber` (≥ 1) defaults to the count of seasons + 1 (section 9). */
export const seasonBody = z.object({ seasonNumber: z.number().int('Must be a whole number').min(1, 'Season number must be at least 1').max(1000).optional() });
export const adminSeasonResponse = z.object({ season: adminSeason });
export const adminSeasonListResponse = z.object({ items: z.array(adminSeason) });

/** An episode. `durationSeconds`: given, else the video's probed length, else null. */
export const adminEpisode = z.object({
  id: z.string(),
  seasonId: z.string(),
  episodeNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number().nullable(),
  videoId: z.string().nullable(),
  video: z.object({ id: z.string(), status: z.enum(['uploading', 'processing', 'ready', 'failed']), progress: z.number(), error: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;
/** POST /api/admin/seasons/:id/episodes (section 5 "Episode"): title required ('Please fill in all required fields'); number ≥ 1. `videoId`: an existing library video (400 when unknown). */
export const episodeBody = z.object({
  episodeNumber: z.number('Episode number is required').int('Must be a whole number').min(1, 'Episode number must be at least 1').max(100000),
  title: z.string(ADMIN_TEXTS.episodeRequired).trim().min(1, ADMIN_TEXTS.episodeRequired).max(200),
  description: z.string().trim().max(5000).optional().default(''),
  durationSeconds: z.number().int().min(0).nullable().optional().default(null),
  videoId: uuid.nullable().optional().default(null),
});
export type EpisodeBody = z.input<typeof episodeBody>;
export const episodeUpdateBody = atLeastOneField(z.object({
  episodeNumber: episodeBody.shape.episodeNumber.optional(),
  title: episodeBody.shape.title.optional(),
  description: z.string().trim().max(5000).optional(),
  durationSeconds: z.number().int().min(0).nullable().optional(),
  videoId: uuid.nullable().optional(),
}));
export type EpisodeUpdateBody = z.input<typeof episodeUpdateBody>;
export const adminEpisodeResponse = z.object({ episode: adminEpisode });
export const adminEpisodeListResponse = z.object({ items: z.array(adminEpisode) });

/** Minimum movies to create a group; movies previewed on a group card (docs/product/admin.md §9). */
export const MIN_GROUP_MOVIES = 2;
export const GROUP_PREVIEW_MOVIES = 3;
const groupMovie = z.object({ id: z.string(), title: z.string(), posterUrl: z.string().nullable() });
/** A custom group: `preview` = its first 3 movies (by title), `movieCount` all of them (card: '+ {movieCount - 3} more'); `movies` all, by title. */
export const adminGroup = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  movieCount: z.number().int(),
  preview: z.array(groupMovie),
  movies: z.array(groupMovie),
});
export type AdminGroup = z.infer<typeof adminGroup>;
/** POST /api/admin/groups: title non-empty, at least 2 distinct movies (`body.movieIds` 'Select at least 2 movies'). */
export const groupCreateBody = z.object({
  title: z.string('Title is required').trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(2000).optional().default(''),
  thumbnailUrl: imageUrl.nullable().optional().default(null),
  movieIds: z.array(uuid).max(500).refine((ids) => new Set(ids).size >= MIN_GROUP_MOVIES, `Select at least ${MIN_GROUP_MOVIES} movies`),
});
export type GroupCreateBody = z.input<typeof groupCreateBody>;
/** PATCH /api/admin/groups/:id: only a title is required ('Title is required'). */
export const groupUpdateBody = z.object({
  title: z.string('Title is required').trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(2000).optional(),
  thumbnailUrl: imageUrl.nullable().optional(),
});
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;
export const groupMovieBody = z.object({ movieId: uuid });
export const groupMovieParams = z.object({ id: uuid, movieId: uuid });
export const adminGroupResponse = z.object({ group: adminGroup });
export const adminGroupListResponse = z.object({ items: z.array(adminGroup) });

/**
 * A film's own parts (docs/decisions/023-playable-titles-and-film-parts.md; docs/product/viewer.md §2 "/player/{id}?part="):
 * - GET    /api/admin/movies/:id/parts           → { items: AdminFilmPart[] } in part order
 * - POST   /api/admin/movies/:id/parts           filmPartBody → 201 { part: AdminFilmPart }: movie `movieId` becomes Part N
 *                                                (N defaults to the highest + 1, at least 2: the main movie plays first);
 *                                                400 `validation_failed` on `body.movieId` (FILM_PART_TEXTS); 409 `conflict` number taken
 * - DELETE /api/admin/movies/:id/parts/:partId   → { id, title }
 * Each change sends a catalogue event (`movie` update of the main movie).
 */
export const FILM_PART_TEXTS = {
  notItself: 'A movie cannot be a part of itself',
  noVideo: 'This movie has no video yet',
  holdsParts: 'This movie has parts of its own',
  alreadyPart: 'This movie is already a part of a film',
  numberTaken: 'This part number already exists',
} as const;
export const filmPartBody = z.object({
  movieId: uuid,
  partNumber: z.number().int('Must be a whole number').min(1, 'Part number must be at least 1').max(1000).optional(),
  title: z.string().trim().max(200).optional(),
});
export type FilmPartBody = z.input<typeof filmPartBody>;
export const adminFilmPart = z.object({
  id: z.string(),
  partNumber: z.number().int(),
  title: z.string(),
  videoId: z.string().nullable(),
  videoStatus: z.enum(['uploading', 'processing', 'ready', 'failed']).nullable(),
  /** The movie whose video the part plays (its page redirects to the main movie), or null. */
  movieId: z.string().nullable(),
});
export type AdminFilmPart = z.infer<typeof adminFilmPart>;
export const filmPartParams = z.object({ id: uuid, partId: uuid });
export const adminFilmPartResponse = z.object({ part: adminFilmPart });
export const adminFilmPartListResponse = z.object({ items: z.array(adminFilmPart) });

/** The current pass of a user (null: never had one). `source`: 'payment', 'grant' (command line) or 'complimentary' (support). */
export const adminPass = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(['active', 'expired']),
  /** True when status is active and expiresAt is in the future. */
  active: z.boolean(),
  expiresAt: z.string(),
  source: z.string(),
});
/** A user in the People tab. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  fullName: z.string().nullable(),
  joinedAt: z.string(),
  role,
  pass: adminPass.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
/** GET /api/admin/users: `q` matches email or name (case-insensitive, part of a word); `role` filters; newest first. */
export const userListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: role.optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export const userListResponse = z.object({ items: z.array(adminUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const adminUserResponse = z.object({ user: adminUser });
/** PUT /api/admin/users/:id/role (super_admin only): grant ('admin') or remove ('user') admin. */
export const setRoleBody = z.object({ role: z.enum(['user', 'admin']) });
/** One user_roles row: the role, who assigned it (null: the command line or the system) and when. */
export const roleChange = z.object({ role, assignedBy: z.object({ id: z.string(), email: z.string() }).nullable(), assignedAt: z.string() });
export const roleHistoryResponse = z.object({ items: z.array(roleChange) });
/** POST /api/admin/users/:id/passes: a complimentary pass of `plan` (extends a running pass), with an optional note. */
export const grantPassBody = z.object({ plan: z.enum(PLAN_IDS), note: z.string().trim().max(500).optional().default('') });

/** The four counts of the Analytics tab (docs/product/admin.md §2). Active subscriptions: status active, expires_at later than now. */
export const analyticsCounts = z.object({ movies: z.number().int(), series: z.number().int(), profiles: z.number().int(), activeSubscriptions: z.number().int() });
export type AnalyticsCounts = z.infer<typeof analyticsCounts>;
/** Days are calendar days in Africa/Kigali (UTC+2), `YYYY-MM-DD`, both ends included. At most 366 days; default: the last 30 days. */
export const ANALYTICS_TIME_ZONE = 'Africa/Kigali';
export const MAX_ANALYTICS_DAYS = 366;
/** A calendar day that exists (ISO 8601 `YYYY-MM-DD`; zod's `z.iso.date` checks month lengths and leap years, so 9999-99-99 and 2024-02-30 are refused). */
const day = z.iso.date('Use a real date, YYYY-MM-DD');
export const analyticsQuery = z.object({ from: day.optional(), to: day.optional() });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
/**
 * The figures for a date range. Money in integer minor units of its `currency` (RWF and UGX whole, USD cents), never
 * summed across currencies (docs/decisions/043-payment-methods-countries-and-currencies.md); hours with one decimal.
 * Every per-day list has one entry per day of the range (zeros included); revenue per day has those for RWF, then
 * for each other currency paid in during the range. Revenue counts successful payments by their settlement day; `plan` is
 * the pass plan or 'title' for one-off title purchases. Passes active on a day: passes (bought or
 * complimentary) whose span covers the end of that day. Top titles: `available` false while no watch-time
 * table exists (then `items` is empty).
 */
export const analyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  revenuePerDay: z.array(z.object({ date: z.string(), currency: z.string(), amount: z.number().int(), payments: z.number().int() })),
  revenueByPlan: z.array(z.object({ plan: z.string(), currency: z.string(), amount: z.number().int(), payments: z.number().int() })),
  /** `sold`: paid passes; `vouchers`: passes redeemed from vouchers sold for cash (ADR 042); `complimentary`: grants. */
  passesSoldPerDay: z.array(z.object({ date: z.string(), sold: z.number().int(), vouchers: z.number().int(), complimentary: z.number().int() })),
  passesActivePerDay: z.array(z.object({ date: z.string(), active: z.number().int() })),
  newViewersPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  paymentOutcomes: z.object({
    successful: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    failedByReason: z.array(z.object({ reason: z.union([paymentReason, z.literal('UNKNOWN')]), count: z.number().int() })),
  }),
  topTitles: z.object({
    available: z.boolean(),
    items: z.array(z.object({ id: z.string(), kind: z.enum(['movie', 'episode']), title: z.string(), plays: z.number().int(), hoursWatched: z.number() })),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;
/** The series a CSV export can carry (one file each). */
export const ANALYTICS_SERIES = ['revenue_per_day', 'revenue_by_plan', 'passes_sold_per_day', 'passes_active_per_day', 'new_viewers_per_day', 'payment_outcomes', 'top_titles'] as const;
export const analyticsExportQuery = analyticsQuery.extend({ series: z.enum(ANALYTICS_SERIES) });
