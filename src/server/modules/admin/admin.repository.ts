/**
 * Reads of the admin panel (ADR 010): the video library with what each video is attached to, custom groups
 * with their movies, series with their counts, seasons and episodes by id, and existence checks. Writes go
 * through the catalogue, series and groups repositories, which keep the display items and live events right.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customGroupMovies, customMovieGroups, episodes, movies, seasons, series, translators, videoAssets } from '../../db/schema/index.js';

export type VideoRow = typeof videoAssets.$inferSelect;
export type SeriesRow = typeof series.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
export interface GroupMovieRow {
  groupId: string;
  id: string;
  title: string;
  thumbnailUrl: string | null;
  videoId: string | null;
  videoStatus: string | null;
  posterKey: string | null;
}
export interface VideoAttachments {
  movies: { videoId: string; id: string; title: string }[];
  episodes: { videoId: string; id: string; title: string; seriesId: string; seriesTitle: string; seasonNumber: number; episodeNumber: number }[];
}

/** Escapes `%`, `_` and `\` for ILIKE. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAdminRepository(db: Database) {
  // Subqueries name their tables in full: Drizzle writes a single-table query's columns unqualified.
  const usedByMovie = sql`exists (select 1 from movies m where m.video_id = video_assets.id)`;
  const usedByEpisode = sql`exists (select 1 from episodes e where e.video_id = video_assets.id)`;

  async function attachments(videoIds: string[]): Promise<VideoAttachments> {
    if (videoIds.length === 0) return { movies: [], episodes: [] };
    const ms = await db.select({ videoId: movies.videoId, id: movies.id, title: movies.title }).from(movies).where(inArray(movies.videoId, videoIds)).orderBy(asc(movies.title));
    const es = await db
      .select({ videoId: episodes.videoId, id: episodes.id, title: episodes.title, seriesId: series.id, seriesTitle: series.title, seasonNumber: seasons.seasonNumber, episodeNumber: episodes.episodeNumber })
      .from(episodes)
      .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
      .innerJoin(series, eq(series.id, seasons.seriesId))
      .where(inArray(episodes.videoId, videoIds))
      .orderBy(asc(series.title), asc(seasons.seasonNumber), asc(episodes.episodeNumber));
    return { movies: ms.map((m) => ({ ...m, videoId: m.videoId! })), episodes: es.map((e) => ({ ...e, videoId: e.videoId! })) };
  }

  return {
    attachments,
    /** A page of the video library, newest first. `q` matches the file name or an attached movie or episode title. */
    async listVideos(f: { q?: string; status?: VideoRow['status']; unattached?: boolean; page: number; pageSize: number }): Promise<{ rows: VideoRow[]; total: number }> {
      const where: SQL[] = [];
      if (f.q) {
        const p = likePattern(f.q);
        where.push(
          or(
            ilike(videoAssets.sourceFilename, p),
            sql`exists (select 1 from movies m where m.video_id = video_assets.id and m.title ilike ${p})`,
            sql`exists (select 1 from episodes e where e.video_id = video_assets.id and e.title ilike ${p})`,
          )!,
        );
      }
      if (f.status) where.push(eq(videoAssets.status, f.status));
      if (f.unattached) where.push(sql`not ${usedByMovie} and not ${usedByEpisode}`);
      const cond = where.length ? and(...where) : undefined;
      const rows = await db
        .select()
        .from(videoAssets)
        .where(cond)
        .orderBy(desc(videoAssets.createdAt), desc(videoAssets.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      const [{ n }] = (await db.select({ n: count() }).from(videoAssets).where(cond)) as [{ n: number }];
      return { rows, total: Number(n) };
    },
    async video(id: string): Promise<VideoRow | null> {
      return (await db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0] ?? null;
    },
    async videoExists(id: string): Promise<boolean> {
      return (await db.select({ id: videoAssets.id }).from(videoAssets).where(eq(videoAssets.id, id))).length > 0;
    },
    async translatorExists(id: string): Promise<boolean> {
      return (await db.select({ id: translators.id }).from(translators).where(eq(translators.id, id))).length > 0;
    },

    /** Groups newest first, or one group; with their movies (by title). */
    async groups(id?: string): Promise<{ group: typeof customMovieGroups.$inferSelect; movies: GroupMovieRow[] }[]> {
      const gs = await db
        .select()
        .from(customMovieGroups)
        .where(id ? eq(customMovieGroups.id, id) : undefined)
        .orderBy(desc(customMovieGroups.createdAt), desc(customMovieGroups.id));
      if (gs.length === 0) return [];
      const ms = await db
        .select({
          groupId: customGroupMovies.groupId,
          id: movies.id,
          title: movies.title,
          thumbnailUrl: movies.thumbnailUrl,
          videoId: movies.videoId,
          videoStatus: videoAssets.status,
          posterKey: videoAssets.posterKey,
        })
        .from(customGroupMovies)
        .innerJoin(movies, eq(movies.id, customGroupMovies.movieId))
        .leftJoin(videoAssets, eq(videoAssets.id, movies.videoId))
        .where(inArray(customGroupMovies.groupId, gs.map((g) => g.id)))
        .orderBy(asc(movies.title), asc(movies.id));
      return gs.map((group) => ({ group, movies: ms.filter((m) => m.groupId === group.id) }));
    },

    /** Series newest first (or one), with their season and episode counts. */
    async series(id?: string): Promise<(SeriesRow & { seasonsCount: number; episodesCount: number })[]> {
      const rows = await db
        .select({
          s: series,
          seasonsCount: sql<number>`(select count(*) from seasons se where se.series_id = series.id)::int`,
          episodesCount: sql<number>`(select count(*) from episodes e join seasons se on se.id = e.season_id where se.series_id = series.id)::int`,
        })
        .from(series)
        .where(id ? eq(series.id, id) : undefined)
        .orderBy(desc(series.createdAt), desc(series.id));
      return rows.map((r) => ({ ...r.s, seasonsCount: Number(r.seasonsCount), episodesCount: Number(r.episodesCount) }));
    },
    /** A series' seasons by number, with their episode counts. */
    async seasons(seriesId: string): Promise<(SeasonRow & { episodesCount: number })[]> {
      const rows = await db
        .select({ s: seasons, episodesCount: sql<number>`(select count(*) from episodes e where e.season_id = seasons.id)::int` })
        .from(seasons)
        .where(eq(seasons.seriesId, seriesId))
        .orderBy(asc(seasons.seasonNumber));
      return rows.map((r) => ({ ...r.s, episodesCount: Number(r.episodesCount) }));
    },
    async season(id: string): Promise<(SeasonRow & { episodesCount: number }) | null> {
      const [r] = await db
        .select({ s: seasons, episodesCount: sql<number>`(select count(*) from episodes e where e.season_id = seasons.id)::int` })
        .from(seasons)
        .where(eq(seasons.id, id));
      return r ? { ...r.s, episodesCount: Number(r.episodesCount) } : null;
    },
    /** Episodes of a season (or one episode), by number, with their video's state. */
    async episodes(where: { seasonId: string } | { id: string }): Promise<(EpisodeRow & { video: Pick<VideoRow, 'id' | 'status' | 'progress' | 'error' | 'durationSeconds'> | null })[]> {
      const rows = await db
        .select({ e: episodes, video: { id: videoAssets.id, status: videoAssets.status, progress: videoAssets.progress, error: videoAssets.error, durationSeconds: videoAssets.durationSeconds } })
        .from(episodes)
        .leftJoin(videoAssets, eq(videoAssets.id, episodes.videoId))
        .where('id' in where ? eq(episodes.id, where.id) : eq(episodes.seasonId, where.seasonId))
        .orderBy(asc(episodes.episodeNumber));
      return rows.map((r) => ({ ...r.e, video: r.video }));
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
