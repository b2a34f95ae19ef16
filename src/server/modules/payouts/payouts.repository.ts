/**
 * The only place that queries the `payouts` table (src/server/db/schema/payouts.ts; docs/decisions/052-payout-run.md).
 *
 * Rows are made under a transaction-scoped advisory lock (`PAYOUT_LOCK`), so two runs at once (two processes, or
 * the CLI beside the server) decide each holder's row one after the other: the second finds the first's row and
 * makes none, and an open carried amount is taken over by one row only. The unique indexes `payouts_live_uq` and
 * `payouts_current_uq` hold the same rules should the lock ever be skipped. A status changes only by a conditional
 * UPDATE from the statuses it may leave (`created` → accepted/successful/failed/refused, `accepted` → successful/
 * failed/refused), so a late answer never undoes a final one.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payouts, type PayoutStatus } from '../../db/schema/index.js';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = Omit<typeof payouts.$inferInsert, 'month' | 'holderKey' | 'currency' | 'carriedIn' | 'createdAt' | 'updatedAt' | 'supersededBy' | 'carriedInto'>;

/** The advisory lock key under which payout rows are made (any fixed bigint; "SOBAPAYO" in ASCII). */
const PAYOUT_LOCK = sql`6003089672555258191`;

/** Carried amounts of a holder in a currency from months before, not yet taken over. */
export interface OpenCarry {
  holderKey: string;
  holderName: string;
  currency: string;
  amount: number;
  /** The number on the latest carried row (null when it had none). */
  msisdn: string | null;
}

const openCarry = (month: string) =>
  and(eq(payouts.status, 'carried'), isNull(payouts.carriedInto), isNull(payouts.supersededBy), lt(payouts.month, month));

export function createPayoutsRepository(db: Database) {
  const lock = (tx: Pick<Database, 'execute'>) => tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK})`);
  return {
    /** Every row of `month`, superseded ones included, by holder name, currency, then age. */
    async ofMonth(month: string): Promise<PayoutRow[]> {
      return db.select().from(payouts).where(eq(payouts.month, month)).orderBy(asc(payouts.holderName), asc(payouts.holderKey), asc(payouts.currency), asc(payouts.createdAt));
    },

    /** The rows of `month` in one of `statuses`, not superseded, oldest first. */
    async inStatus(month: string, statuses: readonly PayoutStatus[]): Promise<PayoutRow[]> {
      return db.select().from(payouts).where(and(eq(payouts.month, month), inArray(payouts.status, [...statuses]), isNull(payouts.supersededBy))).orderBy(asc(payouts.createdAt), asc(payouts.id));
    },

    async get(id: string): Promise<PayoutRow | null> {
      return (await db.select().from(payouts).where(eq(payouts.id, id)))[0] ?? null;
    },

    /** Carried amounts from months before `month` not yet taken over, summed per holder and currency. */
    async openCarries(month: string): Promise<OpenCarry[]> {
      const rows = await db.select().from(payouts).where(openCarry(month)).orderBy(asc(payouts.holderKey), asc(payouts.currency), asc(payouts.month));
      const by = new Map<string, OpenCarry>();
      for (const r of rows) {
        const k = `${r.holderKey}\0${r.currency}`;
        const c = by.get(k) ?? { holderKey: r.holderKey, holderName: r.holderName, currency: r.currency, amount: 0, msisdn: null };
        by.set(k, { ...c, holderName: r.holderName, amount: c.amount + r.amount, msisdn: r.msisdn ?? c.msisdn });
      }
      return [...by.values()];
    },

    /**
     * Makes the row of one holder, month and currency, once: under the lock, nothing when a row not superseded exists
     * already; else `decide` is given the open carried amount of earlier months (minor units) and returns the row to
     * store (or null: nothing owed), and the carried rows it sums are marked as taken over by it, in the same
     * transaction. The row is committed when this returns: only then may its transfer be sent.
     * @returns the stored row, or null when there was one already or nothing was owed.
     */
    async makeOnce(key: { month: string; holderKey: string; currency: string }, decide: (carriedIn: number) => NewPayout | null): Promise<PayoutRow | null> {
      return db.transaction(async (tx) => {
        await lock(tx);
        const [current] = await tx
          .select({ id: payouts.id })
          .from(payouts)
          .where(and(eq(payouts.month, key.month), eq(payouts.holderKey, key.holderKey), eq(payouts.currency, key.currency), isNull(payouts.supersededBy)));
        if (current) return null;
        const carries = await tx
          .select({ id: payouts.id, amount: payouts.amount })
          .from(payouts)
          .where(and(openCarry(key.month), eq(payouts.holderKey, key.holderKey), eq(payouts.currency, key.currency)));
        const carriedIn = carries.reduce((s, c) => s + c.amount, 0);
        const values = decide(carriedIn);
        if (!values) return null;
        const [row] = await tx.insert(payouts).values({ ...values, ...key, carriedIn }).returning();
        if (carries.length) await tx.update(payouts).set({ carriedInto: row!.id, updatedAt: new Date() }).where(inArray(payouts.id, carries.map((c) => c.id)));
        return row!;
      });
    },

    /**
     * Moves a row from one of `from` to `to` with `fields`; nothing when it is no longer in `from` (another run
     * moved it first). @returns the row after, or null when it did not move.
     */
    async move(id: string, from: readonly PayoutStatus[], to: PayoutStatus, fields: { reason?: string | null; operatorTransactionId?: string | null } = {}): Promise<PayoutRow | null> {
      const [row] = await db
        .update(payouts)
        .set({ status: to, ...fields, updatedAt: new Date() })
        .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
        .returning();
      return row ?? null;
    },

    /** Notes why a row is still in doubt (the last error's kind), leaving its status. */
    async note(id: string, reason: string): Promise<void> {
      await db.update(payouts).set({ reason, updatedAt: new Date() }).where(eq(payouts.id, id));
    },

    /**
     * Replaces `old` by a new row (a retry: a new reference), in one transaction under the lock: `old` gets
     * `superseded_by`, then the new row is stored with `old`'s month, holder, currency, amount and carried_in.
     * @returns the new row, or null when `old` is no longer one that `canRetry` accepts (another retry came first).
     */
    async supersede(oldId: string, canRetry: (row: PayoutRow) => boolean, values: NewPayout): Promise<PayoutRow | null> {
      return db.transaction(async (tx) => {
        await lock(tx);
        const [old] = await tx.select().from(payouts).where(eq(payouts.id, oldId)).for('update');
        if (!old || old.supersededBy || old.carriedInto || !canRetry(old)) return null;
        await tx.update(payouts).set({ supersededBy: values.id, updatedAt: new Date() }).where(eq(payouts.id, oldId));
        const [row] = await tx.insert(payouts).values({ ...values, month: old.month, holderKey: old.holderKey, currency: old.currency, amount: old.amount, carriedIn: old.carriedIn }).returning();
        return row!;
      });
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
