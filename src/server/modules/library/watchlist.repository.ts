/**
 * The only place that queries the watch list (docs/product/viewer.md §3, §7): one row per movie or
 * series per user (unique per user and title, check "exactly one of movie_id, series_id"). Every query is
 * scoped to the given user id.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { movies, series, userWatchlist } from '../../db/schema/index.js';

export type WatchlistRow = typeof userWatchlist.$inferSelect;
/** A title on a watch list: a movie or a series, by id. */
export type TitleRef = { movieId: string } | { seriesId: string };

/** Watch-list reads and writes over `db`, always for one given user. */
export function createWatchlistRepository(db: Database) {
  return {
    /** The user's entries, newest first. */
    async list(userId: string): Promise<WatchlistRow[]> {
      return db.select().from(userWatchlist).where(eq(userWatchlist.userId, userId)).orderBy(desc(userWatchlist.addedAt), desc(userWatchlist.id));
    },
    /** Adds a title: the new row, 'duplicate' when it is already there, 'missing' when the title does not exist. */
    async add(userId: string, ref: TitleRef): Promise<WatchlistRow | 'duplicate' | 'missing'> {
      const exists =
        'movieId' in ref
          ? (await db.select({ id: movies.id }).from(movies).where(eq(movies.id, ref.movieId))).length > 0
          : (await db.select({ id: series.id }).from(series).where(eq(series.id, ref.seriesId))).length > 0;
      if (!exists) return 'missing';
      const [row] = await db
        .insert(userWatchlist)
        .values({ userId, ...('movieId' in ref ? { movieId: ref.movieId } : { seriesId: ref.seriesId }) })
        .onConflictDoNothing()
        .returning();
      return row ?? 'duplicate';
    },
    /** Removes a title; false when it was not on the list. */
    async remove(userId: string, ref: TitleRef): Promise<boolean> {
      const match = 'movieId' in ref ? eq(userWatchlist.movieId, ref.movieId) : eq(userWatchlist.seriesId, ref.seriesId);
      return (await db.delete(userWatchlist).where(and(eq(userWatchlist.userId, userId), match)).returning({ id: userWatchlist.id })).length > 0;
    },
  };
}
export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;
