/**
 * Keeps the derived catalogue data in step with the movies, custom groups and series (docs/product/viewer.md §4 "Grouping";
 * docs/decisions/007-catalogue-display-items.md). Called by the repositories that write those tables, inside
 * the same transaction, so a committed write is always listed correctly.
 *
 * - `derivedColumns`: a movie's base title, part number and group key (src/shared/domain/grouping.ts).
 * - `refreshMovies`: recomputes `movies.display_key` for the written movies and every movie whose display
 *   item they can change (their custom groups' members, their automatic groups' siblings), then rebuilds the
 *   `catalog_items` rows of the old and new display keys. The display key rule (custom wins):
 *     `c:{groupId}` when the movie's custom group has at least 2 movies;
 *     else `a:{groupKey}` when 2 or more movies outside such groups share its group key;
 *     else `m:{movieId}`.
 * - `refreshSeries`: rebuilds the `s:{seriesId}` rows.
 * All SQL here runs unchanged on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { autoGroupKey, detectPart } from '../../../shared/domain/grouping.js';
import type { Database } from '../../db/client.js';

/** A database or an open transaction. */
export type Executor = Database;

/** What the caller of a movie refresh knows was touched: written movie ids, and the groups, group keys and
 * display keys those movies had before the write (deleted movies can only be reached through these). */
export interface MovieTouch {
  movieIds?: readonly string[];
  groupIds?: readonly string[];
  groupKeys?: readonly (string | null)[];
  itemKeys?: readonly (string | null)[];
}

/** Serialises refreshes, so two concurrent writes cannot each rebuild an item from half of the other's state. */
const REFRESH_LOCK = 7_300_301;
/**
 * After a bulk refresh (an import, the start-up derivation) the planner's statistics are refreshed at once, and
 * after its commit the items are vacuumed (`vacuumItems`): PGlite has no autovacuum daemon, PostgreSQL's comes
 * later, and until then counts cannot be answered from the index alone. Below this many rows it changes nothing.
 */
export const BULK_ROWS = 200;
const ANALYZE_AFTER = BULK_ROWS;

/** VACUUM (ANALYZE) of the display items; outside any transaction (VACUUM cannot run inside one). */
export async function vacuumItems(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) catalog_items`);
}

/**
 * VACUUM (ANALYZE) of the display items when PostgreSQL's statistics of them are missing or stale (never analyzed,
 * or more than a tenth of the rows changed since; autovacuum may be off, ADR 036), so that counts are answered
 * from the index alone and estimates fit the partial indexes. Run at start, outside any transaction.
 * @returns whether it ran.
 */
export async function vacuumItemsIfStale(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ stale: boolean }>(
    db,
    sql`select (n_live_tup + n_dead_tup > 0 and (coalesce(last_analyze, last_autoanalyze) is null or n_mod_since_analyze > greatest(50, n_live_tup / 10))) as stale
        from pg_stat_user_tables where relname = 'catalog_items'`,
  );
  if (!row?.stale) return false;
  await vacuumItems(db);
  return true;
}

/** Derived columns of a movie, stored on every insert and update: part detection of the title (docs/product/viewer.md §4). */
export function derivedColumns(m: { title: string; year: number | null; director: string }): { baseTitle: string; partNumber: number | null; groupKey: string | null } {
  const part = detectPart(m.title);
  return { baseTitle: part?.baseTitle ?? m.title.trim(), partNumber: part?.partNumber ?? null, groupKey: autoGroupKey(m) };
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const textArray = (xs: readonly string[]) => sql`${`{${xs.map((x) => `"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
const nonNull = <T>(xs: readonly (T | null | undefined)[]) => xs.filter((x): x is T => x != null);

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

async function column(tx: Executor, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rowsOf<Record<string, unknown>>(tx, query)).map((row) => String(Object.values(row)[0]));
}

