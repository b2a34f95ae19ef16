/**
 * The only place that reads single titles for browsing (docs/product/viewer.md §2 "/watch/{id}", "/watchlist"): the
 * movies of display items in part order (a group's parts), movies and series by id with what their cards need (the
 * watch list), one movie for its page (own parts, the movie that holds its video as a part: the redirect),
 * translators by slug. Pages of lists are read by catalog-page.repository.ts.
 */
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { movieParts, movies, series, translators, videoAssets } from '../../db/schema/index.js';

export type TranslatorCols = Pick<typeof translators.$inferSelect, 'id' | 'name' | 'slug' | 'photoUrl'>;
export type VideoCols = Pick<typeof videoAssets.$inferSelect, 'id' | 'status' | 'durationSeconds' | 'posterKey'>;

/** The columns of a movie a card needs. */
export type CardMovie = Pick<typeof movies.$inferSelect, 'id' | 'title' | 'description' | 'thumbnailUrl' | 'category' | 'year' | 'director' | 'rating' | 'isDemo' | 'isPremium' | 'createdAt' | 'displayKey' | 'partNumber'>;
/** One movie as a card needs it: its columns, video, translator, and its own parts' posters in order. */
export interface MemberRow<M extends CardMovie = CardMovie> {
  movie: M;
  video: VideoCols | null;
  translator: TranslatorCols | null;
  partPosters: string[];
}
/** One of a movie's own parts (movie_parts): duration in seconds (rounded), poster URL. */
export interface OwnPart {
  id: string;
  title: string;
  partNumber: number;
  durationSeconds: number | null;
  posterUrl: string | null;
  /** The part's video status, null without a video (viewers are shown ready parts only; ADR 023). */
  videoStatus: VideoCols['status'] | null;
}
export type SeriesRow = typeof series.$inferSelect & { translator: TranslatorCols | null };


/** Order of a group's parts: the same as `comparePartOrder` (grouping.ts) and catalog-items.repository.ts. */
const partOrder = [sql`${movies.partNumber} asc nulls last`, asc(movies.createdAt), asc(movies.id)];
const posterOf = (v: typeof videoAssets) => sql<string | null>`case when ${v.status} = 'ready' and ${v.posterKey} is not null then '/media/posters/' || ${v.id}::text || '.webp' end`;

