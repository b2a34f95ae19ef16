/**
 * The only place that queries accounts data: users, profiles and role rows, and the erasure of an account
 * (ADR 011: deletion is real), which also anonymises the user's payments in the same transaction.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/contracts/accounts.js';
import type { Database } from '../../db/client.js';
import { contactMessages, payments, profiles, user, userRoles, verification, verifiedPhones } from '../../db/schema/index.js';

export interface ProfileRow {
  email: string;
  name: string;
  fullName: string | null;
  phone: string | null;
  updatedAt: Date | null;
}

export function createAccountsRepository(db: Database) {
  return {
    /** Latest role row of a user (docs/product/viewer.md §7); `user` when there is none. */
    async roleOf(userId: string): Promise<Role> {
      const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(desc(userRoles.assignedAt)).limit(1);
      return rows[0]?.role ?? 'user';
    },
    async assignRole(userId: string, role: Role, assignedBy: string | null): Promise<void> {
      await db.insert(userRoles).values({ userId, role, assignedBy });
    },
    async upsertProfile(id: string, fullName: string, phone: string | null): Promise<void> {
      await db
        .insert(profiles)
        .values({ id, fullName, phone })
        .onConflictDoUpdate({ target: profiles.id, set: { fullName, phone, updatedAt: new Date() } });
    },
    /** The user's email and profile (the profile row may be missing for very old accounts). */
    async profileOf(userId: string): Promise<ProfileRow | null> {
      const rows = await db
        .select({ email: user.email, name: user.name, fullName: profiles.fullName, phone: profiles.phone, updatedAt: profiles.updatedAt })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The number (MSISDN) this user verified and holds (ADR 021, amended 2026-11-28), or null. */
    async verifiedPhoneOf(userId: string): Promise<string | null> {
      const rows = await db.select({ msisdn: verifiedPhones.msisdn }).from(verifiedPhones).where(eq(verifiedPhones.userId, userId)).limit(1);
      return rows[0]?.msisdn ?? null;
    },
    /**
     * Writes the profile and keeps the account's display name in step with a non-empty full name. `msisdn` is the new
     * phone read as a Rwandan number (null when empty or not one): a verified number other than it is dropped, so
     * recovery by SMS never texts a number the profile no longer shows (ADR 021, amended 2026-11-28).
     */
    async updateProfile(userId: string, fullName: string, phone: string | null, now = new Date(), msisdn: string | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verifiedPhones).where(msisdn ? and(eq(verifiedPhones.userId, userId), ne(verifiedPhones.msisdn, msisdn)) : eq(verifiedPhones.userId, userId));
        await tx
          .insert(profiles)
          .values({ id: userId, fullName, phone, updatedAt: now })
          .onConflictDoUpdate({ target: profiles.id, set: { fullName, phone, updatedAt: now } });
        if (fullName) await tx.update(user).set({ name: fullName, updatedAt: now }).where(eq(user.id, userId));
      });
    },
    /**
     * Erases an account: payments are kept for accounting with no user and no number; then the user row goes,
     * and with it (ON DELETE CASCADE) sessions, credential accounts, profile, roles, pass, title purchases and watch
     * list; pending verification tokens for the email and the contact messages sent from the account (name, email,
     * text) go too; other records that only pointed at the user (plays, error reports) keep no link. One transaction.
     * @returns false when there was no such user.
     */
    async eraseUser(userId: string, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for('update');
        if (!rows[0]) return false;
        await tx.update(payments).set({ userId: null, msisdn: null, updatedAt: now }).where(eq(payments.userId, userId));
        await tx.delete(verification).where(eq(verification.identifier, rows[0].email));
        // Messages sent from the account carry the person's name and email: they go too (ADR 011: deletion is real).
        await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
        await tx.delete(user).where(eq(user.id, userId));
        return true;
      });
    },
    /** How many users hold `role` now (their latest role row; users without one hold 'user'). */
    async countWithRole(role: Role): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(user)
        .where(sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${user.id} order by ur.assigned_at desc, ur.id desc limit 1), 'user') = ${role}`);
      return Number(rows[0]?.n ?? 0);
    },
    async findUserByEmail(email: string): Promise<{ id: string; email: string; name: string } | null> {
      const rows = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
      return rows[0] ?? null;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
