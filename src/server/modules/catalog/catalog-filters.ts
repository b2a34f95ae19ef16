/**
 * The WHERE and ORDER BY of catalogue lists over `catalog_items` (docs/product/viewer.md §2 "/movies" and §5; ADR 007),
 * as SQL fragments (no I/O). Used by catalog-page.repository.ts.
 *
 * Search (docs/product/viewer.md §5): case- and accent-insensitive. An item matches when its full-text document
 * (titles, base titles, descriptions, directors, translator names; 'simple' configuration, as Kinyarwanda has no
 * stemmer; GIN index) holds every word of the query, each as a prefix or as one of its corrections, or when its
 * names contain the query (partial words inside a word; GIN trigram index). A word's corrections are the words of
 * titles nearest it by pg_trgm similarity (`catalog_words`, at most SEARCH_CORRECTIONS, similarity at least
 * SEARCH_CORRECTION_SIMILARITY): typos are forgiven against the words titles use, and the corrected word then matches wherever it is
 * written (ADR 036, amended 2026-11-29 "typos through a word list").
 * Rank: 2 x word similarity to the title + word similarity to the names + ts_rank of the document.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { catalogItems, catalogWords } from '../../db/schema/index.js';

export type Sort = 'newest' | 'oldest' | 'rating' | 'az' | 'relevance';

export interface ItemFilter {
  /** The tab; both when absent. */
  tab?: 'movies' | 'series';
  /** Lower-cased category: items with a part in it. */
  category?: string;
  translatorId?: string;
  /** The search text as typed (already trimmed, non-empty). */
  q?: string;
  /** Display keys to leave out (e.g. the movie's own group, for related titles). */
  excludeKeys?: string[];
  /** Only items a viewer can play (playableItem; docs/decisions/023-playable-titles-and-film-parts.md). */
  playableOnly?: boolean;
}

/**
 * Whether a display item can be played by a viewer (ADR 023, amended 2026-11-28; ADR 036): the maintained column
 * `catalog_items.playable`. The rule itself is the database function `catalog_item_playable(key)` (migration 0015):
 * a series with at least one episode whose video is ready; a movie or group with at least one movie whose video is
 * ready and is not another movie's part. Triggers keep the column right in the transaction of every write that
 * can change it, so the condition is a column test the partial indexes of each sort answer.
 */
export function playableItem(): SQL {
  return sql`${catalogItems.playable}`;
}

/** The words of a query, lower-cased, at most 12 ("Inzovu, agasob!" → ["inzovu", "agasob"]). */
export function queryWords(q: string): string[] {
  return q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12);
}

