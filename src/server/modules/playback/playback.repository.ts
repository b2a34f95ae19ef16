/**
 * The only place that queries playback state (ADR 009): what an id plays (movie, part, episode), stream sessions,
 * plays, settings, downloads and caption rows. Times are Dates; seconds for durations.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { CaptionLanguage, DataSaverHeight } from '../../../shared/contracts/playback.js';
import type { Database } from '../../db/client.js';
import {
  episodes,
  movieParts,
  movies,
  playbackSessions,
  playbackSettingsTable,
  seasons,
  series,
  titlePurchases,
  videoAssets,
  videoCaptions,
  videoDownloads,
  videoPlays,
} from '../../db/schema/index.js';
import type { StoredRendition } from '../../db/schema/media.js';
import { filmTitle } from '../catalog/film-title.repository.js';

/** What a movie, part or episode id plays, and what decides access to it. */
export interface Playable {
  kind: 'movie' | 'part' | 'episode';
  video: { id: string; status: string; durationSeconds: number | null; renditions: StoredRendition[] } | null;
  isPremium: boolean;
  /** The movie a purchase would be of (a part's parent movie); null for an episode. */
  movieId: string | null;
  partId: string | null;
  partNumber: number | null;
  partTitle: string | null;
  episodeId: string | null;
  seriesId: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeTitle: string | null;
  /** Movie or series title. */
  title: string;
  thumbnailUrl: string | null;
  /** "Title", "Title - Part 2", "Series - S1E2". */
  label: string;
}

export type SessionRow = typeof playbackSessions.$inferSelect;
export type CaptionRow = typeof videoCaptions.$inferSelect;

const videoCols = { id: videoAssets.id, status: videoAssets.status, durationSeconds: videoAssets.durationSeconds, renditions: videoAssets.renditions };
const none = { partId: null, partNumber: null, partTitle: null, episodeId: null, seriesId: null, seasonNumber: null, episodeNumber: null, episodeTitle: null };

