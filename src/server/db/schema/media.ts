/**
 * Video assets: one uploaded source and its HLS ladder (shared/domain/ladder.ts). Status moves
 * uploading → processing (progress 0-100) → ready | failed (with `error`). Durations in seconds, sizes in bytes.
 */
import { bigint, integer, jsonb, pgEnum, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const videoStatusEnum = pgEnum('video_status', ['uploading', 'processing', 'ready', 'failed']);

/** One rendition as stored: name ("720p"), size in pixels, bandwidth in bits per second, playlist path. */
export interface StoredRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
}

export const videoAssets = pgTable('video_assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: videoStatusEnum('status').notNull().default('uploading'),
  progress: integer('progress').notNull().default(0),
  sourceFilename: text('source_filename'),
  sourceSizeBytes: bigint('source_size_bytes', { mode: 'number' }),
  /** ffprobe facts of the source (SourceFacts). */
  sourceFacts: jsonb('source_facts'),
  durationSeconds: real('duration_seconds'),
  renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default([]),
  /** Path of the upload on local disk while it waits for ingest. */
  sourcePath: text('source_path'),
  /** Storage key of the folder holding master.m3u8 (the asset id). */
  storageKey: text('storage_key'),
  posterKey: text('poster_key'),
  error: text('error'),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
