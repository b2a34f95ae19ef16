/**
 * The only place that queries offline downloads (docs/decisions/027-offline-downloads.md). Rows of another user, and
 * soft-deleted rows, are never returned: every read is by (id, user). Times are Dates.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offlineDownloads } from '../../db/schema/index.js';

export type OfflineDownloadRow = typeof offlineDownloads.$inferSelect;

export function createOfflineRepository(db: Database) {
  const live = (userId: string, id: string) => and(eq(offlineDownloads.id, id), eq(offlineDownloads.userId, userId), isNull(offlineDownloads.deletedAt));
  return {
    async create(values: { userId: string; videoId: string; movieId: string | null; partId: string | null; episodeId: string | null; rendition: string; keyBase64: string; createdAt: Date }): Promise<OfflineDownloadRow> {
      const [row] = await db.insert(offlineDownloads).values(values).returning();
      return row!;
    },
    /** The user's download, or null when it is not theirs, deleted or absent. */
    async get(userId: string, id: string): Promise<OfflineDownloadRow | null> {
      const [row] = await db.select().from(offlineDownloads).where(live(userId, id));
      return row ?? null;
    },
    /** The user's downloads not deleted, newest first. */
    async list(userId: string): Promise<OfflineDownloadRow[]> {
      return db
        .select()
        .from(offlineDownloads)
        .where(and(eq(offlineDownloads.userId, userId), isNull(offlineDownloads.deletedAt)))
        .orderBy(desc(offlineDownloads.createdAt), desc(offlineDownloads.id));
    },
    /** Records a licence handed out (the check-in); false when the download is not the user's live one. */
    async checkIn(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db.update(offlineDownloads).set({ lastLicenseAt: now }).where(live(userId, id)).returning({ id: offlineDownloads.id });
      return rows.length > 0;
    },
    /** Soft-deletes the user's download; false when there is no live one of theirs. */
    async softDelete(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db.update(offlineDownloads).set({ deletedAt: now }).where(live(userId, id)).returning({ id: offlineDownloads.id });
      return rows.length > 0;
    },
  };
}
export type OfflineRepository = ReturnType<typeof createOfflineRepository>;
