/**
 * The only place that queries passes, payments and title purchases. `settle` is the one transition that may
 * grant anything: it locks the payment row (SELECT ... FOR UPDATE), leaves at once unless the payment may still
 * change, and otherwise writes the outcome and, for a success, adds the pass (kind 'pass') or records the
 * title purchase (kind 'title') in the same transaction (or, for a pass bought as a gift, activates the gift instead:
 * docs/decisions/046-gifts.md), so any mix of concurrent polls, callbacks and jobs grants
 * a payment exactly once (docs/decisions/004 and 008).
 *
 * A pass bought on top of a pass goes through `buyPass` (src/shared/domain/pass-stacking.ts, ADR 019): the
 * `subscriptions` row holds the pass in force, `queued_passes` the time owed on other plans. Reads (`passOf`)
 * compute a takeover that is due without writing it; purchases, grants and the expiry job write it.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import { advancePass, buyPass, passTimeline, refundPass, type PassSegment, type PassState } from '../../../shared/domain/pass-stacking.js';
import type { PlanId } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { filmTitle } from '../catalog/film-title.repository.js';
import { activateGiftIn, refundGiftIn } from '../gifts/gifts.repository.js';
import { movies, payments, queuedPasses, subscriptions, titlePurchases, user } from '../../db/schema/index.js';

export type PassRow = typeof subscriptions.$inferSelect;
type QueuedRow = typeof queuedPasses.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A payment with the title of the movie it bought (null for a pass, or a deleted movie). */
export type PaymentWithTitle = PaymentRow & { movieTitle: string | null };
/** A payment of the admin list: with its title and the paying account's email (null once the account was deleted). */
export type AdminPaymentRow = PaymentWithTitle & { accountEmail: string | null };

