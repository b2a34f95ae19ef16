/**
 * Playback state (ADR 009): stream sessions (simultaneous streams, heartbeats), plays and watch time (analytics),
 * resume positions, playback settings (data saver), downloads (quota per pass period) and caption tracks.
 * Durations and positions are seconds; sizes bytes; times UTC.
 *
 * Analytics read `video_plays`: one row per play of a video (one stream session on one video);
 * `watched_seconds` is the watch time credited (src/shared/domain/resume.ts `creditedWatchSeconds`), and
 * `counted_at` is set once 10 s were watched (a counted play).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../shared/domain/languages.js';
import { user } from './auth.js';
import { episodes, movieParts, movies, series } from './catalog.js';
import { videoAssets } from './media.js';

/** One playing device. Active while `stopped_at` is null and the last heartbeat is recent (SESSION_LAPSE_SECONDS). */
export const playbackSessions = pgTable(
  'playback_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    /** What is being watched, for the list of sessions ("Title - S1E2"). */
    title: text('title').notNull().default(''),
    /** Short device label from the User-Agent. */
    device: text('device').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [index('playback_sessions_user_idx').on(t.userId, t.lastSeenAt).where(sql`${t.stoppedAt} is null`)],
);

/** Plays and watch time per video, readable by analytics (ADR 010 "Top titles"). */
export const videoPlays = pgTable(
  'video_plays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the viewer deleted their account (the figures stay). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last position seen for this play, seconds, and when. */
    lastPosition: real('last_position').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    /** Watch time credited, seconds. */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    /** Set when watched_seconds first reached PLAY_COUNT_AFTER_SECONDS (10 s): the play counts. */
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [index('video_plays_video_idx').on(t.videoId, t.startedAt), index('video_plays_session_idx').on(t.sessionId, t.videoId), index('video_plays_user_idx').on(t.userId, t.videoId, t.lastAt)],
);

/** Resume position per user and video, with the title it belongs to (for Continue Watching). */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'cascade' }),
    partId: uuid('part_id').references(() => movieParts.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** Set the first time the position reached 90 %. */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('watch_progress_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * Per-user playback settings. `data_saver` null: not chosen yet (the browser's Save-Data hint decides, ADR 028).
 * `data_saver_max_height`: the data saver's rung, short side in pixels, 144 or 240; null: not chosen (240).
 */
export const playbackSettingsTable = pgTable(
  'playback_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    dataSaver: boolean('data_saver'),
    dataSaverMaxHeight: integer('data_saver_max_height'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('playback_settings_data_saver_max_height_check', sql`${t.dataSaverMaxHeight} in (144, 240)`)],
);

/** Downloads granted (one per user, video and pass period; a second link for the same video is not counted again). */
export const videoDownloads = pgTable(
  'video_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    rendition: text('rendition').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_downloads_user_idx').on(t.userId, t.createdAt)],
);

/** Caption tracks: the WebVTT file lives in storage at `{videoId}/captions/{language}.vtt`. */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    language: text('language', { enum: LANGUAGE_CODES }).notNull(),
    sourceFormat: text('source_format', { enum: ['vtt', 'srt'] }).notNull(),
    cues: integer('cues').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);