/** The words of a query, lower-cased, as a prefix tsquery ("Inzovu agasob" → "inzovu:* & agasob:*"); null if none. */
export function prefixTsQuery(q: string): string | null {
  const words = queryWords(q);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Title words a query word may be corrected to (ADR 036, amended 2026-11-29). */
export const SEARCH_CORRECTIONS = 4;

/**
 * The least pg_trgm similarity of a correction to the typed word (ADR 036, amended 2026-11-29): one wrong letter
 * inside a word of 7-8 letters scores 0.45-0.5 ("ikiyafa"/"ikiyaga", "ibirumga"/"ibirunga"), two different
 * words that share a stem about 0.4 ("inzovu"/"inzozi"), which are not corrections of each other.
 */
export const SEARCH_CORRECTION_SIMILARITY = 0.45;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A text[] parameter. */
export const textArray = (xs: readonly string[]) => sql`${`{${xs.map((x) => `"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;

/**
 * The search condition and rank of a query, and its two ways to match apart (`branches`: by word, each word a
 * prefix or one of its corrections; by part of a name), each of which an index answers alone; null when the query
 * has no words.
 */
export function search(q: string): { where: SQL; rank: SQL<number>; branches: { words: SQL; contains: SQL } } | null {
  const tsq = prefixTsQuery(q);
  if (!tsq) return null;
  const c = catalogItems;
  // Each form of the query is an uncorrelated scalar subquery, so PostgreSQL computes it once per statement (an
  // InitPlan) rather than once per row, as it would in a prepared statement's generic plan.
  const query = sql`(select to_tsquery('simple', public.f_unaccent(${tsq})))`;
  const folded = sql`(select public.f_unaccent(lower(${q})))`;
  // "(inzovy:* | 'inzovu') & (nziz:* | 'nziza')": each word as a prefix, or as a title word near it. The words are
  // letters and digits only (queryWords; catalog_words holds no other), so quoting them keeps the tsquery valid.
  const corrected = sql`(select to_tsquery('simple', string_agg(alts, ' & ')) from (
      select '(' || quote_literal(w) || ':*' || coalesce((select string_agg(' | ' || quote_literal(v.word), '') from (
        select ${catalogWords.word} from ${catalogWords}
        where length(w) >= 3 and w % ${catalogWords.word} and similarity(w, ${catalogWords.word}) >= ${sql.raw(String(SEARCH_CORRECTION_SIMILARITY))}
        order by ${catalogWords.word} <-> w limit ${sql.raw(String(SEARCH_CORRECTIONS))}) v), '') || ')' as alts
      from unnest(array(select public.f_unaccent(x) from unnest(${textArray(queryWords(q))}) x)) w) a)`;
  const words = sql`${c.searchVector} @@ ${corrected}`;
  const contains = sql`${c.nameFolded} like (select '%' || public.f_unaccent(lower(${escapeLike(q)})) || '%')`;
  return {
    where: sql`(${words} or ${contains})`,
    rank: sql<number>`(2 * word_similarity(${folded}, ${c.sortTitle}) + word_similarity(${folded}, ${c.nameFolded}) + ts_rank(${c.searchVector}, ${query}))`,
    branches: { words, contains },
  };
}

/** The WHERE of a filter without its search text. */
export function baseWhere(f: ItemFilter): SQL | undefined {
  const c = catalogItems;
  const parts: (SQL | undefined)[] = [f.tab ? eq(c.tab, f.tab) : undefined];
  if (f.category) parts.push(sql`${c.categories} @> array[${f.category}]::text[]`);
  if (f.translatorId) parts.push(sql`${c.translatorIds} @> array[${f.translatorId}]::uuid[]`);
  if (f.excludeKeys?.length) parts.push(sql`not (${c.key} = any(${textArray(f.excludeKeys)}))`);
  if (f.playableOnly) parts.push(playableItem());
  return and(...parts);
}

/** The WHERE of a filter (a query without words matches nothing), and the search rank when searching. */
export function itemWhere(f: ItemFilter): { cond: SQL | undefined; rank: SQL<number> | null } {
  const parts: (SQL | undefined)[] = [baseWhere(f)];
  const s = f.q ? search(f.q) : null;
  if (f.q && !s) parts.push(sql`false`);
  if (s) parts.push(s.where);
  return { cond: and(...parts), rank: s?.rank ?? null };
}

/**
 * ORDER BY of each sort, by bare column names (of `catalog_items`, or output columns of the same names, such as
 * `rank`, the search rank), or by the columns of the derived table `alias`. Written exactly as the indexes are
 * (DESC NULLS LAST) so that pages come off an index. 'relevance' puts the best rank first, newest among equals.
 */
export function itemOrder(sort: Sort, alias?: string): SQL {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : `"${name}"`);
  const down = (name: string) => sql`${col(name)} desc nulls last`;
  const up = (name: string) => sql`${col(name)} asc`;
  switch (sort) {
    case 'relevance':
      return sql.join([down('rank'), down('created_at'), down('key')], sql`, `);
    case 'oldest':
      return sql.join([up('first_created_at'), up('key')], sql`, `);
    case 'rating':
      return sql.join([down('rating'), down('created_at'), down('key')], sql`, `);
    case 'az':
      return sql.join([up('sort_title'), up('key')], sql`, `);
    default:
      return sql.join([down('created_at'), down('key')], sql`, `);
  }
}

/** The sort values of a list item, in the order of its sort's ORDER BY (what a keyset cursor holds). */
export type CursorValues = (string | number)[];

/** The columns each sort orders by, and whether descending (`itemOrder`; the same in the partial indexes). */
const SORT_KEYS: Record<Exclude<Sort, 'relevance'>, { cols: string[]; desc: boolean }> = {
  newest: { cols: ['created_at', 'key'], desc: true },
  oldest: { cols: ['first_created_at', 'key'], desc: false },
  rating: { cols: ['rating', 'created_at', 'key'], desc: true },
  az: { cols: ['sort_title', 'key'], desc: false },
};

/** The columns a cursor of `sort` is made of ('relevance' has none: search pages by number). */
export const cursorColumns = (sort: Sort): string[] => (sort === 'relevance' ? [] : SORT_KEYS[sort].cols);

/**
 * Keyset condition (docs/decisions/036-catalogue-at-100k-titles.md): the items after `values` in `sort` order, as one
 * row comparison the sort's index walks from (every column of a sort is descending, or every one ascending, and
 * none is null). Times are epoch milliseconds. Null when the cursor does not fit the sort.
 */
export function afterCursor(sort: Sort, values: CursorValues): SQL | null {
  if (sort === 'relevance') return null;
  const { cols, desc } = SORT_KEYS[sort];
  if (values.length !== cols.length) return null;
  const c = catalogItems;
  const column: Record<string, SQL> = { created_at: sql`${c.createdAt}`, first_created_at: sql`${c.firstCreatedAt}`, rating: sql`${c.rating}`, sort_title: sql`${c.sortTitle}`, key: sql`${c.key}` };
  const value = (col: string, v: string | number): SQL | null => {
    if (col === 'created_at' || col === 'first_created_at') return typeof v === 'number' && Number.isFinite(v) ? sql`to_timestamp(${v / 1000}::float8)` : null;
    if (col === 'rating') return typeof v === 'number' && Number.isFinite(v) ? sql`${v}::real` : null;
    return typeof v === 'string' ? sql`${v}::text` : null;
  };
  const vals = cols.map((col, i) => value(col, values[i]!));
  if (vals.some((v) => v === null)) return null;
  const left = sql.join(cols.map((col) => column[col]!), sql`, `);
  const right = sql.join(vals as SQL[], sql`, `);
  return desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}
