/**
 * The People tab's queries (ADR 010 "Roles", "Complimentary passes"): users with their profile name, current role
 * (latest `user_roles` row, none = user) and pass; the role history; complimentary passes (the pass extended with
 * source 'complimentary' and a `pass_grants` row, in one transaction).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/contracts/accounts.js';
import type { PlanId } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { passGrants, profiles, subscriptions, user, userRoles } from '../../db/schema/index.js';
import { createBillingRepository } from '../billing/billing.repository.js';
import { likePattern } from './admin.repository.js';

/** Complimentary passes are recorded with this pass source (subscriptions.source). */
export const COMPLIMENTARY_SOURCE = 'complimentary';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  fullName: string | null;
  createdAt: Date;
  role: Role;
  pass: { plan: PlanId; status: 'active' | 'expired'; expiresAt: Date; source: string } | null;
}

export function createPeopleRepository(db: Database) {
  const latestRole = sql<Role | null>`(select ur.role from user_roles ur where ur.user_id = "user".id order by ur.assigned_at desc, ur.id desc limit 1)`;
  const roleOrUser = sql`coalesce(${latestRole}, 'user')`;
  const select = () =>
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        fullName: profiles.fullName,
        createdAt: user.createdAt,
        role: latestRole,
        plan: subscriptions.plan,
        status: subscriptions.status,
        expiresAt: subscriptions.expiresAt,
        source: subscriptions.source,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(subscriptions, eq(subscriptions.userId, user.id));
  type Raw = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toRow = (r: Raw): UserRow => ({
    id: r.id,
    email: r.email,
    name: r.name,
    fullName: r.fullName,
    createdAt: r.createdAt,
    role: r.role ?? 'user',
    pass: r.plan && r.status && r.expiresAt ? { plan: r.plan, status: r.status, expiresAt: r.expiresAt, source: r.source ?? 'payment' } : null,
  });

  return {
    /** A page of users, newest first. `q` matches email, account name or profile name (ILIKE, anywhere). */
    async list(f: { q?: string; role?: Role; page: number; pageSize: number }): Promise<{ rows: UserRow[]; total: number }> {
      const where: SQL[] = [];
      if (f.q) {
        const p = likePattern(f.q);
        where.push(or(ilike(user.email, p), ilike(user.name, p), ilike(profiles.fullName, p))!);
      }
      if (f.role) where.push(sql`${roleOrUser} = ${f.role}`);
      const cond = where.length ? and(...where) : undefined;
      const rows = await select()
        .where(cond)
        .orderBy(desc(user.createdAt), desc(user.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      const [{ n }] = (await db.select({ n: count() }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(cond)) as [{ n: number }];
      return { rows: rows.map(toRow), total: Number(n) };
    },
    async get(id: string): Promise<UserRow | null> {
      const [r] = await select().where(eq(user.id, id));
      return r ? toRow(r) : null;
    },
    /** Role rows of a user, newest first, with the assigner's email. */
    async roleHistory(userId: string) {
      const by = alias(user, 'assigner');
      return db
        .select({ role: userRoles.role, assignedAt: userRoles.assignedAt, byId: by.id, byEmail: by.email })
        .from(userRoles)
        .leftJoin(by, eq(by.id, userRoles.assignedBy))
        .where(eq(userRoles.userId, userId))
        .orderBy(desc(userRoles.assignedAt), desc(userRoles.id));
    },
    /** Writes a new role row (a change is never an update: who and when stay on record). */
    async assignRole(userId: string, role: Role, assignedBy: string): Promise<void> {
      await db.insert(userRoles).values({ userId, role, assignedBy });
    },
    /**
     * Adds `plan` to the user's passes as a complimentary pass (ADR 019: a lesser plan waits for the better one in
     * force) and records the grant with the end of that plan's time; one transaction.
     */
    async grantPass(userId: string, plan: PlanId, grantedBy: string, note: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const billing = createBillingRepository(tx as unknown as Database);
        await billing.extendPass(userId, plan, COMPLIMENTARY_SOURCE, now);
        const granted = (await billing.passTimelineOf(userId, now)).find((x) => x.plan === plan)!;
        await tx.insert(passGrants).values({ userId, plan, grantedBy, note, expiresAt: granted.endsAt, createdAt: now });
      });
    },
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
