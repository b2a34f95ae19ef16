/**
 * The minutes-watched ledger (docs/decisions/049-minutes-watched-ledger.md; docs/product/viewer.md §12):
 * what translators and rights holders are paid by, counted by the server from stream-session heartbeats and offline
 * check-ins, never from durations a client claims.
 *
 * `viewing_minutes`: one row per viewer, title and UTC minute; `seconds_mask` has bit i set when second i of that
 * minute was watched (on any device, online or offline), and `seconds` is the number of bits set (0..60). A second
 * credited again sets the same bit, so it counts once. No foreign keys: the ledger outlives a deleted title or
 * account (statements already paid are read from it); `user_id` is then an id of nobody.
 *
 * `viewing_session_marks`: per stream session, where its next heartbeat's window starts (whole seconds), the state
 * the player gave in its last heartbeat, and the title it was resolved to.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { playbackSessions } from './playback.js';

/** What a ledger row counts: a movie, a part of a multi-part film, or an episode (docs/decisions/023-playable-titles-and-film-parts.md). */
export const VIEWING_KINDS = ['movie', 'part', 'episode'] as const;

export const viewingMinutes = pgTable(
  'viewing_minutes',
  {
    userId: text('user_id').notNull(),
    /** The movie, part or episode id (the title played). */
    itemId: uuid('item_id').notNull(),
    kind: text('kind', { enum: VIEWING_KINDS }).notNull(),
    /** The display title: the film's title id (`filmTitle`, ADR 023) for a movie or part, the series for an episode. */
    titleId: uuid('title_id').notNull(),
    /** The minute, UTC, truncated (seconds and milliseconds zero). */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** Bit i (0..59): second i of the minute was watched. */
    secondsMask: bigint('seconds_mask', { mode: 'bigint' }).notNull(),
    /** Seconds of the minute watched: the bits set in `seconds_mask`. */
    seconds: smallint('seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId, t.minute] }),
    // Statements and the admin read: a title's minutes by day.
    index('viewing_minutes_title_idx').on(t.titleId, t.minute),
    index('viewing_minutes_minute_idx').on(t.minute),
    check('viewing_minutes_seconds_range', sql`${t.seconds} between 1 and 60`),
    check('viewing_minutes_mask_range', sql`${t.secondsMask} > 0 and ${t.secondsMask} < (1::bigint << 60)`),
    check('viewing_minutes_minute_whole', sql`date_trunc('minute', ${t.minute}) = ${t.minute}`),
  ],
);

export const viewingSessionMarks = pgTable('viewing_session_marks', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => playbackSessions.id, { onDelete: 'cascade' }),
  /** The video the mark was made for: a session moved to another video starts a new chain. */
  videoId: uuid('video_id').notNull(),
  itemId: uuid('item_id').notNull(),
  kind: text('kind', { enum: VIEWING_KINDS }).notNull(),
  titleId: uuid('title_id').notNull(),
  /** Where the next window starts, whole seconds (stored as a time). */
  anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
  /** 'playing' or 'paused', as the player said in its last accepted heartbeat. */
  state: text('state', { enum: ['playing', 'paused'] }).notNull(),
});
