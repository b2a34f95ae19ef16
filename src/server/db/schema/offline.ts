/**
 * Offline downloads (docs/decisions/027-offline-downloads.md): one row per rendition a viewer stored in the app, with
 * the AES-128 key its segments are encrypted under (RFC 8216 section 5.2). The key leaves the server only in the
 * owner's licence. Deleting is soft (`deleted_at`); the quota is counted in `video_downloads`, not here.
 * Times UTC.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';
import { episodes, movieParts, movies } from './catalog.js';
import { videoAssets } from './media.js';

export const offlineDownloads = pgTable(
  'offline_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    /** The id as played (POST /api/offline `id`): exactly one of movie, part or episode is set; a part also has its movie. */
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'cascade' }),
    partId: uuid('part_id').references(() => movieParts.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    /** Rendition folder name, e.g. "240p". */
    rendition: text('rendition').notNull(),
    /** The AES-128 key, 16 bytes from crypto.randomBytes, base64 (24 characters). */
    keyBase64: text('key_base64').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last licence (check-in) handed out; null before the first. */
    lastLicenseAt: timestamp('last_license_at', { withTimezone: true }),
    /**
     * The device holding the copy: the random id the app keeps in localStorage and sends (ADR 027, amended
     * 2026-11-28); null for a copy made before devices were counted or by a client that sends none (each such copy
     * then counts as a device of its own).
     */
    deviceId: text('device_id'),
  },
  (t) => [
    index('offline_downloads_user_idx').on(t.userId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('offline_downloads_device_idx').on(t.userId, t.deviceId, t.videoId).where(sql`${t.deletedAt} is null`),
    check('offline_downloads_key_length', sql`length(${t.keyBase64}) = 24`),
  ],
);
