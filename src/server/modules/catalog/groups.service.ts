/**
 * Custom movie groups (docs/product/admin.md §3, §4, §5, §9): create with a title and at least 2 movies, edit the title
 * alone, add and remove movies, delete. A group shows to viewers only while at least 2 of its movies exist; a movie
 * belongs to one group at most (ADR 007). HTTP routes for admins are in the admin module (ADR 010); these serve the
 * tests, the bench seed and later the admin API.
 * Errors: AppError 400 `validation_failed`, 404 `not_found`, 409 `conflict` (the movie is in another group).
 */
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import type { GroupsRepository, MembershipProblem } from './groups.repository.js';
import type { ReadCache } from './read-cache.js';

/** Minimum movies to create a custom group (docs/product/admin.md §9). */
export const MIN_GROUP_MOVIES = 2;

/** A group's editable fields (docs/product/admin.md §5: a title is required). */
export const groupInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(2000).optional().default(''),
  thumbnailUrl: z.string().trim().max(1000).nullable().optional().default(null),
});
/** A new group: its fields and at least 2 distinct movie ids (docs/product/admin.md §5, §9). */
export const createGroupInput = groupInput.extend({
  movieIds: z.array(z.uuid()).refine((ids) => new Set(ids).size >= MIN_GROUP_MOVIES, `Select at least ${MIN_GROUP_MOVIES} movies`),
});

function raise(p: MembershipProblem): never {
  if (p.problem === 'no_group') throw notFound('Group');
  if (p.problem === 'no_movie') throw notFound('Movie');
  throw new AppError(409, 'conflict', 'This movie is already in another group', { movieId: p.movieId, groupId: p.groupId });
}

/** Custom groups over their repository; writes clear `cache` after commit. */
export function createGroupsService(deps: { repo: GroupsRepository; cache?: ReadCache }) {
  const { repo } = deps;
  const changed = () => deps.cache?.clear();
  return {
    async create(input: z.input<typeof createGroupInput>, createdBy: string | null = null, opts: { createdAt?: Date } = {}) {
      const b = createGroupInput.parse(input);
      const r = await repo.create({ title: b.title, description: b.description, thumbnailUrl: b.thumbnailUrl, createdBy, ...(opts.createdAt ? { createdAt: opts.createdAt } : {}) }, b.movieIds);
      if ('problem' in r) raise(r);
      changed();
      return r;
    },
    async update(id: string, input: Partial<z.input<typeof groupInput>>) {
      const b = groupInput.partial().parse(input);
      const values = Object.fromEntries(Object.entries(b).filter(([k]) => k in input));
      const g = await repo.update(id, values);
      if (!g) throw notFound('Group');
      changed();
      return g;
    },
    async addMovie(groupId: string, movieId: string): Promise<void> {
      const p = await repo.addMovie(groupId, movieId);
      if (p) raise(p);
      changed();
    },
    async removeMovie(groupId: string, movieId: string): Promise<void> {
      if (!(await repo.removeMovie(groupId, movieId))) throw notFound('Group membership');
      changed();
    },
    async delete(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw notFound('Group');
      changed();
    },
    get: (id: string) => repo.get(id),
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
