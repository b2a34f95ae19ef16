/**
 * The only place that queries password-reset rows and changes a password by reset
 * (docs/decisions/021-account-recovery.md). Better-auth's tables are written directly here: the credential
 * account's `password` (a hash made with better-auth's own hasher) and the user's `session` rows.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { account, passwordResets, profiles, session, user, verifiedPhones } from '../../db/schema/index.js';

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
    /** The account that verified `msisdn` (ADR 021, amended 2026-11-28), or null when none did. */
    async verifiedHolder(msisdn: string): Promise<RecoveryUser | null> {
      const rows = await db
        .select({ id: user.id, email: user.email, name: user.name, phone: profiles.phone })
        .from(verifiedPhones)
        .innerJoin(user, eq(user.id, verifiedPhones.userId))
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(verifiedPhones.msisdn, msisdn))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The newest unspent, unexpired phone-verification code of `userId` for `msisdn`, or null. */
    async activePhoneCode(userId: string, msisdn: string, now = new Date()): Promise<ResetRow | null> {
      const rows = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, userId), eq(passwordResets.channel, 'phone'), eq(passwordResets.target, msisdn), active(now)))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * Records in one transaction that `userId` verified `msisdn` with code row `codeId`: spends the code (only if
     * still unspent and unexpired), drops the user's other verified numbers and gives the number to the user, taking
     * it from any account that had it. @returns false when the code was already spent or expired.
     */
    async completePhoneVerification(codeId: string, userId: string, msisdn: string, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, codeId), active(now)))
          .returning({ id: passwordResets.id });
        if (!spent.length) return false;
        await tx.delete(verifiedPhones).where(eq(verifiedPhones.userId, userId));
        await tx
          .insert(verifiedPhones)
          .values({ msisdn, userId, verifiedAt: now })
          .onConflictDoUpdate({ target: verifiedPhones.msisdn, set: { userId, verifiedAt: now } });
        return true;
      });
    },
    /** Stores a new reset and spends the user's earlier unspent ones of the same channel (one transaction). */
    async insertReset(r: { userId: string; channel: 'email' | 'sms' | 'phone'; target: string; secretHash: string; expiresAt: Date }, now = new Date()): Promise<void> {
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
