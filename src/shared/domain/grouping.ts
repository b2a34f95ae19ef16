/**
 * Multi-part films and groups (docs/product/viewer.md §4 "Grouping", §9; docs/product/admin.md §4 "Part
 * detection", "Custom groups"). Pure rules shared by the server (which stores each movie's base title, part
 * number and group key when it is written, and pages groups in SQL) and the web app.
 *
 * - Part detection: a title ending in a single letter (base longer than 2 characters), or ending with
 *   'Part N', 'Pt N', 'Episode N', 'Chapter N', ' - N', ': N' or ' N', is one part of a multi-part film.
 * - Auto-grouping: two or more parts with the same lower-cased base title, year and director.
 * - A custom group shows as a group only if at least 2 of its movies exist; a movie in such a group shows in
 *   it and in no automatic group (custom wins; docs/decisions/007-catalogue-display-items.md).
 * - Group duration: the sum of the parts' durations (seconds). Group rating: the mean of the parts rated
 *   above 0, one decimal, 0 if none.
 */

/** What part detection finds in a title: the title without its part suffix, and the part's number (1-based). */
export interface PartInfo {
  baseTitle: string;
  partNumber: number;
}

/** Separators left at the end of a base title once the part suffix is cut ("Inzovu - Part 2" → "Inzovu"). */
const TRAILING_SEPARATORS = /[\s\-–—:,.]+$/u;

/** Numbered suffixes, in the order they are tried (docs/product/viewer.md §4). The base is group 1, the number group 2. */
const NUMBERED: RegExp[] = [
  /^(.*\S)\s*\b(?:part|pt\.?)\s*(\d{1,4})$/iu,
  /^(.*\S)\s*\bepisode\s*(\d{1,4})$/iu,
  /^(.*\S)\s*\bchapter\s*(\d{1,4})$/iu,
  /^(.*\S)\s+-\s*(\d{1,4})$/u,
  /^(.*\S)\s*:\s*(\d{1,4})$/u,
  /^(.*\S)\s+(\d{1,4})$/u,
];
/** A single letter after a space, with a base longer than 2 characters ("Inzovu B" → part 2). */
const LETTER = /^(.*\S)\s+([A-Za-z])$/u;

/**
 * Detects whether a title names one part of a multi-part film (docs/product/viewer.md §4).
 * @returns `{ baseTitle, partNumber }`, or null when the title is not a part. Letters (A-Z, either case)
 *   count A=1, B=2, …; numbers are 1-4 digits and at least 1 ("Part 0" is not a part). Spaces are collapsed
 *   and separators left at the end of the base (" -", ":", ",") are cut.
 */
export function detectPart(title: string): PartInfo | null {
  const t = title.trim().replace(/\s+/gu, ' ');
  for (const re of NUMBERED) {
    const m = re.exec(t);
    if (!m) continue;
    const base = m[1]!.replace(TRAILING_SEPARATORS, '');
    const n = Number(m[2]);
    if (base.length > 0 && n >= 1) return { baseTitle: base, partNumber: n };
    return null;
  }
  const l = LETTER.exec(t);
  if (l) {
    const base = l[1]!.replace(TRAILING_SEPARATORS, '');
    if (base.length > 2) {
      return { baseTitle: base, partNumber: l[2]!.toLowerCase().charCodeAt(0) - 96 };
    }
  }
  return null;
}

/** Lower-cased, trimmed, inner spaces collapsed: how titles and directors compare for grouping. */
export const normalizeForGrouping = (s: string): string => s.trim().replace(/\s+/gu, ' ').toLowerCase();

/**
 * The automatic group key of a movie: `"{lower base title}|{year}|{lower director}"` when its title is a part,
 * else null (docs/product/viewer.md §4: same lower-cased base title, year and director). A missing year is empty.
 */
export function autoGroupKey(movie: { title: string; year: number | null; director: string }): string | null {
  const part = detectPart(movie.title);
  if (!part) return null;
  return `${normalizeForGrouping(part.baseTitle)}|${movie.year ?? ''}|${normalizeForGrouping(movie.director)}`;
}

