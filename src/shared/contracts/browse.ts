import { z } from 'zod';
import { PAGE_SIZE, SORTS, TABS } from '../domain/catalog-list.js';

/**
 * Catalogue browsing, complete (docs/product/viewer.md §2-5, §8, §9; ADR 007). All reading endpoints are open to
 * anonymous callers except the watch list; the web app puts its pages behind sign-in as the spec's route table
 * says. Page size 10 (docs/product/viewer.md §9). Sorting: newest, oldest, rating (highest first), az.
 *
 * GET  /api/home                                   → homeResponse
 * GET  /api/catalog?tab&q&category&translator&sort&page → catalogPageResponse
 * GET  /api/movies/:id                             → movieFullResponse (404 not_found)
 * GET  /api/series/:id                             → seriesResponse (404 not_found)
 * GET  /api/series/:id/seasons/:season/episodes/:episode → episodeResponse (404 not_found)
 * GET  /api/translators                            → translatorListResponse
 * GET  /api/translators/:slug                      → translatorResponse (404 not_found)
 * GET  /api/watchlist                              → watchlistResponse (user)
 * POST /api/watchlist { movieId } | { seriesId }   → 201 watchlistEntryResponse; 409 conflict "Already in watchlist" (user)
 * DELETE /api/watchlist/movie/:id | /api/watchlist/series/:id → 204; 404 not_found (user)
 * GET  /api/events                                 → text/event-stream of `catalog` events (catalogEvent JSON)
 */

export { PAGE_SIZE, SORTS, TABS };

export const translatorRef = z.object({ id: z.string(), name: z.string(), slug: z.string(), photoUrl: z.string().nullable() });
export type TranslatorRef = z.infer<typeof translatorRef>;

/** One card in a list: a movie, a multi-part group (auto or custom), or a series. */
export const catalogItem = z.object({
  kind: z.enum(['movie', 'group', 'series']),
  /** Movie id; for a group the id of its first part (the card opens /watch/{id}); series id for a series. */
  id: z.string(),
  /** For an automatic group its key; for a custom group its id; otherwise null. */
  groupId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  posterUrl: z.string().nullable(),
  /** Fallback posters in order (part thumbnails, then the thumbnail), docs/product/viewer.md §2 "Movie card". */
  posterFallbacks: z.array(z.string()),
  category: z.string(),
  year: z.number().nullable(),
  director: z.string(),
  /** Seconds; for a group the sum of its parts. */
  durationSeconds: z.number().nullable(),
  /** 0-10, one decimal; for a group the mean of parts rated above 0 (docs/product/viewer.md §9). */
  rating: z.number(),
  /** Number of parts (groups), 0 otherwise. */
  partsCount: z.number().int(),
  isCustomGroup: z.boolean(),
  /** Created on or after the start (Sunday) of the current week; a group's newest part counts. */
  isNew: z.boolean(),
  isDemo: z.boolean(),
  isPremium: z.boolean(),
  translator: translatorRef.nullable(),
  createdAt: z.string(),
  /**
   * Admin answers only (docs/decisions/023-playable-titles-and-film-parts.md): why viewers do not see this item,
   * 'processing' (no video ready yet) or 'failed' (its video failed, or it has none). Absent when viewers see it.
   */
  unavailable: z.enum(['processing', 'failed']).optional(),
});
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogQuery = z.object({
  tab: z.enum(TABS).default('movies'),
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(60).optional(),
  translator: z.string().trim().max(120).optional(),
  sort: z.enum(SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  /**
   * Keyset pagination (docs/decisions/036-catalogue-at-100k-titles.md): the `nextCursor` of the previous page; the
   * items after it in the same sort, however deep, at the cost of page 1. `page` is then only echoed. Lists only
   * (not with `q`).
   */
  after: z.string().trim().max(400).optional(),
});
export type CatalogQuery = z.infer<typeof catalogQuery>;

export const catalogPageResponse = z.object({
  items: z.array(catalogItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The union of categories of the tab (for the chips), sorted. */
  categories: z.array(z.string()),
  /** Opaque: `after` for the next page of this list (null after the last page, and when searching). */
  nextCursor: z.string().nullable().optional(),
});
export type CatalogPage = z.infer<typeof catalogPageResponse>;

export const homeResponse = z.object({
  recentMovies: z.array(catalogItem),
  popularMovies: z.array(catalogItem),
  newSeries: z.array(catalogItem),
});

export const partRef = z.object({
  id: z.string(),
  title: z.string(),
  partNumber: z.number().int(),
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  /** The part's video status (ADR 023; viewers are shown only ready parts, admins all). */
  videoStatus: z.enum(['uploading', 'processing', 'ready', 'failed']).nullable().optional(),
});

export const movieFull = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  posterUrl: z.string().nullable(),
  posterFallbacks: z.array(z.string()),
  category: z.string(),
  year: z.number().nullable(),
  director: z.string(),
  cast: z.array(z.string()),
  durationSeconds: z.number().nullable(),
  rating: z.number(),
  isPremium: z.boolean(),
  isDemo: z.boolean(),
  isNew: z.boolean(),
  /** Embed URL of the trailer (video-sharing links converted to embed form with autoplay), or null. */
  trailerEmbedUrl: z.string().nullable(),
  translator: translatorRef.nullable(),
  videoStatus: z.enum(['uploading', 'processing', 'ready', 'failed']).nullable(),
  /** The parts this movie belongs to (its group, auto or custom, or its own parts), in order; [] if none. */
  parts: z.array(partRef),
  /** Up to 3 other titles of the same category. */
  related: z.array(catalogItem),
  /** Set when this movie's video is a part of another movie: the page redirects there. */
  redirectToId: z.string().nullable(),
  /** Priced alone in RWF (ADR 008), or null. For a part of a multi-part film: the film's price (ADR 023). */
  priceRwf: z.number().int().nullable(),
  /**
   * The movie a "Buy this title" pays for (ADR 023): the main movie of a multi-part film (the movie holding its own
   * parts, or the first part of an automatic group), else this movie. Optional for older answers.
   */
  titleId: z.string().optional(),
  /** Movie ids a purchase of any of which entitles this title (the film and all its parts; ADR 023). */
  titleMovieIds: z.array(z.string()).optional(),
});
export type MovieFull = z.infer<typeof movieFull>;
export const movieFullResponse = z.object({ movie: movieFull });

