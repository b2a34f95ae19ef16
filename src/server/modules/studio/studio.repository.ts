/**
 * What a translator's studio reads (docs/decisions/047-translators-as-people.md; ADR 049): the translator linked to
 * an account, and the ledger's seconds of that translator's titles. A title is the translator's when its movie (or
 * the movie a part belongs to) or its series names the translator (`translator_id`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

export interface TranslatorRow {
  id: string;
  name: string;
  slug: string;
}
/** Seconds and distinct viewers of one display title, on one UTC day (`day`) or over the whole range (`day` null). */
export interface StudioFigureRow {
  day: string | null;
  titleId: string;
  kind: 'film' | 'series';
  title: string | null;
  seconds: number;
  viewers: number;
}

export function createStudioRepository(db: Database) {
  return {
    /** The translator the account `userId` is linked to (translators.user_id), or null. */
    async translatorOfUser(userId: string): Promise<TranslatorRow | null> {
      const [r] = rowsOf(await db.execute(sql`select id::text as id, name, slug from translators where user_id = ${userId} limit 1`));
      return r ? { id: String(r.id), name: String(r.name), slug: String(r.slug) } : null;
    },

    /**
     * Per display title of translator `translatorId`, per UTC day of `fromDay`..`toDay` (YYYY-MM-DD, inclusive) and
     * over the whole range (rows with `day` null: viewers counted once across days): seconds and distinct viewers.
     */
    async figures(translatorId: string, fromDay: string, toDay: string): Promise<StudioFigureRow[]> {
      const rows = rowsOf(
        await db.execute(sql`
          with mine as (
            select v.* from viewing_minutes v
            where v.minute >= (${fromDay}::date)::timestamp at time zone 'UTC'
              and v.minute < ((${toDay}::date + 1))::timestamp at time zone 'UTC'
              and (
                (v.kind = 'movie' and v.item_id in (select id from movies where translator_id = ${translatorId}::uuid))
                or (v.kind = 'part' and v.item_id in (select mp.id from movie_parts mp join movies m on m.id = mp.movie_id where m.translator_id = ${translatorId}::uuid))
                or (v.kind = 'episode' and v.title_id in (select id from series where translator_id = ${translatorId}::uuid))
              )
          )
          select case when grouping(to_char(date_trunc('day', mine.minute at time zone 'UTC'), 'YYYY-MM-DD')) = 1 then null
                      else to_char(date_trunc('day', mine.minute at time zone 'UTC'), 'YYYY-MM-DD') end as day,
            mine.title_id::text as title_id,
            case when bool_or(mine.kind = 'episode') then 'series' else 'film' end as kind,
            coalesce(min(m.title), min(s.title)) as title,
            sum(mine.seconds)::int as seconds, count(distinct mine.user_id)::int as viewers
          from mine
          left join movies m on m.id = mine.title_id
          left join series s on s.id = mine.title_id
          group by grouping sets ((to_char(date_trunc('day', mine.minute at time zone 'UTC'), 'YYYY-MM-DD'), mine.title_id), (mine.title_id))
          order by 1 asc nulls first, 5 desc, 2 asc`),
      );
      return rows.map((r) => ({ day: r.day == null ? null : String(r.day), titleId: String(r.title_id), kind: r.kind === 'series' ? 'series' : 'film', title: (r.title as string | null) ?? null, seconds: Number(r.seconds), viewers: Number(r.viewers) }));
    },
  };
}
/** One closed statement of a holder in one currency (docs/decisions/051-statements.md), with its lines. */
export interface HolderStatementRow {
  month: string;
  currency: string;
  seconds: number;
  amount: number;
  closedAt: Date;
  lines: { titleId: string; title: string; shareBps: number; seconds: number; amount: number }[];
}
/** One payout row of a holder (docs/decisions/052-payout-run.md). */
export interface HolderPayoutRow {
  id: string;
  month: string;
  currency: string;
  amount: number;
  carriedIn: number;
  status: string;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/**
 * A holder's closed statements and payouts, read by the holder key (`translator:<uuid>`; ADR 051, ADR 052) and by
 * nothing else, so no other holder's rows can come back. Statements exist only for closed months (written at close).
 */
export function createHolderMoneyRepository(db: Database) {
  return {
    /** Every closed statement of `holderKey`, newest month first, then by currency; lines by amount, then title id. */
    async statements(holderKey: string): Promise<HolderStatementRow[]> {
      const heads = rowsOf(
        await db.execute(sql`
          select s.id::text as id, s.month, s.currency, s.seconds, s.amount, c.closed_at
          from statements s join statement_closes c on c.month = s.month
          where s.holder_id = ${holderKey}
          order by s.month desc, s.currency asc`),
      );
      if (heads.length === 0) return [];
      const lines = rowsOf(
        await db.execute(sql`
          select l.statement_id::text as statement_id, l.title_id::text as title_id, l.title_name, l.share_bps, l.seconds, l.amount
          from statement_lines l join statements s on s.id = l.statement_id
          where s.holder_id = ${holderKey}
          order by l.amount desc, l.title_id asc`),
      );
      return heads.map((h) => ({
        month: String(h.month),
        currency: String(h.currency),
        seconds: Number(h.seconds),
        amount: Number(h.amount),
        closedAt: asDate(h.closed_at),
        lines: lines.filter((l) => l.statement_id === h.id).map((l) => ({ titleId: String(l.title_id), title: String(l.title_name), shareBps: Number(l.share_bps), seconds: Number(l.seconds), amount: Number(l.amount) })),
      }));
    },

    /** Whether `holderKey` has a statement in the closed month `month`. */
    async hasStatement(holderKey: string, month: string): Promise<boolean> {
      return rowsOf(await db.execute(sql`select 1 from statements where holder_id = ${holderKey} and month = ${month} limit 1`)).length > 0;
    },

    /** The payouts of `holderKey` not superseded by a retry, newest month first, then by currency. */
    async payouts(holderKey: string): Promise<HolderPayoutRow[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select id::text as id, month, currency, amount, carried_in, status, reason, created_at, updated_at
          from payouts where holder_key = ${holderKey} and superseded_by is null
          order by month desc, currency asc, created_at desc`),
      );
      return rows.map((r) => ({ id: String(r.id), month: String(r.month), currency: String(r.currency), amount: Number(r.amount), carriedIn: Number(r.carried_in), status: String(r.status), reason: (r.reason as string | null) ?? null, createdAt: asDate(r.created_at), updatedAt: asDate(r.updated_at) }));
    },
  };
}
export type HolderMoneyRepository = ReturnType<typeof createHolderMoneyRepository>;

export type StudioRepository = ReturnType<typeof createStudioRepository>;
