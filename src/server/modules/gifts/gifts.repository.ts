/**
 * The only place that queries gifts (docs/decisions/046-gifts.md). Billing calls two functions inside its own
 * transactions: `insertGiftIn` right after a gift's payment row is written, and `activateGiftIn` when that payment
 * succeeds (BillingRepository.settle: the gift is activated instead of the payer's pass being extended). A gift is
 * claimed by `claimIn`, a conditional UPDATE ... RETURNING run in the transaction that credits the pass (billing's
 * `creditPassWhen`), so of concurrent claims of one code exactly one updates the row.
 */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { GIFT_VALID_DAYS } from '../../../shared/contracts/gifts.js';
import type { Database } from '../../db/client.js';
import { gifts, user } from '../../db/schema/index.js';

export type GiftRow = typeof gifts.$inferSelect;
export type NewGift = typeof gifts.$inferInsert;

/** Writes a gift (not activated) in the caller's transaction. */
export async function insertGiftIn(tx: Database, values: NewGift): Promise<GiftRow> {
  const [row] = await tx.insert(gifts).values(values).returning();
  return row!;
}

/**
 * In the caller's transaction: activates the gift bought by payment `paymentId` (activated_at = now, expires_at =
 * now + GIFT_VALID_DAYS days) unless it already is. Returns whether the payment buys a gift at all (true even when
 * it was activated before: a payment that buys a gift never extends the payer's pass).
 */
export async function activateGiftIn(tx: Database, paymentId: string, now: Date): Promise<boolean> {
  const rows = await tx.select({ id: gifts.id, activatedAt: gifts.activatedAt }).from(gifts).where(eq(gifts.paymentId, paymentId)).limit(1);
  const g = rows[0];
  if (!g) return false;
  if (!g.activatedAt) {
    await tx
      .update(gifts)
      .set({ activatedAt: now, expiresAt: new Date(now.getTime() + GIFT_VALID_DAYS * 24 * 3600 * 1000) })
      .where(and(eq(gifts.id, g.id), isNull(gifts.activatedAt)));
  }
  return true;
}

/**
 * In the caller's transaction, when payment `paymentId` is refunded (docs/decisions/045-card-refunds.md): a gift
 * not claimed yet stops being claimable (expires now). Returns null when the payment bought no gift, else who
 * claimed it (null: nobody), whose pass the refund then takes the plan back from instead of the payer's.
 */
export async function refundGiftIn(tx: Database, paymentId: string, now: Date): Promise<{ claimedBy: string | null } | null> {
  const rows = await tx.select({ id: gifts.id, claimedAt: gifts.claimedAt, claimedBy: gifts.claimedBy }).from(gifts).where(eq(gifts.paymentId, paymentId)).limit(1);
  const g = rows[0];
  if (!g) return null;
  if (!g.claimedAt) await tx.update(gifts).set({ expiresAt: now }).where(and(eq(gifts.id, g.id), isNull(gifts.claimedAt)));
  return { claimedBy: g.claimedAt ? g.claimedBy : null };
}

export function createGiftsRepository(db: Database) {
  return {
    async byPayment(paymentId: string): Promise<GiftRow | null> {
      return (await db.select().from(gifts).where(eq(gifts.paymentId, paymentId)).limit(1))[0] ?? null;
    },
    async byId(id: string): Promise<GiftRow | null> {
      return (await db.select().from(gifts).where(eq(gifts.id, id)).limit(1))[0] ?? null;
    },
    async findByHash(hash: string): Promise<GiftRow | null> {
      return (await db.select().from(gifts).where(eq(gifts.codeHash, hash)).limit(1))[0] ?? null;
    },
    /** The gifts `giverId` paid for (or started paying for), newest first. */
    async ofGiver(giverId: string): Promise<GiftRow[]> {
      return db.select().from(gifts).where(eq(gifts.giverId, giverId)).orderBy(desc(gifts.createdAt), desc(gifts.id));
    },
    /** The name of account `userId` (how a gift's message names its giver), or null. */
    async userName(userId: string | null): Promise<string | null> {
      if (!userId) return null;
      return (await db.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1))[0]?.name ?? null;
    },
    /** Counts one more message handed over for the gift. */
    async markSent(id: string, now: Date): Promise<void> {
      await db.update(gifts).set({ sentCount: sql`${gifts.sentCount} + 1`, lastSentAt: now }).where(eq(gifts.id, id));
    },
    /**
     * Inside the caller's transaction: marks the gift with code hash `hash` claimed by `userId` at `now` if it is
     * activated, unclaimed and not expired at `now`. Returns its id when this call claimed it, else null.
     */
    async claimIn(tx: Database, hash: string, userId: string, now: Date): Promise<{ id: string } | null> {
      const rows = await tx
        .update(gifts)
        .set({ claimedBy: userId, claimedAt: now })
        .where(and(eq(gifts.codeHash, hash), isNull(gifts.claimedAt), isNotNull(gifts.activatedAt), gt(gifts.expiresAt, now)))
        .returning({ id: gifts.id });
      return rows[0] ?? null;
    },
  };
}
export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