export const episodeView = z.object({
  id: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  videoStatus: z.enum(['uploading', 'processing', 'ready', 'failed']).nullable(),
});
export type EpisodeView = z.infer<typeof episodeView>;

export const seriesFull = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  category: z.string(),
  year: z.number().nullable(),
  rating: z.number(),
  director: z.string(),
  actors: z.array(z.string()),
  posterUrl: z.string().nullable(),
  isPremium: z.boolean(),
  translator: translatorRef.nullable(),
  seasons: z.array(z.object({ seasonNumber: z.number().int(), title: z.string(), episodes: z.array(episodeView) })),
});
export type SeriesFull = z.infer<typeof seriesFull>;
export const seriesResponse = z.object({ series: seriesFull });

export const episodeResponse = z.object({
  series: seriesFull,
  episode: episodeView,
  /** The next episode in the season, else the first of the next season, else null. */
  next: z.object({ seasonNumber: z.number().int(), episodeNumber: z.number().int(), sameSeason: z.boolean() }).nullable(),
});

export const translatorFull = translatorRef.extend({ bio: z.string(), titles: z.number().int() });
export const translatorListResponse = z.object({ translators: z.array(translatorFull) });
export const translatorResponse = z.object({ translator: translatorFull, items: z.array(catalogItem) });

export const watchlistEntry = z.object({ addedAt: z.string(), item: catalogItem });
export const watchlistResponse = z.object({ items: z.array(watchlistEntry) });
export const watchlistEntryResponse = z.object({ entry: watchlistEntry });
export const addToWatchlistBody = z.union([z.object({ movieId: z.uuid() }).strict(), z.object({ seriesId: z.uuid() }).strict()]);

/** A live-list event (docs/product/viewer.md §4 "Movie lists update live"; ADR 007), sent as SSE `event: catalog`. */
export const catalogEvent = z.object({
  entity: z.enum(['movie', 'series', 'group']),
  op: z.enum(['insert', 'update', 'delete']),
  id: z.string(),
});
export type CatalogEvent = z.infer<typeof catalogEvent>;
