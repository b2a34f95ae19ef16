/**
 * A page of catalogue cards in one statement (ADR 007: lists paginate groups in SQL and answer fast). The page of
 * display items (`catalog_items`, filtered, sorted or ranked, LIMIT/OFFSET) is joined in the same query to what
 * its cards are made of: each item's movies in part order with their videos and translators, its custom group,
 * or its series and translator. The total and the tab's categories are separate statements (`count`,
 * `categories`), which the browse service keeps in its count cache (docs/decisions/036-catalogue-at-100k-titles.md):
 * a page is then one statement off a partial index of playable items, or, searching, a bounded candidate set.
 * The statement is prepared once per query shape (`statementRunner`): this large query's parse, analysis and
 * planning cost more than its execution. Times are read as epoch milliseconds, so PGlite and node-postgres
 * give the same types.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbHandle } from '../../db/client.js';
import type { customMovieGroups } from '../../db/schema/index.js';
import { catalogItems } from '../../db/schema/index.js';
import type { CardMovie, MemberRow, SeriesRow } from './browse.repository.js';
import { and } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { afterCursor, baseWhere, cursorColumns, itemOrder, itemWhere, playableItem, search, type CursorValues, type ItemFilter, type Sort } from './catalog-filters.js';

/** Search candidates ranked beyond the page asked for, per way of matching, when ranking by relevance (ADR 036). */
export const SEARCH_CANDIDATES = 10;

/**
 * Items of the tab a search first walks in a sort's order, per way of matching, before it reads that way's index
 * matches (ADR 036, amended 2026-11-29 "a capped walk"): a word in more than about 1 item in 20 finds a page in
 * them; a rarer word has few enough matches to read them all.
 */
export const SEARCH_WALK = 500;

/** One listed item with what its card is made of. */
export interface PageItem {
  key: string;
  kind: 'movie' | 'group' | 'series';
  refId: string;
  title: string;
  /** Movies in part order (movie and group items). */
  members: MemberRow[];
  custom: typeof customMovieGroups.$inferSelect | null;
  series: SeriesRow | null;
}

/**
 * The distinct lower-cased categories of a tab's movies or series (the chips), one index probe each. With
 * `playableOnly` (a viewer's list), only categories holding at least one item a viewer can play (`playableItem`,
 * docs/decisions/023-playable-titles-and-film-parts.md): a chip never opens an empty page.
 */
export function categoriesSql(tab: 'movies' | 'series', playableOnly = false): SQL {
  const t = sql.raw(tab === 'movies' ? 'movies' : 'series');
  const c = catalogItems;
  const playable = playableOnly
    ? sql` and exists (select 1 from ${c} where ${c.tab} = ${tab} and ${c.categories} @> array[v]::text[] and ${playableItem()})`
    : sql``;
  return sql`(with recursive c(v) as (
      (select lower(trim(category)) from ${t} order by 1 limit 1)
      union all
      select (select lower(trim(category)) from ${t} where lower(trim(category)) > c.v order by 1 limit 1) from c where c.v is not null
    ) select coalesce(array_agg(v order by v), '{}') from c where v is not null${playable})`;
}

type Row = Record<string, unknown>;
const ms = (v: unknown) => new Date(Number(v));
const str = (v: unknown) => (v == null ? null : String(v));

function memberOf(r: Row): MemberRow {
  const movie: CardMovie = {
    id: String(r.m_id),
    title: String(r.m_title),
    description: String(r.m_description),
    thumbnailUrl: str(r.m_thumbnail_url),
    category: String(r.m_category),
    year: r.m_year == null ? null : Number(r.m_year),
    director: String(r.m_director),
    rating: Number(r.m_rating),
    isDemo: Boolean(r.m_is_demo),
    isPremium: Boolean(r.m_is_premium),
    createdAt: ms(r.m_created_ms),
    displayKey: str(r.m_display_key),
    partNumber: r.m_part_number == null ? null : Number(r.m_part_number),
  };
  return {
    movie,
    video: r.v_id == null ? null : { id: String(r.v_id), status: r.v_status as never, durationSeconds: r.v_duration == null ? null : Number(r.v_duration), posterKey: str(r.v_poster_key) },
    translator: r.t_id == null ? null : { id: String(r.t_id), name: String(r.t_name), slug: String(r.t_slug), photoUrl: str(r.t_photo_url) },
    partPosters: (r.m_part_posters as string[] | null) ?? [],
  };
}

