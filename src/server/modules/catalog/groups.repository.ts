/**
 * The only place that writes custom movie groups and their memberships (docs/product/admin.md §3, §4 "Custom
 * groups"). A movie belongs to one group at most (unique index; ADR 007). Every write refreshes the display
 * items it changes and queues a `group` event, in one transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customGroupMovies, customMovieGroups, movies } from '../../db/schema/index.js';
import { notifyCatalog } from '../events/catalog-notify.js';
import { refreshMovies } from './catalog-items.repository.js';

export type GroupRow = typeof customMovieGroups.$inferSelect;
export type GroupWithMembers = GroupRow & { movieIds: string[] };
export type GroupValues = Pick<typeof customMovieGroups.$inferInsert, 'title' | 'description' | 'thumbnailUrl' | 'createdBy' | 'createdAt'>;

/** Why a membership could not be written. */
export type MembershipProblem = { problem: 'no_group' } | { problem: 'no_movie'; movieId: string } | { problem: 'in_other_group'; movieId: string; groupId: string };

/** Custom group writes and reads over `db` (see the file comment). */
export function createGroupsRepository(db: Database) {
  /** The first requested movie that is missing or already in another group than `groupId`. */
  async function check(tx: Database, movieIds: string[], groupId: string | null): Promise<MembershipProblem | null> {
    const found = new Set((await tx.select({ id: movies.id }).from(movies).where(inArray(movies.id, movieIds))).map((r) => r.id));
    const missing = movieIds.find((id) => !found.has(id));
    if (missing) return { problem: 'no_movie', movieId: missing };
    const taken = await tx.select().from(customGroupMovies).where(inArray(customGroupMovies.movieId, movieIds));
    const other = taken.find((t) => t.groupId !== groupId);
    return other ? { problem: 'in_other_group', movieId: other.movieId, groupId: other.groupId } : null;
  }

  return {
    async get(id: string): Promise<GroupWithMembers | null> {
      const [g] = await db.select().from(customMovieGroups).where(eq(customMovieGroups.id, id));
      if (!g) return null;
      const members = await db.select({ movieId: customGroupMovies.movieId }).from(customGroupMovies).where(eq(customGroupMovies.groupId, id));
      return { ...g, movieIds: members.map((m) => m.movieId) };
    },
    async byIds(ids: string[]): Promise<GroupRow[]> {
      return ids.length ? db.select().from(customMovieGroups).where(inArray(customMovieGroups.id, ids)) : [];
    },
    async list(): Promise<GroupRow[]> {
      return db.select().from(customMovieGroups).orderBy(asc(customMovieGroups.createdAt));
    },
    /** Creates a group with its members, or reports the first member that cannot join. */
    async create(values: GroupValues, movieIds: string[]): Promise<GroupRow | MembershipProblem> {
      const ids = [...new Set(movieIds)];
      return db.transaction(async (tx) => {
        const problem = await check(tx, ids, null);
        if (problem) return problem;
        const [g] = await tx.insert(customMovieGroups).values(values).returning();
        await tx.insert(customGroupMovies).values(ids.map((movieId) => ({ groupId: g!.id, movieId })));
        await refreshMovies(tx, { movieIds: ids, groupIds: [g!.id] });
        await notifyCatalog(tx, [{ entity: 'group', op: 'insert', id: g!.id }]);
        return g!;
      });
    },
    async update(id: string, values: Partial<Pick<GroupValues, 'title' | 'description' | 'thumbnailUrl'>>): Promise<GroupRow | null> {
      return db.transaction(async (tx) => {
        const [g] = await tx.update(customMovieGroups).set(values).where(eq(customMovieGroups.id, id)).returning();
        if (!g) return null;
        await refreshMovies(tx, { groupIds: [id] });
        await notifyCatalog(tx, [{ entity: 'group', op: 'update', id }]);
        return g;
      });
    },
    async addMovie(groupId: string, movieId: string): Promise<MembershipProblem | null> {
      return db.transaction(async (tx) => {
        const [g] = await tx.select({ id: customMovieGroups.id }).from(customMovieGroups).where(eq(customMovieGroups.id, groupId)).for('update');
        if (!g) return { problem: 'no_group' };
        const problem = await check(tx, [movieId], groupId);
        if (problem) return problem;
        await tx.insert(customGroupMovies).values({ groupId, movieId }).onConflictDoNothing();
        await refreshMovies(tx, { movieIds: [movieId], groupIds: [groupId] });
        await notifyCatalog(tx, [{ entity: 'group', op: 'update', id: groupId }]);
        return null;
      });
    },
    /** Removes a membership; false when there was none. */
    async removeMovie(groupId: string, movieId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(customGroupMovies)
          .where(and(eq(customGroupMovies.groupId, groupId), eq(customGroupMovies.movieId, movieId)))
          .returning();
        if (gone.length === 0) return false;
        await refreshMovies(tx, { movieIds: [movieId], groupIds: [groupId] });
        await notifyCatalog(tx, [{ entity: 'group', op: 'update', id: groupId }]);
        return true;
      });
    },
    /** Deletes a group; its movies show on their own (or in their automatic groups) again. */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const members = (await tx.select({ movieId: customGroupMovies.movieId }).from(customGroupMovies).where(eq(customGroupMovies.groupId, id))).map((m) => m.movieId);
        const gone = await tx.delete(customMovieGroups).where(eq(customMovieGroups.id, id)).returning({ id: customMovieGroups.id });
        if (gone.length === 0) return false;
        await refreshMovies(tx, { movieIds: members, itemKeys: [`c:${id}`] });
        await notifyCatalog(tx, [{ entity: 'group', op: 'delete', id }]);
        return true;
      });
    },
  };
}
export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
