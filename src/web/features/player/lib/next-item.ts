/**
 * What plays next: the next part of a multi-part film and the next episode of a series.
 *
 * Source: docs/product/viewer.md §4 "Next part: inside a movie's own parts go to the next one; otherwise the next
 * part of the group; none after the last" and section 2 "/episode/...": Next Episode when one exists; "Playing
 * the last episode of a season stops" (it then offers the next season when there is one).
 * Pure: no I/O.
 */

export interface PartLike {
  id: string;
  partNumber: number;
}

/** Parts in play order: by part number, ties in the order given. */
function ordered<T extends PartLike>(parts: readonly T[]): T[] {
  return parts.map((p, i) => ({ p, i })).sort((a, b) => a.p.partNumber - b.p.partNumber || a.i - b.i).map((x) => x.p);
}

/**
 * The part after the one playing.
 * @param ownParts the movie's own parts (movie_parts rows); `currentPartId` is one of them or null (the movie's
 *   own video plays, i.e. before its first own part).
 * @param groupParts the movies of the movie's group (auto or custom), `movieId` among them; [] when none.
 * @returns `{ kind: 'own', part }` (play `/player/{movieId}?part={part.id}`), `{ kind: 'group', part }`
 *   (play `/player/{part.id}`), or null after the last part of the last movie.
 */
export function nextPart<T extends PartLike>(args: { movieId: string; currentPartId: string | null; ownParts: readonly T[]; groupParts: readonly T[] }): { kind: 'own' | 'group'; part: T } | null {
  const own = ordered(args.ownParts);
  if (own.length > 0) {
    const at = args.currentPartId == null ? -1 : own.findIndex((p) => p.id === args.currentPartId);
    // An unknown part id plays the movie's first part (see currentOwnPart), so its next is the second.
    const index = args.currentPartId != null && at === -1 ? 0 : at;
    const next = own[index + 1];
    if (next) return { kind: 'own', part: next };
  }
  const group = ordered(args.groupParts);
  const at = group.findIndex((p) => p.id === args.movieId);
  if (at === -1) return null;
  const next = group[at + 1];
  return next ? { kind: 'group', part: next } : null;
}

export interface EpisodeRef {
  seasonNumber: number;
  episodeNumber: number;
}

/**
 * The episode after `(season, episode)`: the next one of the same season, else the first episode of the next
 * season that has episodes, else null. Seasons and episodes are taken in number order.
 */
export function nextEpisode(seasons: readonly { seasonNumber: number; episodes: readonly EpisodeRef[] }[], season: number, episode: number): (EpisodeRef & { sameSeason: boolean }) | null {
  const sorted = [...seasons].sort((a, b) => a.seasonNumber - b.seasonNumber);
  const current = sorted.find((s) => s.seasonNumber === season);
  const later = current?.episodes.map((e) => e.episodeNumber).filter((n) => n > episode).sort((a, b) => a - b)[0];
  if (later !== undefined) return { seasonNumber: season, episodeNumber: later, sameSeason: true };
  for (const s of sorted) {
    if (s.seasonNumber <= season || s.episodes.length === 0) continue;
    const first = Math.min(...s.episodes.map((e) => e.episodeNumber));
    return { seasonNumber: s.seasonNumber, episodeNumber: first, sameSeason: false };
  }
  return null;
}

/**
 * What the player does when an episode ends: `autoplay` the next episode of the same season, `offer-season`
 * (stop and offer the next season's first episode), or `stop` after the series' last episode.
 */
export function afterEpisodeEnds(next: (EpisodeRef & { sameSeason: boolean }) | null): { kind: 'autoplay' | 'offer-season'; next: EpisodeRef } | { kind: 'stop' } {
  if (!next) return { kind: 'stop' };
  return { kind: next.sameSeason ? 'autoplay' : 'offer-season', next: { seasonNumber: next.seasonNumber, episodeNumber: next.episodeNumber } };
}
