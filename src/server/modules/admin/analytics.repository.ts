/**
 * Analytics queries (ADR 010; docs/product/admin.md §2 "Analytics", §7 "exact head counts").
 * Days are Africa/Kigali calendar days: Kigali keeps UTC+2 all year (no daylight saving), so a day is bucketed
 * as `to_char((t at time zone 'UTC') + 2 hours, 'YYYY-MM-DD')`, the same on PGlite and PostgreSQL whatever the
 * session time zone. `from`/`to` are instants (the start of the first day, the end of the last day).
 */
import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PlanId } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { movies, profiles, series, subscriptions } from '../../db/schema/index.js';

/** Kigali's offset from UTC, hours (Central Africa Time, no daylight saving). */
export const KIGALI_UTC_OFFSET_HOURS = 2;
const dayOf = (col: SQL) => sql`to_char((${col} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;

async function rows<T>(db: Database, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const n = (v: unknown) => Number(v ?? 0);

export function createAnalyticsRepository(db: Database) {
  return {
    /** The four counts; active subscriptions: status active and expires_at later than `now`. */
    async counts(now = new Date()) {
      const [m, s, p, a] = await Promise.all([
        db.select({ n: count() }).from(movies),
        db.select({ n: count() }).from(series),
        db.select({ n: count() }).from(profiles),
        db.select({ n: count() }).from(subscriptions).where(and(eq(subscriptions.status, 'active'), gt(subscriptions.expiresAt, now))),
      ]);
      return { movies: n(m[0]?.n), series: n(s[0]?.n), profiles: n(p[0]?.n), activeSubscriptions: n(a[0]?.n) };
    },
    /**
     * Successful payments settled in [from, to): per day and currency, and per plan ('title' for one-off titles)
     * and currency. Amounts are integers in each currency's minor units, never added across currencies
     * (docs/decisions/043-payment-methods-countries-and-currencies.md).
     */
    async revenue(from: Date, to: Date) {
      const settled = sql`coalesce(settled_at, updated_at)`;
      const window = sql`status = 'successful' and ${settled} >= ${from.toISOString()}::timestamptz and ${settled} < ${to.toISOString()}::timestamptz`;
      const perDay = await rows<{ day: string; currency: string; amount: unknown; payments: unknown }>(
        db,
        sql`select ${dayOf(settled)} as day, currency, sum(amount) as amount, count(*) as payments from payments where ${window} group by 1, 2`,
      );
      const perPlan = await rows<{ plan: string; currency: string; amount: unknown; payments: unknown }>(
        db,
        sql`select case when kind = 'title' then 'title' else plan::text end as plan, currency, sum(amount) as amount, count(*) as payments from payments where ${window} group by 1, 2 order by 2, 3 desc`,
      );
      return {
        perDay: perDay.map((r) => ({ day: r.day, currency: r.currency, amount: n(r.amount), payments: n(r.payments) })),
        perPlan: perPlan.map((r) => ({ plan: r.plan ?? 'unknown', currency: r.currency, amount: n(r.amount), payments: n(r.payments) })),
      };
    },
    /**
     * Passes sold (successful pass payments), passes redeemed from vouchers (sold for cash by agents,
     * docs/decisions/042-vouchers.md) and complimentary passes granted, per day in [from, to).
     */
    async passesPerDay(from: Date, to: Date) {
      const settled = sql`coalesce(settled_at, updated_at)`;
      const sold = await rows<{ day: string; c: unknown }>(
        db,
        sql`select ${dayOf(settled)} as day, count(*) as c from payments where kind = 'pass' and status = 'successful' and ${settled} >= ${from.toISOString()}::timestamptz and ${settled} < ${to.toISOString()}::timestamptz group by 1`,
      );
      const comp = await rows<{ day: string; c: unknown }>(
        db,
        sql`select ${dayOf(sql`created_at`)} as day, count(*) as c from pass_grants where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1`,
      );
      const redeemed = await rows<{ day: string; c: unknown }>(
        db,
        sql`select ${dayOf(sql`redeemed_at`)} as day, count(*) as c from vouchers where redeemed_at >= ${from.toISOString()}::timestamptz and redeemed_at < ${to.toISOString()}::timestamptz group by 1`,
      );
      return {
        sold: sold.map((r) => ({ day: r.day, count: n(r.c) })),
        vouchers: redeemed.map((r) => ({ day: r.day, count: n(r.c) })),
        complimentary: comp.map((r) => ({ day: r.day, count: n(r.c) })),
      };
    },
    /**
     * Every pass extension before `to`, per user in time order: successful pass payments (at settlement), redeemed
     * vouchers and complimentary grants. Passes granted from the command line leave no history and are not included.
     */
    async passEvents(to: Date): Promise<{ userId: string; at: Date; plan: PlanId }[]> {
      const r = await rows<{ user_id: string; at: string | Date; plan: PlanId }>(
        db,
        sql`select user_id, at, plan from (
              select user_id, coalesce(settled_at, updated_at) as at, plan from payments where kind = 'pass' and status = 'successful' and user_id is not null and plan is not null
              union all
              select user_id, created_at as at, plan from pass_grants
              union all
              select v.redeemed_by as user_id, v.redeemed_at as at, b.plan from vouchers v join voucher_batches b on b.id = v.batch_id where v.redeemed_at is not null and v.redeemed_by is not null
            ) e where at < ${to.toISOString()}::timestamptz order by user_id, at`,
      );
      return r.map((x) => ({ userId: x.user_id, at: new Date(x.at), plan: x.plan }));
    },
    /** Accounts created per day in [from, to). */
    async newUsersPerDay(from: Date, to: Date) {
      const r = await rows<{ day: string; c: unknown }>(
        db,
        sql`select ${dayOf(sql`created_at`)} as day, count(*) as c from "user" where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1`,
      );
      return r.map((x) => ({ day: x.day, count: n(x.c) }));
    },
    /** Payments started in [from, to) by status, and failed ones by reason (null reason: 'UNKNOWN'). */
    async paymentOutcomes(from: Date, to: Date) {
      const r = await rows<{ status: string; reason: string | null; c: unknown }>(
        db,
        sql`select status::text as status, case when status = 'failed' then coalesce(reason, 'UNKNOWN') end as reason, count(*) as c from payments
            where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1, 2 order by 3 desc`,
      );
      return r.map((x) => ({ status: x.status, reason: x.reason, count: n(x.c) }));
    },
    /**
     * The 10 most played titles among plays started in [from, to): plays = counted plays (10 s watched,
     * video_plays.counted_at), seconds = credited watch time. A video counts for the first movie using it, else
     * the first episode.
     */
    async topTitles(from: Date, to: Date, limit = 10) {
      const r = await rows<{ id: string; kind: 'movie' | 'episode'; title: string; plays: unknown; seconds: unknown }>(
        db,
        sql`with v as (
              select video_id, count(*) filter (where counted_at is not null) as plays, coalesce(sum(watched_seconds), 0) as seconds
              from video_plays where started_at >= ${from.toISOString()}::timestamptz and started_at < ${to.toISOString()}::timestamptz group by video_id
            )
            select coalesce(m.id, e.id)::text as id, case when m.id is not null then 'movie' else 'episode' end as kind,
                   coalesce(m.title, e.series_title || ' S' || e.season_number || 'E' || e.episode_number || ': ' || e.title) as title,
                   sum(v.plays) as plays, sum(v.seconds) as seconds
            from v
            left join lateral (select id, title from movies where video_id = v.video_id order by created_at, id limit 1) m on true
            left join lateral (
              select ep.id, ep.title, ep.episode_number, se.season_number, sr.title as series_title from episodes ep
              join seasons se on se.id = ep.season_id join series sr on sr.id = se.series_id
              where ep.video_id = v.video_id order by ep.created_at, ep.id limit 1
            ) e on m.id is null
            where coalesce(m.id, e.id) is not null
            group by 1, 2, 3 order by 4 desc, 5 desc, 3 limit ${limit}`,
      );
      return r.map((x) => ({ id: x.id, kind: x.kind, title: x.title, plays: n(x.plays), seconds: n(x.seconds) }));
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
