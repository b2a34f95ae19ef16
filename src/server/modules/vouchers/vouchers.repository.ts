/**
 * The only place that queries voucher batches and codes (docs/decisions/042-vouchers.md). A code is redeemed by
 * `claimIn`, a conditional UPDATE ... WHERE redeemed_at IS NULL ... RETURNING run inside the transaction that credits
 * the pass (billing's `creditPassWhen`): of concurrent redemptions of one code, the first to update the row wins and
 * the others, waiting on its row lock, find `redeemed_at` set and update nothing.
 */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PlanId } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { user, voucherBatches, vouchers } from '../../db/schema/index.js';

export type VoucherBatchRow = typeof voucherBatches.$inferSelect;
/** A batch with its creator's email and its counts of codes: all, redeemed, unredeemed. */
export interface VoucherBatchSummary extends VoucherBatchRow {
  createdByEmail: string | null;
  created: number;
  redeemed: number;
}
/** A code as found by its hash, with what its batch says about it. */
export interface FoundVoucher {
  id: string;
  redeemedBy: string | null;
  redeemedAt: Date | null;
  batch: Pick<VoucherBatchRow, 'id' | 'plan' | 'expiresAt' | 'voidedAt'>;
}

/** Codes written per INSERT (3 parameters each, far below PostgreSQL's 65,535). */
const CHUNK = 1000;

export function createVouchersRepository(db: Database) {
  const summary = () =>
    db
      .select({
        batch: voucherBatches,
        createdByEmail: user.email,
        created: sql<number>`count(${vouchers.id})::int`,
        redeemed: sql<number>`count(${vouchers.redeemedAt})::int`,
      })
      .from(voucherBatches)
      .leftJoin(user, eq(user.id, voucherBatches.createdBy))
      .leftJoin(vouchers, eq(vouchers.batchId, voucherBatches.id))
      .groupBy(voucherBatches.id, user.email);
  const flat = (r: { batch: VoucherBatchRow; createdByEmail: string | null; created: number; redeemed: number }): VoucherBatchSummary => ({
    ...r.batch,
    createdByEmail: r.createdByEmail,
    created: Number(r.created),
    redeemed: Number(r.redeemed),
  });

  return {
    /**
     * Writes a batch and `count` codes in one transaction. `make` is asked for codes (hash and sealed text) until
     * `count` distinct hashes are stored: a hash already in the table (never seen at 69 bits, but not assumed away)
     * is skipped and another code made.
     * @returns the batch, or null when the name is taken (nothing written).
     */
    async createBatch(values: { name: string; plan: PlanId; createdBy: string | null; createdAt: Date; expiresAt: Date }, count: number, make: () => { hash: string; sealed: string }): Promise<VoucherBatchRow | null> {
      return db.transaction(async (tx) => {
        const [batch] = await tx.insert(voucherBatches).values(values).onConflictDoNothing({ target: voucherBatches.name }).returning();
        if (!batch) return null;
        let stored = 0;
        while (stored < count) {
          const rows = Array.from({ length: Math.min(CHUNK, count - stored) }, () => ({ batchId: batch.id, ...codeRow(make()) }));
          stored += (await tx.insert(vouchers).values(rows).onConflictDoNothing({ target: vouchers.codeHash }).returning({ id: vouchers.id })).length;
        }
        return batch;
      });
    },
    /** Every batch, newest first, with its counts; only the one named `name` when given. */
    async batches(name?: string): Promise<VoucherBatchSummary[]> {
      const q = summary();
      const rows = await (name ? q.where(eq(voucherBatches.name, name)) : q).orderBy(desc(voucherBatches.createdAt), asc(voucherBatches.name));
      return rows.map(flat);
    },
    /** One batch with its counts, by id; null when there is none. */
    async batch(id: string): Promise<VoucherBatchSummary | null> {
      const rows = await summary().where(eq(voucherBatches.id, id));
      return rows[0] ? flat(rows[0]) : null;
    },
    /** The id of the batch named `name`, or null. */
    async batchIdByName(name: string): Promise<string | null> {
      const rows = await db.select({ id: voucherBatches.id }).from(voucherBatches).where(eq(voucherBatches.name, name)).limit(1);
      return rows[0]?.id ?? null;
    },
    /** Voids a batch at `now`; a batch voided before keeps its first time. False when there is no such batch. */
    async voidBatch(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(voucherBatches)
        .set({ voidedAt: sql`coalesce(${voucherBatches.voidedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(voucherBatches.id, id))
        .returning({ id: voucherBatches.id });
      return rows.length > 0;
    },
    /** The sealed codes of a batch, in a stable order. */
    async sealedCodes(batchId: string): Promise<string[]> {
      const rows = await db.select({ sealed: vouchers.codeSealed }).from(vouchers).where(eq(vouchers.batchId, batchId)).orderBy(asc(vouchers.id));
      return rows.map((r) => r.sealed);
    },
    /** The code whose hash is `hash`, with its batch's plan, expiry and voiding; null when no batch holds it. */
    async findByHash(hash: string): Promise<FoundVoucher | null> {
      const rows = await db
        .select({
          id: vouchers.id,
          redeemedBy: vouchers.redeemedBy,
          redeemedAt: vouchers.redeemedAt,
          batch: { id: voucherBatches.id, plan: voucherBatches.plan, expiresAt: voucherBatches.expiresAt, voidedAt: voucherBatches.voidedAt },
        })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(eq(vouchers.codeHash, hash))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * Inside the caller's transaction: marks the code redeemed by `userId` at `now` if it is still unredeemed and its
     * batch is neither voided nor expired at `now`. Returns the code's id when this call redeemed it, else null.
     */
    async claimIn(tx: Database, voucherId: string, userId: string, now: Date): Promise<string | null> {
      const live = tx
        .select({ one: sql`1` })
        .from(voucherBatches)
        .where(and(eq(voucherBatches.id, vouchers.batchId), isNull(voucherBatches.voidedAt), gt(voucherBatches.expiresAt, now)));
      const rows = await tx
        .update(vouchers)
        .set({ redeemedBy: userId, redeemedAt: now })
        .where(and(eq(vouchers.id, voucherId), isNull(vouchers.redeemedAt), sql`exists (${live})`))
        .returning({ id: vouchers.id });
      return rows[0]?.id ?? null;
    },
  };
}
export type VouchersRepository = ReturnType<typeof createVouchersRepository>;

const codeRow = (c: { hash: string; sealed: string }) => ({ codeHash: c.hash, codeSealed: c.sealed });
