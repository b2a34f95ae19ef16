/**
 * The only place that queries video assets, and that points titles at them (movies.video_id / pending_video_id,
 * episodes likewise; migration 0008). Times come from the database's clock (`now()`); ages are in seconds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import type { Database } from '../../db/client.js';
import type { StoredRendition } from '../../db/schema/index.js';
import { episodes, movieParts, movies, videoAssets } from '../../db/schema/index.js';
import { notifyCatalog } from '../events/catalog-notify.js';

export type VideoAssetRow = typeof videoAssets.$inferSelect;
type VideoStatus = VideoAssetRow['status'];

/** Where an upload goes: a movie or an episode. */
/** A caption track carried over to a replacement video: the replaced video holding it, and its language (en, fr, rw). */
export interface CarriedCaption {
  videoId: string;
  language: string;
}
export type UploadTarget = { kind: 'movie'; id: string } | { kind: 'episode'; id: string };

/** A 'processing' asset with no transcode job waiting or running, and the state of its latest job, if any. */
export interface StrandedProcessing {
  id: string;
  hasFacts: boolean;
  /** pg-boss state of the latest job for it ('failed', 'completed', 'cancelled'), or null when none is kept. */
  lastJobState: string | null;
  /** That job's failure message (pg-boss `output.message`), if any. */
  lastJobMessage: string | null;
}

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