/** Order of a group's parts, the same as `comparePartOrder` in grouping.ts. */
export const PART_ORDER = sql.raw('m.part_number asc nulls last, m.created_at asc, m.id asc');

/** Brings `movies.display_key` and the movie rows of `catalog_items` in step after a write (see the file comment); run inside the write's transaction. */
export async function refreshMovies(tx: Executor, touch: MovieTouch): Promise<void> {
  const written = [...new Set(touch.movieIds ?? [])];
  const groupIds = [...new Set(touch.groupIds ?? [])];
  const groupKeys = [...new Set(nonNull(touch.groupKeys ?? []))];
  if (written.length + groupIds.length + groupKeys.length + nonNull(touch.itemKeys ?? []).length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);

  // Every movie whose display item the write can change.
  const affected = await column(
    tx,
    sql`with g as (
          select group_id from custom_group_movies where movie_id = any(${uuidArray(written)})
          union select unnest(${uuidArray(groupIds)})
        ), s0 as (
          select unnest(${uuidArray(written)}) as id
          union select movie_id from custom_group_movies where group_id in (select group_id from g)
        ), k as (
          select group_key from movies where id in (select id from s0) and group_key is not null
          union select unnest(${textArray(groupKeys)})
        )
        select id::text from movies where id in (select id from s0) or group_key in (select group_key from k)`,
  );
  const oldKeys = affected.length ? await column(tx, sql`select distinct display_key from movies where id = any(${uuidArray(affected)}) and display_key is not null`) : [];

  if (affected.length) {
    const ids = uuidArray(affected);
    await tx.execute(sql`
      with qualifying as (
        select group_id from custom_group_movies group by group_id having count(*) >= 2
      ), q as (
        select c.movie_id, c.group_id from custom_group_movies c
        where c.movie_id = any(${ids}) and c.group_id in (select group_id from qualifying)
      ), ak as (
        select m.group_key from movies m
        where m.group_key in (select group_key from movies where id = any(${ids}) and group_key is not null)
          and not exists (select 1 from custom_group_movies c where c.movie_id = m.id and c.group_id in (select group_id from qualifying))
        group by m.group_key having count(*) >= 2
      ), n as (
        select s.id, case when q.group_id is not null then 'c:' || q.group_id::text
                          when ak.group_key is not null then 'a:' || s.group_key
                          else 'm:' || s.id::text end as k
        from movies s left join q on q.movie_id = s.id left join ak on ak.group_key = s.group_key
        where s.id = any(${ids})
      )
      update movies m set display_key = n.k from n where n.id = m.id and m.display_key is distinct from n.k`);
  }
  const newKeys = affected.length ? await column(tx, sql`select distinct display_key from movies where id = any(${uuidArray(affected)})`) : [];
  const keys = [...new Set([...oldKeys, ...newKeys, ...nonNull(touch.itemKeys ?? [])])];
  if (keys.length === 0) return;
  await rebuildMovieItems(tx, keys);
  if (affected.length >= ANALYZE_AFTER) await tx.execute(sql`analyze movies, catalog_items`);
}

