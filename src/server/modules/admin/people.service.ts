/**
 * People (ADR 010 "Roles", "Complimentary passes"): the user list with search, role changes and complimentary passes.
 * Role rules: only a super_admin changes roles (the route's guard: admins get 403 `forbidden`); the roles given
 * are 'admin' (grant) and 'user' (remove); each change is a new `user_roles` row with who and when. A
 * super_admin cannot change their own role nor another super_admin's (409 `conflict`: super admins are made
 * from the command line), so the panel can never lock every super admin out.
 * Errors: 404 `not_found` (no such user), 409 `conflict`.
 */
import type { z } from 'zod';
import type { AdminUser } from '../../../shared/contracts/admin.js';
import type { grantPassBody, setRoleBody, userListQuery } from '../../../shared/contracts/admin.js';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { PeopleRepository, UserRow } from './people.repository.js';

export function toAdminUser(u: UserRow, now = new Date()): AdminUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    fullName: u.fullName,
    joinedAt: u.createdAt.toISOString(),
    role: u.role,
    pass: u.pass ? { plan: u.pass.plan, status: u.pass.status, active: u.pass.status === 'active' && u.pass.expiresAt > now, expiresAt: u.pass.expiresAt.toISOString(), source: u.pass.source } : null,
  };
}

export function createPeopleService(deps: { repo: PeopleRepository }) {
  const { repo } = deps;
  async function get(id: string): Promise<AdminUser> {
    const u = await repo.get(id);
    if (!u) throw notFound('User');
    return toAdminUser(u);
  }
  return {
    async list(q: z.output<typeof userListQuery>) {
      const { rows, total } = await repo.list(q);
      const now = new Date();
      return { items: rows.map((r) => toAdminUser(r, now)), total, page: q.page, pageSize: q.pageSize };
    },
    get,
    async roles(userId: string) {
      await get(userId);
      const rows = await repo.roleHistory(userId);
      return { items: rows.map((r) => ({ role: r.role, assignedBy: r.byId && r.byEmail ? { id: r.byId, email: r.byEmail } : null, assignedAt: r.assignedAt.toISOString() })) };
    },
    /** Grants or removes admin (see the file comment). `actor` is a super_admin (the route guarantees it). */
    async setRole(actor: SessionUser, userId: string, b: z.output<typeof setRoleBody>) {
      const target = await get(userId);
      if (target.id === actor.id) throw new AppError(409, 'conflict', 'You cannot change your own role.');
      if (target.role === 'super_admin') throw new AppError(409, 'conflict', "A super admin's role is changed from the command line only.");
      await repo.assignRole(userId, b.role, actor.id);
      return get(userId);
    },
    /** A support action: a complimentary pass of `plan`, recorded as such (pass source 'complimentary' and a pass_grants row). */
    async grantPass(actor: SessionUser, userId: string, b: z.output<typeof grantPassBody>) {
      await get(userId);
      await repo.grantPass(userId, b.plan, actor.id, b.note);
      return get(userId);
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