export function createPlaybackRepository(db: Database) {
  async function movieById(id: string) {
    const [m] = await db
      .select({ id: movies.id, title: movies.title, isPremium: movies.isPremium, thumbnailUrl: movies.thumbnailUrl, video: videoCols })
      .from(movies)
      .leftJoin(videoAssets, eq(videoAssets.id, movies.videoId))
      .where(eq(movies.id, id));
    return m;
  }
  async function part(id: string, movieId?: string): Promise<Playable | null> {
    const [p] = await db
      .select({ p: { id: movieParts.id, movieId: movieParts.movieId, partNumber: movieParts.partNumber, title: movieParts.title, thumbnailUrl: movieParts.thumbnailUrl }, video: videoCols })
      .from(movieParts)
      .leftJoin(videoAssets, eq(videoAssets.id, movieParts.videoId))
      .where(movieId ? and(eq(movieParts.id, id), eq(movieParts.movieId, movieId)) : eq(movieParts.id, id));
    if (!p) return null;
    const m = await movieById(p.p.movieId);
    if (!m) return null;
    return {
      ...none,
      kind: 'part',
      video: p.video?.id ? p.video : null,
      isPremium: m.isPremium,
      movieId: m.id,
      partId: p.p.id,
      partNumber: p.p.partNumber,
      partTitle: p.p.title,
      title: m.title,
      thumbnailUrl: p.p.thumbnailUrl ?? m.thumbnailUrl,
      label: `${m.title} - ${p.p.title}`,
    };
  }

  return {
    /**
     * Resolves a movie id (optionally with one of its parts), a part id or an episode id to what it plays;
     * null when nothing has that id (or `partId` is not a part of that movie).
     */
    async playable(id: string, partId?: string): Promise<Playable | null> {
      const m = await movieById(id);
      if (m) {
        if (partId) return part(partId, m.id);
        return { ...none, kind: 'movie', video: m.video?.id ? m.video : null, isPremium: m.isPremium, movieId: m.id, title: m.title, thumbnailUrl: m.thumbnailUrl, label: m.title };
      }
      if (partId) return null;
      const p = await part(id);
      if (p) return p;
      const [e] = await db
        .select({
          e: { id: episodes.id, number: episodes.episodeNumber, title: episodes.title },
          seasonNumber: seasons.seasonNumber,
          s: { id: series.id, title: series.title, isPremium: series.isPremium, thumbnailUrl: series.thumbnailUrl },
          video: videoCols,
        })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .innerJoin(series, eq(series.id, seasons.seriesId))
        .leftJoin(videoAssets, eq(videoAssets.id, episodes.videoId))
        .where(eq(episodes.id, id));
      if (!e) return null;
      return {
        kind: 'episode',
        video: e.video?.id ? e.video : null,
        isPremium: e.s.isPremium,
        movieId: null,
        partId: null,
        partNumber: null,
        partTitle: null,
        episodeId: e.e.id,
        seriesId: e.s.id,
        seasonNumber: e.seasonNumber,
        episodeNumber: e.e.number,
        episodeTitle: e.e.title,
        title: e.s.title,
        thumbnailUrl: e.s.thumbnailUrl,
        label: `${e.s.title} - S${e.seasonNumber}E${e.e.number}`,
      };
    },

    /** A video's id and status, when `id` is a video asset id. */
    async video(id: string) {
      const [v] = await db.select(videoCols).from(videoAssets).where(eq(videoAssets.id, id));
      return v ?? null;
    },

    /** Active sessions of a user (not stopped, seen after `since`), oldest first. */
    async activeSessions(userId: string, since: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(playbackSessions)
        .where(and(eq(playbackSessions.userId, userId), isNull(playbackSessions.stoppedAt), gt(playbackSessions.lastSeenAt, since)))
        .orderBy(asc(playbackSessions.startedAt));
    },
    /**
     * Starts a session unless the user already has `limit` active ones; serialised per user (advisory lock) so two
     * devices starting at once cannot both take the last slot. Returns the new row or the active sessions.
     */
    async startSession(values: { userId: string; videoId: string; title: string; device: string }, limit: number, since: Date, now: Date): Promise<{ session: SessionRow } | { full: SessionRow[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`streams:${values.userId}`}))`);
        const active = await tx
          .select()
          .from(playbackSessions)
          .where(and(eq(playbackSessions.userId, values.userId), isNull(playbackSessions.stoppedAt), gt(playbackSessions.lastSeenAt, since)))
          .orderBy(asc(playbackSessions.startedAt));
        if (active.length >= limit) return { full: active };
        const [row] = await tx.insert(playbackSessions).values({ ...values, startedAt: now, lastSeenAt: now }).returning();
        return { session: row! };
      });
    },
    /**
     * Whether a video may be watched without a pass: it is the video of a free movie, a part of a free movie or an
     * episode of a free series (`free`), or of a movie (or one of its parts, or any movie of its multi-part film,
     * ADR 023) the user bought alone (`owned`).
     * The entitlement rule of `access` in playback.service.ts, looked up from the video a session plays.
     */
    async videoOpenTo(userId: string, videoId: string): Promise<{ free: boolean; owned: boolean }> {
      const [asMovie, asPart, asEpisode] = await Promise.all([
        db.select({ id: movies.id, isPremium: movies.isPremium }).from(movies).where(eq(movies.videoId, videoId)),
        db.select({ id: movies.id, isPremium: movies.isPremium }).from(movieParts).innerJoin(movies, eq(movies.id, movieParts.movieId)).where(eq(movieParts.videoId, videoId)),
        db
          .select({ isPremium: series.isPremium })
          .from(episodes)
          .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
          .innerJoin(series, eq(series.id, seasons.seriesId))
          .where(eq(episodes.videoId, videoId)),
      ]);
      const films = [...asMovie, ...asPart];
      const free = films.some((m) => !m.isPremium) || asEpisode.some((e) => !e.isPremium);
      if (free || !films.length) return { free, owned: false };
      // A purchase of the multi-part film the video is part of counts for every part (ADR 023).
      const family = new Set(films.map((m) => m.id));
      for (const m of films) for (const id of (await filmTitle(db, m.id))?.movieIds ?? []) family.add(id);
      const bought = await db
        .select({ movieId: titlePurchases.movieId })
        .from(titlePurchases)
        .where(and(eq(titlePurchases.userId, userId), inArray(titlePurchases.movieId, [...family])))
        .limit(1);
      return { free, owned: bought.length > 0 };
    },
    /** The user's session if it is still active. */
    async activeSession(userId: string, sessionId: string, since: Date): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(playbackSessions)
        .where(and(eq(playbackSessions.id, sessionId), eq(playbackSessions.userId, userId), isNull(playbackSessions.stoppedAt), gt(playbackSessions.lastSeenAt, since)));
      return row ?? null;
    },
    /** Marks an active session seen (and moves it to another video); false when it is stopped, lapsed or not the user's. */
    async touchSession(userId: string, sessionId: string, since: Date, now: Date, move?: { videoId: string; title: string }): Promise<boolean> {
      const rows = await db
        .update(playbackSessions)
        .set({ lastSeenAt: now, ...(move ?? {}) })
        .where(and(eq(playbackSessions.id, sessionId), eq(playbackSessions.userId, userId), isNull(playbackSessions.stoppedAt), gt(playbackSessions.lastSeenAt, since)))
        .returning({ id: playbackSessions.id });
      return rows.length > 0;
    },
    /** Stops one of the user's sessions; false when there is no such session of theirs still running. */
    async stopSession(userId: string, sessionId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(playbackSessions)
        .set({ stoppedAt: now })
        .where(and(eq(playbackSessions.id, sessionId), eq(playbackSessions.userId, userId), isNull(playbackSessions.stoppedAt)))
        .returning({ id: playbackSessions.id });
      return rows.length > 0;
    },

    /** Opens a play (analytics) of a video, starting at `position` seconds. */
    async openPlay(userId: string, videoId: string, sessionId: string | null, position: number, now: Date): Promise<void> {
      await db.insert(videoPlays).values({ userId, videoId, sessionId, startedAt: now, lastPosition: position, lastAt: now });
    },
    /** The play a progress save belongs to: the session's play of that video, else the user's latest play of it since `since`. */
    async findPlay(userId: string, videoId: string, sessionId: string | undefined, since: Date) {
      const where = sessionId
        ? and(eq(videoPlays.sessionId, sessionId), eq(videoPlays.videoId, videoId), eq(videoPlays.userId, userId))
        : and(eq(videoPlays.userId, userId), eq(videoPlays.videoId, videoId), gte(videoPlays.lastAt, since));
      const [row] = await db.select().from(videoPlays).where(where).orderBy(desc(videoPlays.lastAt)).limit(1);
      return row ?? null;
    },
    /** Adds watch time to a play, moves its last position, and marks it counted once it reaches `countAfter` seconds. */
    async creditPlay(playId: string, seconds: number, position: number, countAfter: number, now: Date): Promise<void> {
      await db
        .update(videoPlays)
        .set({
          watchedSeconds: sql`${videoPlays.watchedSeconds} + ${seconds}`,
          lastPosition: position,
          lastAt: now,
          countedAt: sql`coalesce(${videoPlays.countedAt}, case when ${videoPlays.watchedSeconds} + ${seconds} >= ${countAfter} then ${now.toISOString()}::timestamptz end)`,
        })
        .where(eq(videoPlays.id, playId));
    },
    /** Counted plays and watch time (seconds) of a video. */
    async videoStats(videoId: string): Promise<{ plays: number; watchedSeconds: number }> {
      const [r] = await db
        .select({ plays: sql<number>`count(${videoPlays.countedAt})::int`, watched: sql<number>`coalesce(sum(${videoPlays.watchedSeconds}), 0)::float8` })
        .from(videoPlays)
        .where(eq(videoPlays.videoId, videoId));
      return { plays: Number(r?.plays ?? 0), watchedSeconds: Number(r?.watched ?? 0) };
    },

    async dataSaver(userId: string): Promise<boolean | null> {
      const [r] = await db.select({ v: playbackSettingsTable.dataSaver }).from(playbackSettingsTable).where(eq(playbackSettingsTable.userId, userId));
      return r?.v ?? null;
    },
    /** The viewer's data saver: on/off (null: not chosen) and its rung in pixels (null: not chosen; ADR 028). */
    async dataSaverSettings(userId: string): Promise<{ dataSaver: boolean | null; maxHeight: DataSaverHeight | null }> {
      const [r] = await db
        .select({ v: playbackSettingsTable.dataSaver, h: playbackSettingsTable.dataSaverMaxHeight })
        .from(playbackSettingsTable)
        .where(eq(playbackSettingsTable.userId, userId));
      const h = r?.h ?? null;
      return { dataSaver: r?.v ?? null, maxHeight: h === 144 || h === 240 ? h : null };
    },
    /** Stores the viewer's data-saver choice; `maxHeight` (144 or 240) replaces the stored rung when given. */
    async setDataSaver(userId: string, value: boolean, now: Date, maxHeight?: DataSaverHeight): Promise<void> {
      const rung = maxHeight === undefined ? {} : { dataSaverMaxHeight: maxHeight };
      await db
        .insert(playbackSettingsTable)
        .values({ userId, dataSaver: value, ...rung, updatedAt: now })
        .onConflictDoUpdate({ target: playbackSettingsTable.userId, set: { dataSaver: value, ...rung, updatedAt: now } });
    },

    /** Distinct videos downloaded by a user since `since`. */
    async downloadsSince(userId: string, since: Date): Promise<{ count: number; videos: Set<string> }> {
      const rows = await db
        .selectDistinct({ videoId: videoDownloads.videoId })
        .from(videoDownloads)
        .where(and(eq(videoDownloads.userId, userId), gte(videoDownloads.createdAt, since)));
      return { count: rows.length, videos: new Set(rows.map((r) => r.videoId)) };
    },
    /**
     * Records a download unless the user already has `limit` distinct videos since `since` (null: no limit);
     * serialised per user. Returns the number of distinct videos counted afterwards, or null when over the limit.
     */
    async recordDownload(userId: string, videoId: string, rendition: string, limit: number | null, since: Date, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`downloads:${userId}`}))`);
        const rows = await tx
          .selectDistinct({ videoId: videoDownloads.videoId })
          .from(videoDownloads)
          .where(and(eq(videoDownloads.userId, userId), gte(videoDownloads.createdAt, since)));
        const already = rows.some((r) => r.videoId === videoId);
        if (!already && limit !== null && rows.length >= limit) return null;
        await tx.insert(videoDownloads).values({ userId, videoId, rendition, createdAt: now });
        return already ? rows.length : rows.length + 1;
      });
    },

    async captions(videoId: string): Promise<CaptionRow[]> {
      return db.select().from(videoCaptions).where(eq(videoCaptions.videoId, videoId)).orderBy(asc(videoCaptions.language));
    },
    async upsertCaption(row: typeof videoCaptions.$inferInsert): Promise<CaptionRow> {
      const [r] = await db
        .insert(videoCaptions)
        .values(row)
        .onConflictDoUpdate({ target: [videoCaptions.videoId, videoCaptions.language], set: { sourceFormat: row.sourceFormat, cues: row.cues, sizeBytes: row.sizeBytes, updatedBy: row.updatedBy, updatedAt: row.updatedAt } })
        .returning();
      return r!;
    },
    async deleteCaption(videoId: string, language: CaptionLanguage): Promise<boolean> {
      const rows = await db.delete(videoCaptions).where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language))).returning({ v: videoCaptions.videoId });
      return rows.length > 0;
    },
    /** Number of sessions ever started by a user (tests and support). */
    async sessionCount(userId: string): Promise<number> {
      const [r] = await db.select({ n: count() }).from(playbackSessions).where(eq(playbackSessions.userId, userId));
      return Number(r?.n ?? 0);
    },
  };
}
export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;
