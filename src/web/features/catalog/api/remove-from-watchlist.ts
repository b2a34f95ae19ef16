import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { watchlistKey, type WatchlistData, type WatchlistTarget } from './get-watchlist';

/** DELETE /api/watchlist/movie/:id | /api/watchlist/series/:id: 204; 404 not_found when it was not saved. */
export function removeFromWatchlist(target: WatchlistTarget): Promise<void> {
  return apiRequest<void>(`/api/watchlist/${target.kind === 'series' ? 'series' : 'movie'}/${encodeURIComponent(target.id)}`, { method: 'DELETE' });
}

export function useRemoveFromWatchlist() {
  const qc = useQueryClient();
  const drop = (target: WatchlistTarget) =>
    qc.setQueryData<WatchlistData>(queryKeys.watchlist, (old) => (old ? { items: old.items.filter((e) => watchlistKey(e.item) !== watchlistKey(target)) } : old));
  return useMutation({
    mutationFn: removeFromWatchlist,
    onSuccess: (_void, target) => drop(target),
    onError: (error, target) => {
      // Already gone (removed elsewhere): the list just catches up.
      if (isApiError(error, 'not_found')) drop(target);
    },
  });
}
