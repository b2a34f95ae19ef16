import { z } from 'zod';
import { roundTo } from './numbers.js';
import { licenceStatus, rightsCreateInput } from './rights.js';

/**
 * Catalogue API, first version (docs/product/viewer.md §2 and §3).
 * GET /api/movies, GET /api/movies/:id; admin: GET/POST /api/admin/movies.
 */

export const videoStatus = z.enum(['uploading', 'processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof videoStatus>;

export const movieSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  year: z.number().int().nullable(),
  director: z.string(),
  /** Seconds, from the video's probe; null until known. */
  durationSeconds: z.number().nullable(),
  rating: z.number(),
  isPremium: z.boolean(),
  isDemo: z.boolean(),
  /** URL of the poster (WebP) or null. */
  posterUrl: z.string().nullable(),
  videoStatus: videoStatus.nullable(),
  createdAt: z.string(),
});
export type MovieSummary = z.infer<typeof movieSummary>;

export const movieDetail = movieSummary.extend({
  fullDescription: z.string(),
  cast: z.array(z.string()),
  trailer: z.string().nullable(),
  videoId: z.string().nullable(),
});
export type MovieDetail = z.infer<typeof movieDetail>;

export const movieListResponse = z.object({ items: z.array(movieSummary) });
export const movieDetailResponse = z.object({ movie: movieDetail });
export const idParams = z.object({ id: z.uuid('Not a valid id') });

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** Admin: create a movie (docs/product/admin.md §5; the first version asks title, category and file). */
export const createMovieBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  category: z.string().trim().min(1, 'Category is required').max(60),
  description: optionalText(2000),
  fullDescription: optionalText(10000),
  director: optionalText(200),
  cast: z.array(z.string().trim().min(1).max(120)).max(50).optional().default([]),
  year: z.number().int().min(1888).max(2100).nullable().optional().default(null),
  rating: z.number().min(0).max(10).multipleOf(0.1).transform(roundTo(1)).optional().default(0),
  isPremium: z.boolean().optional().default(true),
});
export type CreateMovieBody = z.input<typeof createMovieBody>;
/** POST /api/admin/movies: a movie and its optional rights (src/shared/contracts/rights.ts); absent: the operator, from now, no end, everywhere (ADR 050). */
export const createMovieRouteBody = createMovieBody.extend({ rights: rightsCreateInput.optional() });

export const adminMovie = movieDetail.extend({
  video: z
    .object({
      id: z.string(),
      status: videoStatus,
      progress: z.number(),
      error: z.string().nullable(),
      /** The failure reason as a stable code (contracts/media.ts mediaFailureCode; ADR 023), null unless failed. */
      errorCode: z.string().nullable().optional(),
      renditions: z.array(z.string()),
    })
    .nullable(),
  /**
   * A replacement upload of a film whose `video` is ready: uploading, processing or failed while `video` keeps playing;
   * it becomes `video` once ready (src/server/modules/media/media.service.ts). Null or absent: none.
   */
  replacement: z.object({ id: z.string(), status: videoStatus, progress: z.number(), error: z.string().nullable(), errorCode: z.string().nullable().optional() }).nullable().optional(),
  /** The uploaded thumbnail (docs/product/admin.md §3 "Movie"; null: none, the video's poster shows instead). */
  thumbnailUrl: z.string().nullable(),
  /** The translator's id, or null. */
  translatorId: z.string().nullable(),
  /** One-off price in RWF (ADR 008 "Single titles"), or null: not sold alone. */
  priceRwf: z.number().int().nullable(),
  /** The licence in force or why not (ADR 050); a movie that is a film's part follows the film. Single reads only. */
  licence: licenceStatus.nullable().optional(),
});
export type AdminMovie = z.infer<typeof adminMovie>;
export const adminMovieResponse = z.object({ movie: adminMovie });
export const adminMovieListResponse = z.object({ items: z.array(adminMovie) });