export function createMediaRepository(db: Database) {
  return {
    async create(values: typeof videoAssets.$inferInsert): Promise<VideoAssetRow> {
      const [row] = await db.insert(videoAssets).values(values).returning();
      return row!;
    },
    async get(id: string): Promise<VideoAssetRow | null> {
      return (await db.select().from(videoAssets).where(eq(videoAssets.id, id)).limit(1))[0] ?? null;
    },
    async update(id: string, values: Partial<typeof videoAssets.$inferInsert>): Promise<void> {
      await db.update(videoAssets).set({ ...values, updatedAt: new Date() }).where(eq(videoAssets.id, id));
    },
    /**
     * Moves the asset from status `from` to `values` in one statement: true when this call made the move, false when
     * the asset was no longer in `from` (another process finished, failed or expired it first).
     */
    async transition(id: string, from: VideoStatus, values: Partial<typeof videoAssets.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(videoAssets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(videoAssets.id, id), eq(videoAssets.status, from)))
        .returning({ id: videoAssets.id });
      return rows.length > 0;
    },
    /** Marks an upload as being finished now (its `updated_at`), so the upkeep leaves it to the request doing it. */
    async touchUploading(id: string): Promise<void> {
      await db.update(videoAssets).set({ updatedAt: sql`now()` }).where(and(eq(videoAssets.id, id), eq(videoAssets.status, 'uploading')));
    },
    /** Sets progress only while the asset is still processing (a late update never overwrites ready/failed). */
    async setProgress(id: string, progress: number): Promise<void> {
      await db.update(videoAssets).set({ progress, updatedAt: new Date() }).where(and(eq(videoAssets.id, id), eq(videoAssets.status, 'processing')));
    },
    /**
     * The caption tracks a replacement `id` takes over when it is swapped in: for each language `id` has no track of,
     * the most recently updated track of the videos it replaces (the current videos of the titles it is pending for).
     * `[{ videoId: the replaced video holding the track, language }]`.
     */
    async captionsToCarry(id: string): Promise<CarriedCaption[]> {
      const rows = rowsOf(
        await db.execute(sql`select distinct on (c.language) c.video_id::text as "videoId", c.language from video_captions c
          where c.video_id in (select video_id from movies where pending_video_id = ${id} and video_id is not null
                               union select video_id from episodes where pending_video_id = ${id} and video_id is not null)
            and not exists (select 1 from video_captions n where n.video_id = ${id} and n.language = c.language)
          order by c.language, c.updated_at desc`),
      );
      return rows.map((r) => ({ videoId: String(r.videoId), language: String(r.language) }));
    },
    /**
     * Marks a processing asset ready and, in the same transaction, swaps it in where it is a title's pending
     * replacement (video_id ← it, pending_video_id ← null), then tells every instance (catalog_events) that the titles
     * now showing it changed. What viewers had on the replaced video follows the title to the new one in that
     * transaction: their resume positions on those titles, and the caption tracks in `carried` (whose files the
     * caller has already copied; see captionsToCarry). The video it replaces is left in the library, files and all
     * (admin/content.service.ts: a video may be shared by titles, and deleting files is a separate act). False when
     * the asset was not processing.
     */
    async markReady(id: string, values: { renditions: StoredRendition[]; storageKey: string; posterKey: string | null; durationSeconds: number }, carried: readonly CarriedCaption[] = []): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(videoAssets)
          .set({ ...values, status: 'ready', progress: 100, error: null, sourcePath: null, updatedAt: sql`now()` })
          .where(and(eq(videoAssets.id, id), eq(videoAssets.status, 'processing')))
          .returning({ id: videoAssets.id });
        if (done.length === 0) return false;
        for (const c of carried) {
          await tx.execute(sql`insert into video_captions (video_id, language, source_format, cues, size_bytes, updated_by, updated_at)
            select ${id}, language, source_format, cues, size_bytes, updated_by, updated_at from video_captions
            where video_id = ${c.videoId} and language = ${c.language} on conflict do nothing`);
        }
        await tx.execute(sql`update watch_progress p set video_id = ${id} from movies m
          where m.pending_video_id = ${id} and p.movie_id = m.id and p.part_id is null and p.episode_id is null and p.video_id = m.video_id`);
        await tx.execute(sql`update watch_progress p set video_id = ${id} from episodes e
          where e.pending_video_id = ${id} and p.episode_id = e.id and p.video_id = e.video_id`);
        // A movie attached as another film's part shares its video with the part (film-parts.service.ts, ADR 023):
        // the part, and the resume positions on it, follow the movie to its new video, so the part plays the new
        // version and the movie still reads as that film's part.
        await tx.execute(sql`update watch_progress p set video_id = ${id} from movie_parts mp join movies m on mp.video_id = m.video_id
          where m.pending_video_id = ${id} and p.part_id = mp.id and p.video_id = m.video_id`);
        await tx.execute(sql`update movie_parts mp set video_id = ${id}, duration_seconds = ${values.durationSeconds}, updated_at = now() from movies m
          where m.pending_video_id = ${id} and mp.video_id = m.video_id`);
        await tx.update(movies).set({ videoId: id, pendingVideoId: null, updatedAt: sql`now()` }).where(eq(movies.pendingVideoId, id));
        await tx.update(episodes).set({ videoId: id, pendingVideoId: null }).where(eq(episodes.pendingVideoId, id));
        // A part that took this video as its movie's first playable one (attachUpload 'current') learns its length.
        await tx.execute(sql`update movie_parts set duration_seconds = ${values.durationSeconds}, updated_at = now() where video_id = ${id}`);
        const shownBy = rowsOf(
          await tx.execute(sql`select 'movie' as entity, m.id::text as id from movies m where m.video_id = ${id}
            union select 'movie', mp.movie_id::text from movie_parts mp where mp.video_id = ${id}
            union select 'series', s.series_id::text from episodes e join seasons s on s.id = e.season_id where e.video_id = ${id}`),
        );
        await notifyCatalog(tx as unknown as Database, shownBy.map((r) => ({ entity: r.entity as 'movie' | 'series', op: 'update', id: String(r.id) }) satisfies CatalogEvent));
        return true;
      });
    },
    async byIds(ids: string[]): Promise<VideoAssetRow[]> {
      return ids.length ? db.select().from(videoAssets).where(inArray(videoAssets.id, ids)) : [];
    },
    /**
     * Points `target` at the new upload `videoId`: a title whose current video is ready keeps it and gets `videoId`
     * as its pending replacement (swapped in by markReady); a title with no playable video gets it at once, as its
     * video, and so does a film part sharing the movie's old video (ADR 023), in the same transaction. Returns false
     * when the title does not exist.
     */
    async attachUpload(target: UploadTarget, videoId: string): Promise<'current' | 'pending' | false> {
      const table = target.kind === 'movie' ? movies : episodes;
      const playable = sql`exists (select 1 from video_assets v where v.id = ${table.videoId} and v.status = 'ready')`;
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ videoId: table.videoId }).from(table).where(eq(table.id, target.id)).for('update');
        const rows = await tx
          .update(table)
          .set({
            videoId: sql`case when ${playable} then ${table.videoId} else ${videoId}::uuid end`,
            pendingVideoId: sql`case when ${playable} then ${videoId}::uuid else null end`,
            ...(target.kind === 'movie' ? { updatedAt: sql`now()` } : {}),
          })
          .where(eq(table.id, target.id))
          .returning({ videoId: table.videoId });
        if (rows.length === 0) return false;
        if (rows[0]!.videoId !== videoId) return 'pending';
        if (target.kind === 'movie' && before?.videoId && before.videoId !== videoId) {
          await tx.update(movieParts).set({ videoId, durationSeconds: null, updatedAt: sql`now()` }).where(eq(movieParts.videoId, before.videoId));
        }
        return 'current';
      });
    },
    async episodeExists(episodeId: string): Promise<boolean> {
      return (await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, episodeId)).limit(1)).length > 0;
    },
    /** A movie's or an episode's video and its pending replacement (null each when none); null when there is no such title. */
    async videosOf(target: UploadTarget): Promise<{ videoId: string | null; pendingVideoId: string | null } | null> {
      const table = target.kind === 'movie' ? movies : episodes;
      const rows = await db.select({ videoId: table.videoId, pendingVideoId: table.pendingVideoId }).from(table).where(eq(table.id, target.id)).limit(1);
      return rows[0] ?? null;
    },
    async movieExists(movieId: string): Promise<boolean> {
      return (await db.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId)).limit(1)).length > 0;
    },
    /**
     * Ids of assets still 'uploading' that no request has started finishing (the row unchanged since its creation), or
     * not in the last `idleSeconds` (touchUploading), oldest first.
     */
    async uploadingIdle(idleSeconds: number): Promise<string[]> {
      const rows = await db
        .select({ id: videoAssets.id })
        .from(videoAssets)
        .where(
          and(
            eq(videoAssets.status, 'uploading'),
            sql`(${videoAssets.updatedAt} = ${videoAssets.createdAt} or ${videoAssets.updatedAt} < now() - make_interval(secs => ${idleSeconds}))`,
          ),
        )
        .orderBy(videoAssets.createdAt);
      return rows.map((r) => r.id);
    },
    /** Ids of assets still 'uploading' created more than `ageSeconds` ago. */
    async uploadingOlderThan(ageSeconds: number): Promise<string[]> {
      const rows = await db
        .select({ id: videoAssets.id })
        .from(videoAssets)
        .where(and(eq(videoAssets.status, 'uploading'), sql`${videoAssets.createdAt} < now() - make_interval(secs => ${ageSeconds})`));
      return rows.map((r) => r.id);
    },
    /**
     * Assets 'processing' for `idleSeconds` with no job of `queue` for them in pg-boss states created, retry or active
     * (pg-boss 10's `pgboss.job`; the payload is `{ videoId }`): the job was never sent (a crash just before), or it
     * ended without the asset being marked (a worker that died on the job's last attempt).
     */
    async processingWithoutJob(queue: string, idleSeconds: number): Promise<StrandedProcessing[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select v.id::text as id, v.source_facts is not null as has_facts, last.state as last_state, last.message as last_message
          from video_assets v
          left join lateral (
            select j.state::text as state, coalesce(j.output->>'message', j.output#>>'{value,message}') as message
            from pgboss.job j where j.name = ${queue} and j.data->>'videoId' = v.id::text order by j.created_on desc limit 1
          ) last on true
          where v.status = 'processing' and v.updated_at < now() - make_interval(secs => ${idleSeconds})
            and not exists (select 1 from pgboss.job j where j.name = ${queue} and j.data->>'videoId' = v.id::text and j.state in ('created', 'retry', 'active'))`),
      );
      return rows.map((r) => ({ id: String(r.id), hasFacts: Boolean(r.has_facts), lastJobState: (r.last_state as string | null) ?? null, lastJobMessage: (r.last_message as string | null) ?? null }));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
