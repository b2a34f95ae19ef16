/**
 * The only place that queries passes, payments and title purchases. `settle` is the one transition that may
 * grant anything: it locks the payment row (SELECT ... FOR UPDATE), leaves at once unless the payment may still
 * change, and otherwise writes the outcome and, for a success, extends the pass (kind 'pass') or records the
 * title purchase (kind 'title') in the same transaction, so any mix of concurrent polls, callbacks and jobs grants
 * a payment exactly once (issue 2 point 8, issue 5 point 3; docs/decisions/004 and 008).
 */
import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { PlanId } from '../../../shared/domain/plans.js';
import { extendExpiry, PLANS } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { movies, payments, subscriptions, titlePurchases } from '../../db/schema/index.js';

export type PassRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A payment with the title of the movie it bought (null for a pass, or a deleted movie). */
export type PaymentWithTitle = PaymentRow & { movieTitle: string | null };

export interface Outcome {
  status: 'successful' | 'failed';
  reason: string | null;
}

/** The reason our own approval window gives; such a failure may still turn into a late success (ADR 008). */
export const EXPIRED_REASON = 'EXPIRED';

export function createBillingRepository(db: Database) {
  const selectWithTitle = () =>
    db
      .select({ payment: payments, movieTitle: movies.title })
      .from(payments)
      .leftJoin(movies, eq(movies.id, payments.movieId));
  const flat = (r: { payment: PaymentRow; movieTitle: string | null }): PaymentWithTitle => ({ ...r.payment, movieTitle: r.movieTitle });

  return {
    async passOf(userId: string): Promise<PassRow | null> {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return rows[0] ?? null;
    },
    /** Extends (or starts) the user's pass by a plan's duration; returns the new row. */
    async extendPass(userId: string, plan: PlanId, source: string, now = new Date()): Promise<PassRow> {
      return db.transaction(async (tx) => extendPassIn(tx as unknown as Database, userId, plan, source, now));
    },
    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },
    /**
     * Inserts a title payment unless the user already owns the title or has a payment for it still waiting for
     * approval (a second one would charge twice for the same thing). Serialised per user and title.
     */
    async insertTitlePaymentOnce(values: typeof payments.$inferInsert & { userId: string; movieId: string }, now: Date): Promise<{ payment: PaymentRow } | { owned: true } | { pending: PaymentRow }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`title:${values.userId}:${values.movieId}`}))`);
        const owned = await tx
          .select({ movieId: titlePurchases.movieId })
          .from(titlePurchases)
          .where(and(eq(titlePurchases.userId, values.userId), eq(titlePurchases.movieId, values.movieId)))
          .limit(1);
        if (owned.length) return { owned: true as const };
        const pending = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.userId, values.userId), eq(payments.movieId, values.movieId), eq(payments.status, 'pending'), gte(payments.expiresAt, now)))
          .limit(1);
        if (pending[0]) return { pending: pending[0] };
        const [row] = await tx.insert(payments).values(values).returning();
        return { payment: row! };
      });
    },
    async payment(id: string): Promise<PaymentRow | null> {
      const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async paymentWithTitle(id: string): Promise<PaymentWithTitle | null> {
      const rows = await selectWithTitle().where(eq(payments.id, id)).limit(1);
      return rows[0] ? flat(rows[0]) : null;
    },
    async paymentByReference(reference: string): Promise<PaymentRow | null> {
      const rows = await db.select().from(payments).where(eq(payments.providerReference, reference)).limit(1);
      return rows[0] ?? null;
    },
    /** Every payment of a user, newest first. */
    async paymentsOf(userId: string): Promise<PaymentWithTitle[]> {
      const rows = await selectWithTitle().where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
      return rows.map(flat);
    },
    async pendingPayments(limit = 200): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.status, 'pending')).orderBy(asc(payments.createdAt)).limit(limit);
    },
    /**
     * Payments we expired ourselves (our approval window closed while the provider still said pending) less than
     * `windowMs` ago and not looked at for `everyMs`: the provider may yet confirm them (ADR 008).
     */
    async lateCandidates(now: Date, windowMs: number, everyMs: number, limit = 100): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'failed'),
            eq(payments.reason, EXPIRED_REASON),
            isNotNull(payments.settledAt),
            gte(payments.settledAt, payments.expiresAt),
            gte(payments.expiresAt, new Date(now.getTime() - windowMs)),
            lte(payments.updatedAt, new Date(now.getTime() - everyMs)),
          ),
        )
        .orderBy(asc(payments.expiresAt))
        .limit(limit);
    },
    /** Marks a payment as just looked at (spaces out the late checks). */
    async touch(id: string, now: Date): Promise<void> {
      await db.update(payments).set({ updatedAt: now }).where(eq(payments.id, id));
    },
    /**
     * Settles a payment once. A pending payment takes any outcome; a payment we expired ourselves may still
     * become successful when the provider confirms it late (the payer was charged). Returns true when this call
     * made the transition, false when it was already settled that way (or for good).
     */
    async settle(id: string, outcome: Outcome, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
        const p = rows[0];
        if (!p) return false;
        const late = outcome.status === 'successful' && p.status === 'failed' && p.reason === EXPIRED_REASON;
        if (p.status !== 'pending' && !late) return false;
        await tx.update(payments).set({ status: outcome.status, reason: outcome.reason, settledAt: now, updatedAt: now }).where(eq(payments.id, id));
        if (outcome.status === 'successful' && p.userId) {
          if (p.kind === 'pass' && p.plan) await extendPassIn(tx as unknown as Database, p.userId, p.plan, 'payment', now);
          if (p.kind === 'title' && p.movieId) {
            await tx.insert(titlePurchases).values({ userId: p.userId, movieId: p.movieId, paymentId: p.id, createdAt: now }).onConflictDoNothing();
          }
        }
        return true;
      });
    },
    /** Whether the user bought this title alone. */
    async ownsTitle(userId: string, movieId: string): Promise<boolean> {
      const rows = await db
        .select({ movieId: titlePurchases.movieId })
        .from(titlePurchases)
        .where(and(eq(titlePurchases.userId, userId), eq(titlePurchases.movieId, movieId)))
        .limit(1);
      return rows.length > 0;
    },
    /** A movie's id, title, premium flag and price alone (null: not sold alone), or null when there is no such movie. */
    async movieForSale(movieId: string): Promise<{ id: string; title: string; isPremium: boolean; priceRwf: number | null } | null> {
      const rows = await db
        .select({ id: movies.id, title: movies.title, isPremium: movies.isPremium, priceRwf: movies.priceRwf })
        .from(movies)
        .where(eq(movies.id, movieId))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Sets a movie's price alone; false when there is no such movie. */
    async setMoviePrice(movieId: string, priceRwf: number | null, now = new Date()): Promise<boolean> {
      const rows = await db.update(movies).set({ priceRwf, updatedAt: now }).where(eq(movies.id, movieId)).returning({ id: movies.id });
      return rows.length > 0;
    },
    /** Marks passes whose expiry has passed as expired; returns how many. */
    async expirePasses(now = new Date()): Promise<number> {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(subscriptions.status, 'active'), lt(subscriptions.expiresAt, now)))
        .returning({ id: subscriptions.id });
      return rows.length;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/**
 * New expiry = later of now and the running pass's expiry, plus the plan's duration (`extendExpiry`). When the
 * row appears between the read and the insert (a first pass bought twice at once), the conflict branch computes
 * the same rule from the row as it is then, so no extension is lost.
 */
async function extendPassIn(tx: Database, userId: string, plan: PlanId, source: string, now: Date): Promise<PassRow> {
  const current = (await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update'))[0];
  const activeExpiry = current && current.status === 'active' ? current.expiresAt : null;
  const expiresAt = extendExpiry(now, activeExpiry, plan);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId, plan, status: 'active', expiresAt, source, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        plan,
        status: 'active',
        expiresAt: sql`(case when ${subscriptions.status} = 'active' and ${subscriptions.expiresAt} > ${at} then ${subscriptions.expiresAt} else ${at} end) + make_interval(secs => ${PLANS[plan].durationSeconds})`,
        source,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  return row!;
}
