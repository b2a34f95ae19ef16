/**
 * The only place that queries password-reset rows and changes a password by reset
 * (docs/decisions/021-account-recovery.md). Better-auth's tables are written directly here: the credential
 * account's `password` (a hash made with better-auth's own hasher) and the user's `session` rows.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { account, passwordResets, profiles, session, user } from '../../db/schema/index.js';

export type ResetRow = typeof passwordResets.$inferSelect;
export interface RecoveryUser {
  id: string;
  email: string;
  name: string;
  /** The profile's phone as typed, or null. */
  phone: string | null;
}

const active = (now: Date) => and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

export function createRecoveryRepository(db: Database) {
  return {
    async userByEmail(email: string): Promise<RecoveryUser | null> {
      const rows = await db
        .select({ id: user.id, email: user.email, name: user.name, phone: profiles.phone })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.email, email.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },
    async userById(id: string): Promise<RecoveryUser | null> {
      const rows = await db
        .select({ id: user.id, email: user.email, name: user.name, phone: profiles.phone })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * Users whose profile phone ends with the 9 digits `local` (`7XXXXXXXX`) once its non-digits are dropped; the
     * caller checks each phone parses to the same MSISDN. At most 5.
     */
    async usersByLocalPhone(local: string): Promise<RecoveryUser[]> {
      return db
        .select({ id: user.id, email: user.email, name: user.name, phone: profiles.phone })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(sql`right(regexp_replace(coalesce(${profiles.phone}, ''), '[^0-9]', '', 'g'), 9) = ${local}`)
        .limit(5);
    },
    /** Stores a new reset and spends the user's earlier unspent ones of the same channel (one transaction). */
    async insertReset(r: { userId: string; channel: 'email' | 'sms'; target: string; secretHash: string; expiresAt: Date }, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, r.userId), eq(passwordResets.channel, r.channel), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values(r);
      });
    },
    /** The unspent, unexpired email reset whose token hashes to `secretHash`, or null. */
    async activeLink(secretHash: string, now = new Date()): Promise<ResetRow | null> {
      const rows = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.secretHash, secretHash), eq(passwordResets.channel, 'email'), active(now)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The newest unspent, unexpired SMS reset sent to `msisdn`, or null. */
    async activeCode(msisdn: string, now = new Date()): Promise<ResetRow | null> {
      const rows = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.channel, 'sms'), eq(passwordResets.target, msisdn), active(now)))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Counts a wrong code against a reset; the `maxTries`-th spends it. Returns the wrong codes counted so far. */
    async addWrongCode(id: string, maxTries: number, now = new Date()): Promise<number> {
      const rows = await db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1`, usedAt: sql`case when ${passwordResets.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else ${passwordResets.usedAt} end` })
        .where(eq(passwordResets.id, id))
        .returning({ attempts: passwordResets.attempts });
      return rows[0]?.attempts ?? maxTries;
    },
    /**
     * Completes a reset in one transaction: spends the reset (only if still unspent and unexpired, so a link or
     * code works once even when used twice at the same moment), sets the credential password hash, spends the
     * user's other resets and deletes every session of the user.
     * @returns false when the reset was already spent or expired (nothing changed).
     */
    async completeReset(resetId: string, userId: string, passwordHash: string, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, resetId), active(now)))
          .returning({ id: passwordResets.id });
        if (!spent.length) return false;
        await tx.update(account).set({ password: passwordHash, updatedAt: now }).where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.delete(session).where(eq(session.userId, userId));
        return true;
      });
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
