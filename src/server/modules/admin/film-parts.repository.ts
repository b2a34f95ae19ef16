/**
 * The only place that writes a film's own parts (movie_parts; docs/product/viewer.md §2 "/player/{id}?part=", §3
 * "movie_parts"; docs/decisions/023-playable-titles-and-film-parts.md). A part plays the video of a movie attached to
 * the main movie; the attached movie's page then redirects to the main movie (browse.repository.ts redirectToId).
 * Every write sends the main movie's `catalog_events` update in its transaction (events/catalog-notify.ts), and
 * moves the viewers' resume positions on the attached movie's video to the part, or back to that movie when the
 * part is removed (watch_progress; progress.repository.ts reads them).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { movieParts, movies, videoAssets } from '../../db/schema/index.js';
import { notifyCatalog } from '../events/catalog-notify.js';

/** One part as the admin panel lists it: the movie whose video it plays (null when that movie is gone), its video's status. */
export interface FilmPartRow {
  id: string;
  partNumber: number;
  title: string;
  videoId: string | null;
  videoStatus: 'uploading' | 'processing' | 'ready' | 'failed' | null;
  sourceMovieId: string | null;
}

export function createFilmPartsRepository(db: Database) {
  return {
    /** The parts of a movie in part order. */
    async list(movieId: string): Promise<FilmPartRow[]> {
      const rows = await db
        .select({
          id: movieParts.id,
          partNumber: movieParts.partNumber,
          title: movieParts.title,
          videoId: movieParts.videoId,
          videoStatus: videoAssets.status,
          sourceMovieId: sql<string | null>`(select m.id::text from ${movies} m where m.video_id = ${movieParts.videoId} and m.id <> ${movieParts.movieId} order by m.created_at limit 1)`,
        })
        .from(movieParts)
        .leftJoin(videoAssets, eq(videoAssets.id, movieParts.videoId))
        .where(eq(movieParts.movieId, movieId))
        .orderBy(asc(movieParts.partNumber));
      return rows;
    },
    movie: async (id: string) =>
      (await db.select({ id: movies.id, title: movies.title, videoId: movies.videoId, thumbnailUrl: movies.thumbnailUrl, durationSeconds: videoAssets.durationSeconds }).from(movies).leftJoin(videoAssets, eq(videoAssets.id, movies.videoId)).where(eq(movies.id, id)))[0] ?? null,
    /** Inserts a part; 'conflict' when the number is taken. */
    async insert(v: { movieId: string; partNumber: number; title: string; videoId: string; thumbnailUrl: string | null; durationSeconds: number | null }): Promise<{ id: string } | 'conflict'> {
      return db.transaction(async (tx) => {
        const rows = await tx.insert(movieParts).values(v).onConflictDoNothing().returning({ id: movieParts.id });
        if (!rows[0]) return 'conflict' as const;
        // Positions already saved on the attached movie's video now belong to this part of the main film, where
        // its page and Continue Watching lead (progress.repository.ts refsOfVideo).
        await tx.execute(sql`update watch_progress set movie_id = ${v.movieId}, part_id = ${rows[0].id} where video_id = ${v.videoId}`);
        await tx.update(movies).set({ updatedAt: sql`now()` }).where(eq(movies.id, v.movieId));
        await notifyCatalog(tx as unknown as Database, [{ entity: 'movie', op: 'update', id: v.movieId }]);
        return rows[0];
      });
    },
    /** Removes one part of a movie; its title, or null when there is no such part of that movie. */
    async remove(movieId: string, partId: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        // Positions on the part go back to the movie whose video it played, before the delete would cascade to them
        // (watch_progress.part_id): a viewer detached from Part N keeps where they were in that film.
        await tx.execute(sql`update watch_progress p set movie_id = m.id, part_id = null
          from movie_parts mp join movies m on m.video_id = mp.video_id and m.id <> mp.movie_id
          where mp.id = ${partId} and mp.movie_id = ${movieId} and p.part_id = mp.id`);
        const rows = await tx.delete(movieParts).where(and(eq(movieParts.id, partId), eq(movieParts.movieId, movieId))).returning({ title: movieParts.title });
        if (!rows[0]) return null;
        await notifyCatalog(tx as unknown as Database, [{ entity: 'movie', op: 'update', id: movieId }]);
        return rows[0].title;
      });
    },
    /** Whether `videoId` already is a part of some movie (a video is one film's part at most). */
    async videoIsPart(videoId: string): Promise<boolean> {
      return (await db.select({ id: movieParts.id }).from(movieParts).where(eq(movieParts.videoId, videoId)).limit(1)).length > 0;
    },
    /** Whether `movieId` holds parts of its own (it cannot then become another film's part). */
    async hasParts(movieId: string): Promise<boolean> {
      return (await db.select({ id: movieParts.id }).from(movieParts).where(eq(movieParts.movieId, movieId)).limit(1)).length > 0;
    },
    async maxPartNumber(movieId: string): Promise<number> {
      const [r] = await db.select({ n: sql<number | null>`max(${movieParts.partNumber})` }).from(movieParts).where(eq(movieParts.movieId, movieId));
      return r?.n == null ? 0 : Number(r.n);
    },
  };
}
export type FilmPartsRepository = ReturnType<typeof createFilmPartsRepository>;
