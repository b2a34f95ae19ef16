/**
 * The only place that queries offline downloads (docs/decisions/027-offline-downloads.md). Rows of another user, and
 * soft-deleted rows, are never returned: every read is by (id, user). Times are Dates.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offlineDownloads } from '../../db/schema/index.js';

export type OfflineDownloadRow = typeof offlineDownloads.$inferSelect;
/** A live copy as the device count sees it (ADR 027, amended 2026-11-28). */
export type LiveCopy = Pick<OfflineDownloadRow, 'id' | 'deviceId' | 'videoId' | 'rendition'>;
type NewCopy = { userId: string; videoId: string; movieId: string | null; partId: string | null; episodeId: string | null; rendition: string; keyBase64: string; createdAt: Date; deviceId: string | null };

export function createOfflineRepository(db: Database) {
  const copyColumns = { id: offlineDownloads.id, deviceId: offlineDownloads.deviceId, videoId: offlineDownloads.videoId, rendition: offlineDownloads.rendition };
  const playable = (userId: string, since: Date) =>
    and(eq(offlineDownloads.userId, userId), isNull(offlineDownloads.deletedAt), gt(sql`coalesce(${offlineDownloads.lastLicenseAt}, ${offlineDownloads.createdAt})`, since));
  const live = (userId: string, id: string) => and(eq(offlineDownloads.id, id), eq(offlineDownloads.userId, userId), isNull(offlineDownloads.deletedAt));
  return {
    async create(values: NewCopy): Promise<OfflineDownloadRow> {
      const [row] = await db.insert(offlineDownloads).values(values).returning();
      return row!;
    },
    /**
     * The user's live copies still able to play: not deleted, and checked in (or made) after `since` (now minus the
     * check-in period: an older copy's key has expired on the device).
     */
    async liveCopies(userId: string, since: Date): Promise<LiveCopy[]> {
      return db.select(copyColumns).from(offlineDownloads).where(playable(userId, since));
    },
    /** The user's live copy of `videoId` on `deviceId`, newest first, or null. */
    async onDevice(userId: string, deviceId: string, videoId: string): Promise<OfflineDownloadRow | null> {
      const [row] = await db
        .select()
        .from(offlineDownloads)
        .where(and(eq(offlineDownloads.userId, userId), eq(offlineDownloads.deviceId, deviceId), eq(offlineDownloads.videoId, videoId), isNull(offlineDownloads.deletedAt)))
        .orderBy(desc(offlineDownloads.createdAt))
        .limit(1);
      return row ?? null;
    },
    /**
     * Inserts a copy under a per-user advisory lock, so two requests at once cannot both take the last device:
     * `decide` sees the live copies (as `liveCopies(userId, since)`) inside the lock and throws to refuse, or names a
     * copy to soft-delete in the same transaction (the copy being replaced on the same device).
     */
    async createLocked(values: NewCopy, since: Date, decide: (live: LiveCopy[]) => { replaceId: string | null }): Promise<OfflineDownloadRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offline-devices:${values.userId}`}))`);
        const live = await tx.select(copyColumns).from(offlineDownloads).where(playable(values.userId, since));
        const { replaceId } = decide(live);
        if (replaceId) await tx.update(offlineDownloads).set({ deletedAt: values.createdAt }).where(and(eq(offlineDownloads.id, replaceId), eq(offlineDownloads.userId, values.userId)));
        const [row] = await tx.insert(offlineDownloads).values(values).returning();
        return row!;
      });
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
