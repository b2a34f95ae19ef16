/**
 * For tests and seeds only: makes a catalogue written without videos playable, so viewers are shown it
 * (docs/decisions/023-playable-titles-and-film-parts.md: viewers see only titles with a ready video). Every movie and
 * episode without a video gets one shared placeholder video asset marked ready, with no duration, poster or files,
 * so cards look exactly as they did without one (no duration, no generated poster). Nothing in the server calls it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Gives every movie and episode without a video the ready placeholder; returns its video id and how many titles
 * changed (a caller holding a read cache clears it when that is more than 0). Idempotent.
 */
export async function givePlaceholderVideos(db: Database): Promise<{ videoId: string; changed: number }> {
  const found = (await db.execute(sql`select id::text as id from video_assets where source_filename = '(test placeholder)' limit 1`)) as unknown as { rows: { id: string }[] };
  let id = found.rows[0]?.id;
  if (!id) {
    const made = (await db.execute(sql`insert into video_assets (status, progress, source_filename, storage_key) values ('ready', 100, '(test placeholder)', 'placeholder') returning id::text as id`)) as unknown as { rows: { id: string }[] };
    id = made.rows[0]!.id;
  }
  const count = (r: unknown) => ((r as { rows: unknown[] }).rows ?? []).length;
  const a = await db.execute(sql`update movies set video_id = ${id}::uuid where video_id is null returning id`);
  const b = await db.execute(sql`update episodes set video_id = ${id}::uuid where video_id is null returning id`);
  return { videoId: id, changed: count(a) + count(b) };
}
