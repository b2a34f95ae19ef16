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
export type StudioRepository = ReturnType<typeof createStudioRepository>;
