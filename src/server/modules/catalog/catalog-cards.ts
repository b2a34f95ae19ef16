/**
 * Cards (`catalogItem`, src/shared/contracts/browse.ts) from the rows browse.repository.ts reads. No I/O.
 * Rules: group duration and rating (grouping.ts, docs/product/viewer.md §9), the NEW badge (new-badge.ts; a group's
 * newest part counts), posters and their fallbacks (docs/product/viewer.md §2 "Movie card": part thumbnails, then
 * the thumbnail). A movie's poster is its thumbnail, else its video's generated poster; a group's is the custom
 * group's thumbnail, else its first part's, then the other parts', their own parts', and the generated ones.
 */
import type { CatalogItem, TranslatorRef } from '../../../shared/contracts/browse.js';
import { groupDuration, groupRating } from '../../../shared/domain/grouping.js';
import { isGroupNew, isNew } from '../../../shared/domain/new-badge.js';
import type { customMovieGroups } from '../../db/schema/index.js';
import type { MemberRow, SeriesRow, TranslatorCols, VideoCols } from './browse.repository.js';

/** The poster ffmpeg made for a ready video, or null. */
export const videoPoster = (v: VideoCols | null): string | null => (v && v.status === 'ready' && v.posterKey ? `/media/posters/${v.id}.webp` : null);

/** Seconds of a movie's video, rounded; null until probed. */
export const videoSeconds = (v: VideoCols | null): number | null => (v?.durationSeconds != null ? Math.round(v.durationSeconds) : null);

/** A translator as cards and pages name them (contract `translatorRef`), or null. */
export const translatorRef = (t: TranslatorCols | null): TranslatorRef | null => (t ? { id: t.id, name: t.name, slug: t.slug, photoUrl: t.photoUrl } : null);

/** The first URL as the poster, the others (deduplicated, in order) as fallbacks. */
export function posterChain(candidates: readonly (string | null | undefined)[]): { posterUrl: string | null; posterFallbacks: string[] } {
  const urls = [...new Set(candidates.filter((c): c is string => !!c))];
  return { posterUrl: urls[0] ?? null, posterFallbacks: urls.slice(1) };
}

/** A movie's own poster chain: thumbnail (else video poster), then its parts' posters, then the video poster. */
export const moviePosters = (m: MemberRow) => posterChain([m.movie.thumbnailUrl ?? videoPoster(m.video), ...m.partPosters, videoPoster(m.video), m.movie.thumbnailUrl]);

/** The card of one movie. */
export function movieCard(m: MemberRow, now: Date): CatalogItem {
  const mv = m.movie;
  return {
    kind: 'movie',
    id: mv.id,
    groupId: null,
    title: mv.title,
    description: mv.description,
    ...moviePosters(m),
    category: mv.category,
    year: mv.year,
    director: mv.director,
    durationSeconds: videoSeconds(m.video),
    rating: groupRating([mv.rating]),
    partsCount: 0,
    isCustomGroup: false,
    isNew: isNew(mv.createdAt, now),
    isDemo: mv.isDemo,
    isPremium: mv.isPremium,
    translator: translatorRef(m.translator),
    createdAt: mv.createdAt.toISOString(),
  };
}

/**
 * The card of a group (`a:` automatic or `c:` custom key) from its parts in order. The card opens its first part;
 * title, description and poster come from the custom group when it has them, else from the first part (an
 * automatic group is titled by its base title, from `item`). Premium when any part is; demo when all are.
 */
export function groupCard(item: { key: string; title: string }, parts: MemberRow[], custom: typeof customMovieGroups.$inferSelect | null, now: Date): CatalogItem {
  const first = parts[0]!;
  const isCustom = item.key.startsWith('c:');
  const newest = parts.reduce((a, p) => (p.movie.createdAt > a ? p.movie.createdAt : a), first.movie.createdAt);
  const posters = posterChain([custom?.thumbnailUrl, ...parts.map((p) => p.movie.thumbnailUrl ?? videoPoster(p.video)), ...parts.flatMap((p) => p.partPosters), ...parts.map((p) => videoPoster(p.video))]);
  return {
    kind: 'group',
    id: first.movie.id,
    groupId: item.key.slice(2),
    title: item.title,
    description: (isCustom && custom?.description) || first.movie.description,
    ...posters,
    category: first.movie.category,
    year: first.movie.year,
    director: first.movie.director,
    durationSeconds: groupDuration(parts.map((p) => videoSeconds(p.video))),
    rating: groupRating(parts.map((p) => p.movie.rating)),
    partsCount: parts.length,
    isCustomGroup: isCustom,
    isNew: isGroupNew(parts.map((p) => p.movie.createdAt), now),
    isDemo: parts.every((p) => p.movie.isDemo),
    isPremium: parts.some((p) => p.movie.isPremium),
    translator: translatorRef(first.translator),
    createdAt: newest.toISOString(),
  };
}

/** The card of a series. */
export function seriesCard(s: SeriesRow, now: Date): CatalogItem {
  return {
    kind: 'series',
    id: s.id,
    groupId: null,
    title: s.title,
    description: s.description,
    ...posterChain([s.thumbnailUrl]),
    category: s.category,
    year: s.year,
    director: s.director,
    durationSeconds: null,
    rating: groupRating([s.rating]),
    partsCount: 0,
    isCustomGroup: false,
    isNew: isNew(s.createdAt, now),
    isDemo: false,
    isPremium: s.isPremium,
    translator: translatorRef(s.translator),
    createdAt: s.createdAt.toISOString(),
  };
}
