/**
 * The only place that queries resume positions (`watch_progress`; rules: shared/domain/resume.ts). Every read and
 * write is keyed by the user id, so a viewer never reads another viewer's positions. Seconds; times UTC.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { episodes, movieParts, movies, seasons, series, watchProgress } from '../../db/schema/index.js';

export type ProgressRow = typeof watchProgress.$inferSelect;
/** What a video belongs to (null ids where it does not apply). */
export interface TitleRefs {
  movieId: string | null;
  partId: string | null;
  episodeId: string | null;
  seriesId: string | null;
}

export function createProgressRepository(db: Database) {
  return {
    /**
     * The title a video belongs to: a movie part (with its movie), a movie, or an episode (with its series); null if
     * none. The part comes first: a movie attached as Part N of another film shares its video with that part, and
     * its own page leads to the main film (docs/decisions/023-playable-titles-and-film-parts.md), so a position on
     * it belongs to the main film's Part N, where Continue Watching must lead.
     */
    async refsOfVideo(videoId: string): Promise<TitleRefs | null> {
      const [p] = await db.select({ id: movieParts.id, movieId: movieParts.movieId }).from(movieParts).where(eq(movieParts.videoId, videoId)).limit(1);
      if (p) return { movieId: p.movieId, partId: p.id, episodeId: null, seriesId: null };
      const [m] = await db.select({ id: movies.id }).from(movies).where(eq(movies.videoId, videoId)).limit(1);
      if (m) return { movieId: m.id, partId: null, episodeId: null, seriesId: null };
      const [e] = await db
        .select({ id: episodes.id, seriesId: seasons.seriesId })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(eq(episodes.videoId, videoId))
        .limit(1);
      if (e) return { movieId: null, partId: null, episodeId: e.id, seriesId: e.seriesId };
      return null;
    },
    async get(userId: string, videoId: string): Promise<ProgressRow | null> {
      const [r] = await db.select().from(watchProgress).where(and(eq(watchProgress.userId, userId), eq(watchProgress.videoId, videoId)));
      return r ?? null;
    },
    /** Saves a position; `watched` sets watched_at the first time. */
    async save(userId: string, videoId: string, refs: TitleRefs, positionSeconds: number, durationSeconds: number, watched: boolean, now: Date): Promise<ProgressRow> {
      const watchedAt = watched ? now : null;
      const [r] = await db
        .insert(watchProgress)
        .values({ userId, videoId, ...refs, positionSeconds, durationSeconds, watchedAt, updatedAt: now })
        .onConflictDoUpdate({
          target: [watchProgress.userId, watchProgress.videoId],
          set: { ...refs, positionSeconds, durationSeconds, updatedAt: now, watchedAt: sql`coalesce(${watchProgress.watchedAt}, ${watchedAt ? watchedAt.toISOString() : null}::timestamptz)` },
        })
        .returning();
      return r!;
    },
    /** The user's latest positions with what a card needs, newest first. */
    async recent(userId: string, limit: number) {
      return db
        .select({
          p: watchProgress,
          movie: { id: movies.id, title: movies.title, thumbnailUrl: movies.thumbnailUrl },
          part: { id: movieParts.id, partNumber: movieParts.partNumber, title: movieParts.title, thumbnailUrl: movieParts.thumbnailUrl },
          episode: { id: episodes.id, number: episodes.episodeNumber, title: episodes.title },
          seasonNumber: seasons.seasonNumber,
          series: { id: series.id, title: series.title, thumbnailUrl: series.thumbnailUrl },
        })
        .from(watchProgress)
        .leftJoin(movies, eq(movies.id, watchProgress.movieId))
        .leftJoin(movieParts, eq(movieParts.id, watchProgress.partId))
        .leftJoin(episodes, eq(episodes.id, watchProgress.episodeId))
        .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
        .leftJoin(series, eq(series.id, watchProgress.seriesId))
        .where(eq(watchProgress.userId, userId))
        .orderBy(desc(watchProgress.updatedAt))
        .limit(limit);
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
