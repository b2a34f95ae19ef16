/**
 * The watch list (docs/product/viewer.md §2, §4, §8): a signed-in user's saved movies and series,
 * newest first. Adding a title twice answers 409 `conflict` "This movie is already in your watchlist" (the
 * spec's 'Already in watchlist', code 23505); removing one that is not there, or adding one that does not
 * exist, 404 `not_found`. Only the session user's own list is ever read or written (the routes pass it).
 * Each entry carries the title's card (a movie as itself, even when it is part of a group).
 */
import type { CatalogItem } from '../../../shared/contracts/browse.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { BrowseService } from '../catalog/browse.service.js';
import type { TitleRef, WatchlistRepository, WatchlistRow } from './watchlist.repository.js';

const what = (ref: TitleRef) => ('movieId' in ref ? 'movie' : 'series');

/** The watch list over its repository, with cards from the browse service. */
export function createWatchlistService(deps: { repo: WatchlistRepository; browse: Pick<BrowseService, 'titleCards'> }) {
  const { repo } = deps;
  async function entries(rows: WatchlistRow[]): Promise<{ addedAt: string; item: CatalogItem }[]> {
    const { movies, series } = await deps.browse.titleCards({
      movieIds: rows.flatMap((r) => (r.movieId ? [r.movieId] : [])),
      seriesIds: rows.flatMap((r) => (r.seriesId ? [r.seriesId] : [])),
    });
    return rows.flatMap((r) => {
      const item = r.movieId ? movies.get(r.movieId) : r.seriesId ? series.get(r.seriesId) : undefined;
      return item ? [{ addedAt: r.addedAt.toISOString(), item }] : [];
    });
  }
  return {
    async list(userId: string) {
      return { items: await entries(await repo.list(userId)) };
    },
    async add(userId: string, ref: TitleRef) {
      const r = await repo.add(userId, ref);
      if (r === 'missing') throw notFound(what(ref) === 'movie' ? 'Movie' : 'Series');
      if (r === 'duplicate') throw new AppError(409, 'conflict', `This ${what(ref)} is already in your watchlist`, { reason: 'already_in_watchlist' });
      const [entry] = await entries([r]);
      return { entry: entry! };
    },
    async remove(userId: string, ref: TitleRef): Promise<void> {
      if (!(await repo.remove(userId, ref))) throw new AppError(404, 'not_found', `This ${what(ref)} is not in your watchlist`);
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