/**
 * A group's rating (docs/product/viewer.md §9): the mean of the ratings above 0, rounded half up to one decimal; 0 when
 * none is above 0. Computed in tenths so it equals the SQL used for sorting (ratings have one decimal).
 */
export function groupRating(ratings: readonly number[]): number {
  const tenths = ratings.filter((r) => r > 0).map((r) => Math.round(r * 10));
  if (tenths.length === 0) return 0;
  return Math.round(tenths.reduce((a, b) => a + b, 0) / tenths.length) / 10;
}

/**
 * A group's duration in seconds (docs/product/viewer.md §9): the sum of the known part durations, or null when no part's
 * duration is known. Displayed "Xh Ym" / "Ym" by `formatDuration` (duration.ts).
 */
export function groupDuration(durations: readonly (number | null | undefined)[]): number | null {
  const known = durations.filter((d): d is number => d != null && Number.isFinite(d));
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** What grouping needs to know of a movie. `createdAt` orders unnumbered parts. */
export interface GroupableMovie {
  id: string;
  title: string;
  year: number | null;
  director: string;
  createdAt: Date;
}

/** A custom group (docs/product/admin.md §3): its id, title and member movie ids. */
export interface CustomGroupDef {
  id: string;
  title: string;
  movieIds: readonly string[];
}

/**
 * The order of parts inside a group: part number (unnumbered last), then creation time, then id. The server
 * orders group members with the same rule in SQL (`part_number nulls last, created_at, id`).
 */
export function comparePartOrder(a: GroupableMovie, b: GroupableMovie): number {
  const pa = detectPart(a.title)?.partNumber ?? Number.POSITIVE_INFINITY;
  const pb = detectPart(b.title)?.partNumber ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  const ta = a.createdAt.getTime();
  const tb = b.createdAt.getTime();
  if (ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** One display item of the movie list: a single movie, an automatic group or a custom group. */
export type DisplayItem<M extends GroupableMovie> =
  | { kind: 'movie'; key: string; movie: M }
  | { kind: 'group'; key: string; isCustom: boolean; groupId: string; title: string; parts: M[] };

/**
 * Groups a whole catalogue into display items (docs/product/viewer.md §4) — the reference the server's SQL follows.
 * Custom groups with at least 2 present movies come first and claim their movies (custom wins; a movie named
 * by several groups goes to the first of them, as the server allows a movie in one group only); the other
 * movies form automatic groups of 2 or more parts; every other movie stands alone. Keys: `c:{groupId}`,
 * `a:{autoKey}`, `m:{movieId}`. Parts are in `comparePartOrder`. Items come in no particular order.
 */
export function groupMovies<M extends GroupableMovie>(movies: readonly M[], customGroups: readonly CustomGroupDef[]): DisplayItem<M>[] {
  const byId = new Map(movies.map((m) => [m.id, m]));
  const claimed = new Set<string>();
  const items: DisplayItem<M>[] = [];
  for (const g of customGroups) {
    const parts = [...new Set(g.movieIds)].filter((id) => byId.has(id) && !claimed.has(id)).map((id) => byId.get(id)!);
    if (parts.length < 2) continue;
    parts.forEach((p) => claimed.add(p.id));
    items.push({ kind: 'group', key: `c:${g.id}`, isCustom: true, groupId: g.id, title: g.title, parts: parts.sort(comparePartOrder) });
  }
  const auto = new Map<string, M[]>();
  for (const m of movies) {
    const key = claimed.has(m.id) ? null : autoGroupKey(m);
    if (key !== null) auto.set(key, [...(auto.get(key) ?? []), m]);
  }
  for (const [key, members] of auto) {
    if (members.length < 2) continue;
    const parts = [...members].sort(comparePartOrder);
    parts.forEach((p) => claimed.add(p.id));
    items.push({ kind: 'group', key: `a:${key}`, isCustom: false, groupId: key, title: detectPart(parts[0]!.title)!.baseTitle, parts });
  }
  for (const m of movies) if (!claimed.has(m.id)) items.push({ kind: 'movie', key: `m:${m.id}`, movie: m });
  return items;
}