export interface Outcome {
  status: 'successful' | 'failed';
  reason: string | null;
  /** The card a successful card payment was paid with (brand, last four digits), kept for receipts (ADR 044). */
  card?: { brand: string | null; last4: string };
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
    /**
     * The user's pass in force at `now` (or their last one, expired; null: never had one). When the row's pass
     * has ended and a queued pass took over, the answer is that pass (plan, expiry, and `updatedAt` = when it
     * began), whether or not the expiry job has written it yet.
     */
    async passOf(userId: string, now = new Date()): Promise<PassRow | null> {
      const { row, queue } = await load(db, userId, false);
      return effectiveRow(row, queue, now);
    },
    /** The pass in force and the passes queued behind it, back to back from `now` (empty: nothing in force). */
    async passTimelineOf(userId: string, now = new Date()): Promise<PassSegment[]> {
      const { row, queue } = await load(db, userId, false);
      return passTimeline(now, stateOf(row, queue));
    },
    /** Adds a plan's duration to the user's passes (`buyPass`, ADR 019); returns the pass in force after it. */
    async extendPass(userId: string, plan: PlanId, source: string, now = new Date()): Promise<PassRow> {
      return db.transaction(async (tx) => extendPassIn(tx as unknown as Database, userId, plan, source, now));
    },
    /**
     * Runs `claim` and, only when it returns a value (not null), adds `plan` to the user's passes (`buyPass`,
     * ADR 019), both in one transaction: a claim that finds nothing to claim credits nothing, and a credit that fails
     * undoes the claim. `claim` runs first, in the caller's terms (e.g. a conditional UPDATE ... RETURNING that only
     * one of several concurrent transactions can win, docs/decisions/042-vouchers.md).
     * @returns what `claim` returned and the pass in force after the credit, or null when `claim` returned null.
     */
    async extendPassWhen<T>(userId: string, plan: PlanId, source: string, now: Date, claim: (tx: Database) => Promise<T | null>): Promise<{ claimed: T; pass: PassRow } | null> {
      return db.transaction(async (tx) => {
        const claimed = await claim(tx as unknown as Database);
        if (claimed === null) return null;
        return { claimed, pass: await extendPassIn(tx as unknown as Database, userId, plan, source, now) };
      });
    },
    /**
     * Writes a payment; with `then`, in a transaction that runs `then` right after the row (a gift's row,
     * docs/decisions/046-gifts.md): when `then` throws, no payment is written.
     */
    async insertPayment(values: typeof payments.$inferInsert, then?: (tx: Database, payment: PaymentRow) => Promise<void>): Promise<PaymentRow> {
      if (!then) return (await db.insert(payments).values(values).returning())[0]!;
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(payments).values(values).returning();
        await then(tx as unknown as Database, row!);
        return row!;
      });
    },
    /**
     * Inserts a title payment unless the user already owns the title or has a payment for it still waiting for
     * approval (a second one would charge twice for the same thing). Serialised per user and title.
     */
    async insertTitlePaymentOnce(values: typeof payments.$inferInsert & { userId: string; movieId: string }, now: Date): Promise<{ payment: PaymentRow } | { owned: true } | { pending: PaymentRow }> {
      // A multi-part film is one title (ADR 023): a purchase of, or a payment pending for, any of its movies counts.
      const film = (await filmTitle(db, values.movieId))?.movieIds ?? [values.movieId];
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`title:${values.userId}:${values.movieId}`}))`);
        const owned = await tx
          .select({ movieId: titlePurchases.movieId })
          .from(titlePurchases)
          .where(and(eq(titlePurchases.userId, values.userId), inArray(titlePurchases.movieId, film)))
          .limit(1);
        if (owned.length) return { owned: true as const };
        const pending = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.userId, values.userId), inArray(payments.movieId, film), eq(payments.status, 'pending'), gte(payments.expiresAt, now)))
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
    /** Whether `userId` has a successful payment from `msisdn` (2507XXXXXXXX): a number shown to be the payer's own. */
    async hasPaidFrom(userId: string, msisdn: string): Promise<boolean> {
      const rows = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, userId), eq(payments.msisdn, msisdn), eq(payments.status, 'successful'))).limit(1);
      return rows.length > 0;
    },
    /** Every payment of a user, newest first. */
    async paymentsOf(userId: string): Promise<PaymentWithTitle[]> {
      const rows = await selectWithTitle().where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
      return rows.map(flat);
    },
    /**
     * The admin Payments list (docs/product/admin.md): every payment, newest first by (created_at, id), after the
     * payment `after` (keyset; none when `after` is not a payment), at most `limit`, optionally only one status and
     * one method (`card`: provider card; `mobile_money`: any other provider), each with its title and the email of
     * the paying account (null once the account was deleted).
     */
    async adminPayments(q: { status?: PaymentRow['status']; method?: 'card' | 'mobile_money'; after?: string; limit: number }): Promise<AdminPaymentRow[]> {
      const rows = await db
        .select({ payment: payments, movieTitle: movies.title, email: user.email })
        .from(payments)
        .leftJoin(movies, eq(movies.id, payments.movieId))
        .leftJoin(user, eq(user.id, payments.userId))
        .where(
          and(
            q.status ? eq(payments.status, q.status) : undefined,
            q.method === 'card' ? eq(payments.provider, 'card') : q.method === 'mobile_money' ? ne(payments.provider, 'card') : undefined,
            q.after ? sql`(${payments.createdAt}, ${payments.id}) < (select k.created_at, k.id from payments k where k.id = ${q.after})` : undefined,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(q.limit);
      return rows.map((r) => ({ ...r.payment, movieTitle: r.movieTitle, accountEmail: r.email }));
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
        const card = outcome.status === 'successful' && outcome.card ? { cardBrand: outcome.card.brand, cardLast4: outcome.card.last4 } : {};
        await tx.update(payments).set({ status: outcome.status, reason: outcome.reason, settledAt: now, updatedAt: now, ...card }).where(eq(payments.id, id));
        // A pass bought as a gift is activated for its recipient to claim, not added to the payer's (ADR 046).
        const gift = outcome.status === 'successful' && p.kind === 'pass' && (await activateGiftIn(tx as unknown as Database, p.id, now));
        if (outcome.status === 'successful' && p.userId && !gift) {
          if (p.kind === 'pass' && p.plan) await extendPassIn(tx as unknown as Database, p.userId, p.plan, 'payment', now);
          if (p.kind === 'title' && p.movieId) {
            await tx.insert(titlePurchases).values({ userId: p.userId, movieId: p.movieId, paymentId: p.id, createdAt: now }).onConflictDoNothing();
          }
        }
        return true;
      });
    },
    /**
     * Records a refund of successful payment `id` and takes back what it granted, in one transaction
     * (docs/decisions/045-card-refunds.md): a pass loses its plan's duration (refundPass: queued time of that plan
     * first, then the end of the pass in force of that plan, never before now); a title bought alone is owned no
     * more. Returns false (nothing changed) when the payment is not successful or was already refunded.
     */
    async recordRefund(id: string, amount: number, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [p] = await tx
          .update(payments)
          .set({ refundedAt: now, refundedAmount: amount, updatedAt: now })
          .where(and(eq(payments.id, id), eq(payments.status, 'successful'), isNull(payments.refundedAt)))
          .returning();
        if (!p) return false;
        // A gift's pass is taken back from whoever claimed it; an unclaimed gift just stops working (ADR 046).
        const gift = p.kind === 'pass' ? await refundGiftIn(tx as unknown as Database, p.id, now) : null;
        const holder = gift ? gift.claimedBy : p.userId;
        if (holder && p.kind === 'pass' && p.plan) await takeBackIn(tx as unknown as Database, holder, p.plan, now);
        if (p.userId && p.kind === 'title') await tx.delete(titlePurchases).where(eq(titlePurchases.paymentId, p.id));
        return true;
      });
    },
    /** Whether the user bought this title alone. */
    /** Whether the user bought this movie's film: the movie, or any movie of its multi-part film (ADR 023, filmTitle). */
    async ownsTitle(userId: string, movieId: string): Promise<boolean> {
      const film = (await filmTitle(db, movieId))?.movieIds ?? [movieId];
      const rows = await db
        .select({ movieId: titlePurchases.movieId })
        .from(titlePurchases)
        .where(and(eq(titlePurchases.userId, userId), inArray(titlePurchases.movieId, film)))
        .limit(1);
      return rows.length > 0;
    },
    /**
     * What "Buy this title" on a movie sells: its film's main movie (ADR 023: a part of a multi-part film sells the
     * whole film, at the main movie's price and premium flag), as id, title, premium flag and price alone (null: not
     * sold alone); null when there is no such movie.
     */
    async movieForSale(movieId: string): Promise<{ id: string; title: string; isPremium: boolean; priceRwf: number | null } | null> {
      const titleId = (await filmTitle(db, movieId))?.titleId;
      if (!titleId) return null;
      const rows = await db
        .select({ id: movies.id, title: movies.title, isPremium: movies.isPremium, priceRwf: movies.priceRwf })
        .from(movies)
        .where(eq(movies.id, titleId))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Sets a movie's price alone; false when there is no such movie. */
    async setMoviePrice(movieId: string, priceRwf: number | null, now = new Date()): Promise<boolean> {
      const rows = await db.update(movies).set({ priceRwf, updatedAt: now }).where(eq(movies.id, movieId)).returning({ id: movies.id });
      return rows.length > 0;
    },
    /**
     * Passes that ended: where time is queued the best queued pass takes over (from the instant the other ended),
     * else the pass is marked expired. Returns how many passes changed. At most `limit` takeovers a run.
     */
    async expirePasses(now = new Date(), limit = 500): Promise<number> {
      const due = await db
        .selectDistinct({ userId: queuedPasses.userId })
        .from(queuedPasses)
        .innerJoin(subscriptions, eq(subscriptions.userId, queuedPasses.userId))
        .where(lte(subscriptions.expiresAt, now))
        .limit(limit);
      let changed = 0;
      for (const { userId } of due) if ((await db.transaction(async (tx) => rewriteIn(tx as unknown as Database, userId, now))).changed) changed++;
      const rows = await db
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(subscriptions.status, 'active'),
            lt(subscriptions.expiresAt, now),
            notExists(db.select({ one: sql`1` }).from(queuedPasses).where(eq(queuedPasses.userId, subscriptions.userId))),
          ),
        )
        .returning({ id: subscriptions.id });
      return changed + rows.length;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** A user's pass row and queued rows; `lock` takes the user's pass lock and the row lock (writers only). */
async function load(db: Database, userId: string, lock: boolean): Promise<{ row: PassRow | null; queue: QueuedRow[] }> {
  if (lock) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pass:${userId}`}))`);
  const q = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const row = (await (lock ? q.for('update') : q))[0] ?? null;
  const queue = await db.select().from(queuedPasses).where(eq(queuedPasses.userId, userId));
  return { row, queue };
}

/**
 * The pass state the rows stand for (ADR 019): the row is the pass in force since its `updatedAt`; an expired row
 * with nothing queued is no pass at all (a pass bought then starts now).
 */
function stateOf(row: PassRow | null, queue: QueuedRow[]): PassState {
  const current = row && (row.status === 'active' || queue.length) ? { plan: row.plan, startsAt: row.updatedAt, expiresAt: row.expiresAt } : null;
  return { current, queued: queue.map((q) => ({ plan: q.plan, seconds: q.seconds })) };
}

/** The row as it stands at `now`: a queued pass that took over replaces the ended one (not written). */
function effectiveRow(row: PassRow | null, queue: QueuedRow[], now: Date): PassRow | null {
  if (!row || !queue.length) return row;
  const before = stateOf(row, queue);
  const c = advancePass(now, before).current;
  if (!c || c === before.current) return row;
  const source = queue.find((q) => q.plan === c.plan)?.source ?? row.source;
  return { ...row, plan: c.plan, status: 'active', expiresAt: c.expiresAt, updatedAt: c.startsAt, source };
}

/**
 * Under the user's pass lock: lets due takeovers happen and, with `change`, adds that plan (`buyPass`), then
 * writes the pass in force and the queue. `updatedAt` (start of the download period) becomes now for a pass
 * bought or extended now, the start instant for a queued pass that took over, and is kept otherwise.
 * Returns the row written (or read) and whether anything changed.
 */
async function rewriteIn(tx: Database, userId: string, now: Date, change?: { plan: PlanId; source: string }): Promise<{ row: PassRow | null; changed: boolean }> {
  const { row, queue } = await load(tx, userId, true);
  const before = stateOf(row, queue);
  const advanced = advancePass(now, before);
  const after = change ? buyPass(now, advanced, change.plan) : advanced;
  const c = after.current;
  if (!c || (!change && c === before.current)) return { row, changed: false };
  const sources = new Map(queue.map((q) => [q.plan, q.source]));
  if (row && !sources.has(row.plan)) sources.set(row.plan, row.source);
  if (change) sources.set(change.plan, change.source);
  const kept = c === before.current;
  const bought = c !== advanced.current;
  const values = {
    plan: c.plan,
    status: c.expiresAt.getTime() > now.getTime() ? ('active' as const) : ('expired' as const),
    expiresAt: c.expiresAt,
    source: kept ? row!.source : bought ? change!.source : (sources.get(c.plan) ?? 'payment'),
    updatedAt: kept ? row!.updatedAt : bought ? now : c.startsAt,
  };
  const [written] = await tx.insert(subscriptions).values({ userId, ...values }).onConflictDoUpdate({ target: subscriptions.userId, set: values }).returning();
  const created = new Map(queue.map((q) => [q.plan, q.createdAt]));
  await tx.delete(queuedPasses).where(eq(queuedPasses.userId, userId));
  if (after.queued.length) {
    await tx.insert(queuedPasses).values(after.queued.map((q) => ({ userId, plan: q.plan, seconds: q.seconds, source: sources.get(q.plan) ?? 'payment', createdAt: created.get(q.plan) ?? now, updatedAt: now })));
  }
  return { row: written!, changed: true };
}

/**
 * Takes a refunded `plan` back from the user's passes (refundPass) under the pass lock. The row keeps its plan's
 * source and start when its plan stays in force; a pass cut to now is written expired, and the next advance (the
 * expiry job, or the next read) lets a queued pass take over from that instant.
 */
async function takeBackIn(tx: Database, userId: string, plan: PlanId, now: Date): Promise<void> {
  const { row, queue } = await load(tx, userId, true);
  if (!row) return;
  const before = advancePass(now, stateOf(row, queue));
  const { state: after, secondsTaken } = refundPass(now, before, plan);
  if (secondsTaken === 0 || !after.current) return;
  const c = after.current;
  const sources = new Map(queue.map((q) => [q.plan, q.source]));
  const sameStart = c.plan === row.plan && c.startsAt.getTime() === row.updatedAt.getTime();
  const values = {
    plan: c.plan,
    status: c.expiresAt.getTime() > now.getTime() ? ('active' as const) : ('expired' as const),
    expiresAt: c.expiresAt,
    source: sameStart ? row.source : (sources.get(c.plan) ?? 'payment'),
    updatedAt: sameStart ? row.updatedAt : c.startsAt,
  };
  await tx.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
  const created = new Map(queue.map((q) => [q.plan, q.createdAt]));
  await tx.delete(queuedPasses).where(eq(queuedPasses.userId, userId));
  if (after.queued.length) {
    await tx.insert(queuedPasses).values(after.queued.map((q) => ({ userId, plan: q.plan, seconds: q.seconds, source: sources.get(q.plan) ?? 'payment', createdAt: created.get(q.plan) ?? now, updatedAt: now })));
  }
}

/** Adds `plan` to the user's passes (ADR 019) inside the caller's transaction; returns the pass in force after it. */
async function extendPassIn(tx: Database, userId: string, plan: PlanId, source: string, now: Date): Promise<PassRow> {
  return (await rewriteIn(tx, userId, now, { plan, source })).row!;
}
