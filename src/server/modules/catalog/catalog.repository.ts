/**
 * The only place that writes movies (and reads single movies). Every insert, update and delete stores the
 * derived part columns (base title, part number, group key), refreshes the display items it changes and
 * queues a `catalog_events` notification, all in one transaction (ADR 007).
 */
import { desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import type { Database } from '../../db/client.js';
import { customGroupMovies, movies, videoAssets } from '../../db/schema/index.js';
import { notifyCatalog } from '../events/catalog-notify.js';
import { BULK_ROWS, derivedColumns, refreshMovies, vacuumItems } from './catalog-items.repository.js';

export type MovieRow = typeof movies.$inferSelect;
/** `pending`: the replacement video waiting to be ready (movies.pending_video_id, media.service.ts), if any. */
export type MovieWithVideo = MovieRow & { video: typeof videoAssets.$inferSelect | null; pending?: { id: string; status: VideoRow['status']; progress: number; error: string | null } | null };
type VideoRow = typeof videoAssets.$inferSelect;
const pendingVideo = alias(videoAssets, 'pending_video');
/** The columns a writer sets; the derived ones are computed here. `createdAt` may be given (imports, tests). */
export type MovieValues = Omit<typeof movies.$inferInsert, 'id' | 'baseTitle' | 'partNumber' | 'groupKey' | 'displayKey' | 'updatedAt'>;

/** Movie writes and single-movie reads over `db` (see the file comment). */
export function createCatalogRepository(db: Database) {
  const select = () =>
    db
      .select({ movie: getTableColumns(movies), video: getTableColumns(videoAssets), pending: { id: pendingVideo.id, status: pendingVideo.status, progress: pendingVideo.progress, error: pendingVideo.error } })
      .from(movies)
      .leftJoin(videoAssets, eq(movies.videoId, videoAssets.id))
      .leftJoin(pendingVideo, eq(movies.pendingVideoId, pendingVideo.id));
  const flatten = (r: { movie: MovieRow; video: VideoRow | null; pending: MovieWithVideo['pending'] }): MovieWithVideo => ({ ...r.movie, video: r.video, pending: r.pending });

  /** What a movie was before a write: the keys a refresh must revisit. */
  async function before(tx: Database, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: movies.id, groupKey: movies.groupKey, displayKey: movies.displayKey, groupId: customGroupMovies.groupId })
      .from(movies)
      .leftJoin(customGroupMovies, eq(customGroupMovies.movieId, movies.id))
      .where(inArray(movies.id, ids));
  }

  /** Inserts movies in one transaction (one refresh, one notification statement); returns them in input order. */
  async function createMany(values: MovieValues[]): Promise<MovieRow[]> {
    if (values.length === 0) return [];
    const written = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(movies)
        .values(values.map((v) => ({ ...v, ...derivedColumns({ title: v.title, year: v.year ?? null, director: v.director ?? '' }) })))
        .returning({ id: movies.id });
      const ids = rows.map((r) => r.id);
      await refreshMovies(tx, { movieIds: ids });
      await notifyCatalog(tx, ids.map((id): CatalogEvent => ({ entity: 'movie', op: 'insert', id })));
      const byId = new Map((await tx.select().from(movies).where(inArray(movies.id, ids))).map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    });
    if (written.length >= BULK_ROWS) await vacuumItems(db);
    return written;
  }

  return {
    /** Newest first, at most `limit` (the first version's GET /api/movies and the admin list). */
    async list(limit = 500): Promise<MovieWithVideo[]> {
      return (await select().orderBy(desc(movies.createdAt)).limit(limit)).map(flatten);
    },
    async get(id: string): Promise<MovieWithVideo | null> {
      const rows = await select().where(eq(movies.id, id)).limit(1);
      return rows[0] ? flatten(rows[0]) : null;
    },
    async create(values: MovieValues): Promise<MovieRow> {
      return (await createMany([values]))[0]!;
    },
    createMany,
    /** Updates a movie; null when it does not exist. */
    async update(id: string, patch: Partial<MovieValues>): Promise<MovieRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(movies).where(eq(movies.id, id)).for('update');
        if (!current) return null;
        const old = await before(tx, [id]);
        const next = { ...current, ...patch };
        await tx
          .update(movies)
          // A video chosen by hand wins over a replacement still on its way (media.service.ts): that one no longer swaps in.
          .set({ ...patch, ...(patch.videoId !== undefined ? { pendingVideoId: null } : {}), ...derivedColumns({ title: next.title, year: next.year ?? null, director: next.director ?? '' }), updatedAt: new Date() })
          .where(eq(movies.id, id));
        await refreshMovies(tx, { movieIds: [id], groupKeys: old.map((o) => o.groupKey), itemKeys: old.map((o) => o.displayKey) });
        await notifyCatalog(tx, [{ entity: 'movie', op: 'update', id }]);
        const [row] = await tx.select().from(movies).where(eq(movies.id, id));
        return row ?? null;
      });
    },
    /** Deletes a movie (its memberships and watch-list entries go with it); false when it did not exist. */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const old = await before(tx, [id]);
        const gone = await tx.delete(movies).where(eq(movies.id, id)).returning({ id: movies.id });
        if (gone.length === 0) return false;
        await refreshMovies(tx, {
          groupIds: old.map((o) => o.groupId).filter((g): g is string => g !== null),
          groupKeys: old.map((o) => o.groupKey),
          itemKeys: old.map((o) => o.displayKey),
        });
        const events: CatalogEvent[] = [{ entity: 'movie', op: 'delete', id }];
        for (const o of old) if (o.groupId) events.push({ entity: 'group', op: 'update', id: o.groupId });
        await notifyCatalog(tx, events);
        return true;
      });
    },
    async count(): Promise<number> {
      return db.$count(movies);
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
