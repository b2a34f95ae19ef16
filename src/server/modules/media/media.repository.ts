/** The only place that queries video assets. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { StoredRendition } from '../../db/schema/index.js';
import { episodes, movies, videoAssets } from '../../db/schema/index.js';

export type VideoAssetRow = typeof videoAssets.$inferSelect;

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
    /** Sets progress only while the asset is still processing (a late update never overwrites ready/failed). */
    async setProgress(id: string, progress: number): Promise<void> {
      await db.update(videoAssets).set({ progress, updatedAt: new Date() }).where(and(eq(videoAssets.id, id), eq(videoAssets.status, 'processing')));
    },
    async markReady(id: string, values: { renditions: StoredRendition[]; storageKey: string; posterKey: string | null; durationSeconds: number }): Promise<void> {
      await db.update(videoAssets).set({ ...values, status: 'ready', progress: 100, error: null, sourcePath: null, updatedAt: new Date() }).where(eq(videoAssets.id, id));
    },
    async byIds(ids: string[]): Promise<VideoAssetRow[]> {
      return ids.length ? db.select().from(videoAssets).where(inArray(videoAssets.id, ids)) : [];
    },
    async attachToMovie(movieId: string, videoId: string): Promise<void> {
      await db.update(movies).set({ videoId, updatedAt: new Date() }).where(eq(movies.id, movieId));
    },
    /** Attaches a video to an episode (issue 6); its series' display item is unchanged (episodes carry no card fields). */
    async attachToEpisode(episodeId: string, videoId: string): Promise<void> {
      await db.update(episodes).set({ videoId }).where(eq(episodes.id, episodeId));
    },
    async episodeExists(episodeId: string): Promise<boolean> {
      return (await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, episodeId)).limit(1)).length > 0;
    },
    async movieExists(movieId: string): Promise<boolean> {
      return (await db.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId)).limit(1)).length > 0;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