/** The browsing reads of single titles over `db` (see the file comment); every method answers plain rows, times as Dates. */
export function createBrowseRepository(db: Database) {
  const translatorCols = { id: translators.id, name: translators.name, slug: translators.slug, photoUrl: translators.photoUrl };
  const videoCols = { id: videoAssets.id, status: videoAssets.status, durationSeconds: videoAssets.durationSeconds, posterKey: videoAssets.posterKey };
  /**
   * A film page's movie (movieDetail), prepared once: on PostgreSQL a named statement per pooled connection, planned
   * once instead of on every film page (docs/decisions/036-catalogue-at-100k-titles.md, amended 2026-11-29).
   */
  const movieDetailQuery = db
    .select({
      movie: getTableColumns(movies),
      video: videoCols,
      translator: translatorCols,
      ownParts: sql<OwnPart[]>`coalesce((select json_agg(json_build_object(
          'id', p.id, 'title', p.title, 'partNumber', p.part_number,
          'durationSeconds', round(coalesce(p.duration_seconds, pv.duration_seconds))::int,
          'posterUrl', coalesce(p.thumbnail_url, case when pv.status = 'ready' and pv.poster_key is not null then '/media/posters/' || pv.id::text || '.webp' end),
          'videoStatus', pv.status
        ) order by p.part_number) from ${movieParts} p left join ${videoAssets} pv on pv.id = p.video_id where p.movie_id = ${movies.id}), '[]'::json)`,
      redirectToId: sql<string | null>`(select mp.movie_id::text from ${movieParts} mp where mp.video_id = ${movies.videoId} and mp.movie_id <> ${movies.id} order by mp.created_at limit 1)`,
    })
    .from(movies)
    .leftJoin(videoAssets, eq(videoAssets.id, movies.videoId))
    .leftJoin(translators, eq(translators.id, movies.translatorId))
    .where(eq(movies.id, sql.placeholder('id')))
    .prepare('catalog_movie_detail');

  /** Own parts (movie_parts) of these movies, in part order, with duration and poster. */
  async function ownParts(movieIds: string[]): Promise<Map<string, OwnPart[]>> {
    const out = new Map<string, OwnPart[]>();
    if (movieIds.length === 0) return out;
    const rows = await db
      .select({
        movieId: movieParts.movieId,
        id: movieParts.id,
        title: movieParts.title,
        partNumber: movieParts.partNumber,
        durationSeconds: sql<number | null>`coalesce(${movieParts.durationSeconds}, ${videoAssets.durationSeconds})`,
        posterUrl: sql<string | null>`coalesce(${movieParts.thumbnailUrl}, ${posterOf(videoAssets)})`,
        videoStatus: videoAssets.status,
      })
      .from(movieParts)
      .leftJoin(videoAssets, eq(videoAssets.id, movieParts.videoId))
      .where(inArray(movieParts.movieId, movieIds))
      .orderBy(movieParts.movieId, movieParts.partNumber);
    for (const { movieId, ...p } of rows) out.set(movieId, [...(out.get(movieId) ?? []), { ...p, durationSeconds: p.durationSeconds == null ? null : Math.round(Number(p.durationSeconds)) }]);
    return out;
  }

  const cardCols = {
    id: movies.id,
    title: movies.title,
    description: movies.description,
    thumbnailUrl: movies.thumbnailUrl,
    category: movies.category,
    year: movies.year,
    director: movies.director,
    rating: movies.rating,
    isDemo: movies.isDemo,
    isPremium: movies.isPremium,
    createdAt: movies.createdAt,
    displayKey: movies.displayKey,
    partNumber: movies.partNumber,
  };

  return {
    /** The movies of these display keys with what their cards need, grouped by key, each in part order. */
    async members(keys: string[]): Promise<Map<string, MemberRow[]>> {
      const out = new Map<string, MemberRow[]>();
      if (keys.length === 0) return out;
      const rows = await db
        .select({
          movie: cardCols,
          video: videoCols,
          translator: translatorCols,
          partPosters: sql<string[]>`coalesce((select array_agg(pp.poster order by pp.part_number) from (
              select p.part_number, coalesce(p.thumbnail_url, case when pv.status = 'ready' and pv.poster_key is not null then '/media/posters/' || pv.id::text || '.webp' end) as poster
              from ${movieParts} p left join ${videoAssets} pv on pv.id = p.video_id where p.movie_id = ${movies.id}) pp where pp.poster is not null), '{}')`,
        })
        .from(movies)
        .leftJoin(videoAssets, eq(videoAssets.id, movies.videoId))
        .leftJoin(translators, eq(translators.id, movies.translatorId))
        .where(inArray(movies.displayKey, keys))
        .orderBy(movies.displayKey, ...partOrder);
      for (const r of rows) {
        const key = r.movie.displayKey!;
        out.set(key, [...(out.get(key) ?? []), r]);
      }
      return out;
    },
    /** Single movies (for watch lists), with what their cards need. */
    async moviesByIds(ids: string[]): Promise<Map<string, MemberRow<typeof movies.$inferSelect>>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ movie: getTableColumns(movies), video: videoCols, translator: translatorCols })
        .from(movies)
        .leftJoin(videoAssets, eq(videoAssets.id, movies.videoId))
        .leftJoin(translators, eq(translators.id, movies.translatorId))
        .where(inArray(movies.id, ids));
      const parts = await ownParts(ids);
      return new Map(rows.map((r) => [r.movie.id, { ...r, partPosters: (parts.get(r.movie.id) ?? []).map((p) => p.posterUrl).filter((p): p is string => p !== null) }]));
    },
    /**
     * One movie for its page, in one query: its row, video and translator, its own parts in order (id, title,
     * number, rounded seconds, poster) with their posters as fallbacks, and `redirectToId`, another movie that
     * has this movie's video as one of its parts (the page redirects there). Null when absent.
     */
    async movieDetail(id: string): Promise<(MemberRow<typeof movies.$inferSelect> & { ownParts: OwnPart[]; redirectToId: string | null }) | null> {
      const [r] = await movieDetailQuery.execute({ id });
      if (!r) return null;
      const ownParts = (typeof r.ownParts === 'string' ? JSON.parse(r.ownParts) : r.ownParts) as OwnPart[];
      return { ...r, ownParts, partPosters: ownParts.map((p) => p.posterUrl).filter((p): p is string => p !== null) };
    },
    async seriesByIds(ids: string[]): Promise<Map<string, SeriesRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ s: getTableColumns(series), translator: translatorCols }).from(series).leftJoin(translators, eq(translators.id, series.translatorId)).where(inArray(series.id, ids));
      return new Map(rows.map((r) => [r.s.id, { ...r.s, translator: r.translator }]));
    },
    async translatorIdBySlug(slug: string): Promise<string | null> {
      return (await db.select({ id: translators.id }).from(translators).where(eq(translators.slug, slug)))[0]?.id ?? null;
    },
  };
}
export type BrowseRepository = ReturnType<typeof createBrowseRepository>;