/** Deletes and re-inserts the `catalog_items` rows of these movie display keys (keys no movie has any more vanish). */
async function rebuildMovieItems(tx: Executor, keys: readonly string[]): Promise<void> {
  const k = textArray(keys);
  await tx.execute(sql`delete from catalog_items where key = any(${k})`);
  await tx.execute(sql`
    with agg as (
      select m.display_key as key,
        (array_agg(m.id order by ${PART_ORDER}))[1] as ref_id,
        coalesce(max(g.title), (array_agg(case when left(m.display_key, 2) = 'a:' then m.base_title else m.title end order by ${PART_ORDER}))[1]) as title,
        array_agg(distinct lower(trim(m.category))) as categories,
        coalesce(array_agg(distinct m.translator_id) filter (where m.translator_id is not null), '{}'::uuid[]) as translator_ids,
        coalesce(round(avg(round(m.rating::numeric * 10)) filter (where m.rating > 0)) / 10, 0) as rating,
        count(*) as n,
        max(m.created_at) as created_at,
        min(m.created_at) as first_created_at,
        concat_ws(' ', max(g.title), max(g.description), string_agg(concat_ws(' ', m.title, m.base_title, m.description, m.director, t.name), ' ')) as search_text,
        case when left(m.display_key, 2) = 'm:' then max(m.title)
             else concat_ws(' ', max(g.title), string_agg(distinct m.base_title, ' ')) end as name_text
      from movies m
      left join translators t on t.id = m.translator_id
      left join custom_movie_groups g on 'c:' || g.id::text = m.display_key
      where m.display_key = any(${k})
      group by m.display_key
    )
    insert into catalog_items (key, tab, kind, ref_id, title, sort_title, categories, translator_ids, rating, parts_count, created_at, first_created_at, search_text, name_text)
    select key, 'movies', case when left(key, 2) = 'm:' then 'movie' else 'group' end, ref_id, title, lower(public.f_unaccent(title)),
      categories, translator_ids, rating, case when left(key, 2) = 'm:' then 0 else n end, created_at, first_created_at, search_text, name_text
    from agg`);
}

/** Rebuilds the display items of these series (a deleted series' row vanishes). */
export async function refreshSeries(tx: Executor, seriesIds: readonly string[]): Promise<void> {
  if (seriesIds.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
  const ids = uuidArray(seriesIds);
  await tx.execute(sql`delete from catalog_items where tab = 'series' and ref_id = any(${ids})`);
  await tx.execute(sql`
    insert into catalog_items (key, tab, kind, ref_id, title, sort_title, categories, translator_ids, rating, parts_count, created_at, first_created_at, search_text, name_text)
    select 's:' || s.id::text, 'series', 'series', s.id, s.title, lower(public.f_unaccent(s.title)), array[lower(trim(s.category))],
      case when s.translator_id is null then '{}'::uuid[] else array[s.translator_id] end,
      round(s.rating::numeric, 1), 0, s.created_at, s.created_at,
      concat_ws(' ', s.title, s.description, s.director, t.name), s.title
    from series s left join translators t on t.id = s.translator_id
    where s.id = any(${ids})`);
  if (seriesIds.length >= ANALYZE_AFTER) await tx.execute(sql`analyze catalog_items`);
}

/** Everything a translator's name appears in: refreshed when the name changes. */
export async function refreshTranslator(tx: Executor, translatorId: string): Promise<void> {
  const movieIds = await column(tx, sql`select id::text from movies where translator_id = ${translatorId}`);
  const seriesIds = await column(tx, sql`select id::text from series where translator_id = ${translatorId}`);
  await refreshMovies(tx, { movieIds });
  await refreshSeries(tx, seriesIds);
}

/**
 * Derives every movie written before the derived columns existed (display_key null), and rebuilds all display
 * items when any was, or when items are missing. Run at start (cheap when nothing is to do).
 * @returns the number of movies derived.
 */
export async function deriveMissing(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: string; title: string; year: number | null; director: string }>(tx, sql`select id::text as id, title, year, director from movies where display_key is null`);
    for (const m of rows) {
      const d = derivedColumns(m);
      await tx.execute(sql`update movies set base_title = ${d.baseTitle}, part_number = ${d.partNumber}, group_key = ${d.groupKey} where id = ${m.id}`);
    }
    const missingSeries = await column(tx, sql`select s.id::text from series s where not exists (select 1 from catalog_items c where c.key = 's:' || s.id::text)`);
    if (rows.length) await refreshMovies(tx, { movieIds: await column(tx, sql`select id::text from movies`) });
    await refreshSeries(tx, missingSeries);
    return rows.length;
  }).then(async (n) => {
    if (n >= BULK_ROWS) await vacuumItems(db);
    return n;
  });
}