function seriesOf(r: Row): SeriesRow {
  return {
    id: String(r.s_id),
    title: String(r.s_title),
    description: String(r.s_description),
    fullDescription: '',
    category: String(r.s_category),
    director: String(r.s_director),
    actors: [],
    year: r.s_year == null ? null : Number(r.s_year),
    rating: Number(r.s_rating),
    isPremium: Boolean(r.s_is_premium),
    thumbnailUrl: str(r.s_thumbnail_url),
    trailer: null,
    translatorId: str(r.st_id),
    createdAt: ms(r.s_created_ms),
    translator: r.st_id == null ? null : { id: String(r.st_id), name: String(r.st_name), slug: String(r.st_slug), photoUrl: str(r.st_photo_url) },
  };
}

/** A parameter as an SQL literal: an escape string (E'…', backslashes and quotes doubled), whatever the settings. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return `E'${String(v).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * Runs a query as a prepared statement, parsed and planned once: on PostgreSQL a named protocol-level statement
 * per pooled connection; on PGlite (one session, whose extended protocol has no named statements) an SQL
 * PREPARE, then EXECUTE with the parameters written as literals. Statement names come from a hash of the text,
 * so each query shape (filters, sort) is prepared once.
 */
export function statementRunner(handle: Pick<DbHandle, 'kind' | 'db' | 'executeSql'>): <T>(query: SQL) => Promise<T[]> {
  const dialect = new PgDialect();
  const nameOf = (text: string) => `catalog_page_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  if (handle.kind === 'postgres') {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    return async <T>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await pool.query({ name: nameOf(text), text, values: params as unknown[] })).rows as T[];
    };
  }
  const prepared = new Set<string>();
  return async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = nameOf(text);
    if (!prepared.has(name)) {
      // 42P05: prepared earlier in this session (another app built on the same PGlite).
      await handle.executeSql(`PREPARE ${name} AS ${text}`).catch((err: { code?: string }) => {
        if (err?.code !== '42P05') throw err;
      });
      prepared.add(name);
    }
    const args = params.length ? `(${params.map(literal).join(', ')})` : '';
    return (await handle.executeSql(`EXECUTE ${name}${args}`)).rows as T[];
  };
}

/**
 * Pages of cards over one database handle (PostgreSQL or PGlite), each in one prepared statement. `searchWalk`:
 * items a search walks per way of matching before reading its index matches (default SEARCH_WALK; 0 never walks;
 * tests set small values to take both paths on a small catalogue).
 */
export function createCatalogPageRepository(handle: Pick<DbHandle, 'kind' | 'db' | 'executeSql'>, opts: { searchWalk?: number } = {}) {
  const run = statementRunner(handle);
  const searchWalk = opts.searchWalk ?? SEARCH_WALK;
  return {
    /**
     * Items `offset`..`offset + limit` of the filtered list in `sort` order ('relevance' needs `f.q`), or with `after`
     * (a list's keyset cursor, `cursorColumns` values) the `limit` items after it; with their cards' rows, and `last`,
     * the cursor of the last item when the page is full (null when searching or at the end). Errors: AppError 400
     * `validation_failed` when `after` does not fit the sort. A search ranks a bounded candidate set (ADR 036).
     */
    async page(f: ItemFilter, sort: Sort, limit: number, offset: number, after?: CursorValues): Promise<{ items: PageItem[]; last: CursorValues | null }> {
      const c = catalogItems;
      const s = f.q ? search(f.q) : null;
      const searching = s !== null;
      const order = searching ? sort : sort === 'relevance' ? 'newest' : sort;
      const cols = sql`${c.key} as key, ${c.kind} as kind, ${c.refId}::text as ref_id, ${c.title} as title, ${c.createdAt} as created_at,
                ${c.firstCreatedAt} as first_created_at, ${c.rating} as rating, ${c.sortTitle} as sort_title`;
      let pageSql: SQL;
      if (f.q && !s) {
        pageSql = sql`page as (select ${cols}, 0 as rank from ${c} where false)`;
      } else if (s) {
        // A bounded candidate set (ADR 036). Ranked by relevance, each way of matching gives its newest `bound`
        // rows, and only those are ranked, read back by primary key. In a chosen sort, each gives its first
        // `offset + limit` rows in that sort, so the page is exactly the one the sort makes of every match.
        // A way of matching ordered by a sort first walks that sort's index over the tab's first SEARCH_WALK
        // playable items and keeps its matches (`walk`): a common word finds its `bound` there, and its thousands
        // of other matches are never read. Only when the walk finds fewer (a rarer word, whose matches are few)
        // are the index's matches read and sorted (`matches`, gated on the walk's count).
        const base = baseWhere(f);
        const where = (m: SQL) => (base ? sql`${base} and ${m}` : m);
        const ranked = order === 'relevance';
        const bound = offset + limit + (ranked ? SEARCH_CANDIDATES : 0);
        const branchOrder = ranked ? sql`${c.createdAt} desc nulls last, ${c.key} desc nulls last` : itemOrder(order);
        const walks = Boolean(f.tab && f.playableOnly && searchWalk > 0);
        const ctes: SQL[] = [];
        const sortedBranch = (name: string, match: SQL): SQL => {
          const matches = (gate?: SQL) => sql`(select ${c.key} as k from ${c} where ${where(gate ? sql`${match} and ${gate}` : match)} order by ${branchOrder} limit ${bound})`;
          if (!walks) return matches();
          const walked = sql.raw(`walk_${name}`);
          ctes.push(sql`${walked} as (
              select ${c.key} as k from (
                select * from ${c} where ${c.tab} = ${f.tab} and ${playableItem()} order by ${branchOrder} limit ${sql.raw(String(Math.trunc(searchWalk)))}
              ) as ${c} where ${where(match)} order by ${branchOrder} limit ${bound}
            )`);
          return sql`(select k from ${walked}) union all ${matches(sql`(select count(*) from ${walked}) < ${bound}`)}`;
        };
        const words = sortedBranch('words', s.branches.words);
        const contains = sortedBranch('contains', s.branches.contains);
        pageSql = sql`${sql.join([...ctes, sql`cand as (${words} union all ${contains})`], sql`, `)}, page as (
              select ${cols}, ${s.rank} as rank from ${c} where ${c.key} = any(array(select distinct k from cand))
              order by ${itemOrder(order)} limit ${limit} offset ${offset}
            )`;
      } else {
        // Keyset (ADR 036): after a cursor, the page starts where the index is entered; no rows are skipped.
        const keyset = after ? afterCursor(order, after) : null;
        if (after && !keyset) throw new AppError(400, 'validation_failed', 'The page cursor does not fit this list.', { field: 'after' });
        const where = and(baseWhere(f), keyset ?? undefined) ?? sql`true`;
        pageSql = sql`page as (
              select ${cols}, 0 as rank from ${c} where ${where}
              order by ${itemOrder(order)} limit ${limit} offset ${keyset ? 0 : offset}
            )`;
      }
      const rows = await run<Row>(
        sql`with ${pageSql}
            select p.key, p.kind, p.ref_id, p.title, (extract(epoch from p.created_at) * 1000)::float8 as p_created_ms,
              (extract(epoch from p.first_created_at) * 1000)::float8 as p_first_created_ms, p.rating as p_rating, p.sort_title as p_sort_title,
              m.id::text as m_id, m.title as m_title, m.description as m_description, m.thumbnail_url as m_thumbnail_url, m.category as m_category,
              m.year as m_year, m.director as m_director, m.rating as m_rating, m.is_demo as m_is_demo, m.is_premium as m_is_premium,
              (extract(epoch from m.created_at) * 1000)::float8 as m_created_ms, m.display_key as m_display_key, m.part_number as m_part_number,
              (select coalesce(array_agg(pp.poster order by pp.part_number), '{}') from (
                 select mp.part_number, coalesce(mp.thumbnail_url, case when pv.status = 'ready' and pv.poster_key is not null then '/media/posters/' || pv.id::text || '.webp' end) as poster
                 from movie_parts mp left join video_assets pv on pv.id = mp.video_id where mp.movie_id = m.id) pp where pp.poster is not null) as m_part_posters,
              v.id::text as v_id, v.status as v_status, v.duration_seconds as v_duration, v.poster_key as v_poster_key,
              t.id::text as t_id, t.name as t_name, t.slug as t_slug, t.photo_url as t_photo_url,
              g.id::text as g_id, g.title as g_title, g.description as g_description, g.thumbnail_url as g_thumbnail_url,
              s.id::text as s_id, s.title as s_title, s.description as s_description, s.category as s_category, s.director as s_director,
              s.year as s_year, s.rating as s_rating, s.is_premium as s_is_premium, s.thumbnail_url as s_thumbnail_url,
              (extract(epoch from s.created_at) * 1000)::float8 as s_created_ms,
              st.id::text as st_id, st.name as st_name, st.slug as st_slug, st.photo_url as st_photo_url
            from page p
            left join movies m on p.kind <> 'series' and m.display_key = p.key
            left join video_assets v on v.id = m.video_id
            left join translators t on t.id = m.translator_id
            left join custom_movie_groups g on g.id = (case when left(p.key, 2) = 'c:' then substr(p.key, 3)::uuid end)
            left join series s on p.kind = 'series' and s.id = p.ref_id::uuid
            left join translators st on st.id = s.translator_id
            order by ${itemOrder(order, 'p')}, m.part_number asc nulls last, m.created_at asc, m.id asc`,
      );
      const items: PageItem[] = [];
      let lastRow: Row | undefined;
      for (const r of rows) {
        lastRow = r;
        let it = items[items.length - 1];
        if (!it || it.key !== r.key) {
          it = {
            key: String(r.key),
            kind: r.kind as PageItem['kind'],
            refId: String(r.ref_id),
            title: String(r.title),
            members: [],
            custom: r.g_id == null ? null : { id: String(r.g_id), title: String(r.g_title), description: String(r.g_description), thumbnailUrl: str(r.g_thumbnail_url), createdBy: null, createdAt: new Date(0) },
            series: r.s_id == null ? null : seriesOf(r),
          };
          items.push(it);
        }
        if (r.m_id != null) it.members.push(memberOf(r));
      }
      const sortValue: Record<string, (r: Row) => string | number> = {
        created_at: (r) => Number(r.p_created_ms),
        first_created_at: (r) => Number(r.p_first_created_ms),
        rating: (r) => Number(r.p_rating),
        sort_title: (r) => String(r.p_sort_title),
        key: (r) => String(r.key),
      };
      const last = lastRow && !s && items.length === limit ? cursorColumns(order).map((col) => sortValue[col]!(lastRow!)) : null;
      return { items, last };
    },
    /** How many items match the filter (its search text included); an index-only count where the filter allows. */
    async count(f: ItemFilter): Promise<number> {
      const { cond } = itemWhere(f);
      const [r] = await run<Row>(sql`select count(*)::int as n from ${catalogItems} where ${cond ?? sql`true`}`);
      return Number(r?.n ?? 0);
    },
    /** The category chips of a tab (`categoriesSql`). */
    async categories(tab: 'movies' | 'series', playableOnly: boolean): Promise<string[]> {
      const [r] = await run<Row>(sql`select ${categoriesSql(tab, playableOnly)} as categories`);
      return (r?.categories as string[] | undefined) ?? [];
    },
  };
}
export type CatalogPageRepository = ReturnType<typeof createCatalogPageRepository>;
