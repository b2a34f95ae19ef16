import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { watchlistKey, type WatchlistData, type WatchlistEntry, type WatchlistTarget } from './get-watchlist';

/** POST /api/watchlist { movieId } | { seriesId }: 201 with the entry; 409 conflict when it is already saved. */
export function addToWatchlist(target: WatchlistTarget): Promise<{ entry: WatchlistEntry }> {
  const body = target.kind === 'series' ? { seriesId: target.id } : { movieId: target.id };
  return apiRequest('/api/watchlist', { method: 'POST', body });
}

/** The saved entry goes straight into the cached list (no second request over mobile data). */
export function useAddToWatchlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addToWatchlist,
    onSuccess: ({ entry }, target) => {
      qc.setQueryData<WatchlistData>(queryKeys.watchlist, (old) =>
        old ? { items: [entry, ...old.items.filter((e) => watchlistKey(e.item) !== watchlistKey(target))] } : old,
      );
    },
    onError: (error) => {
      // Saved from another tab or device: the cached list is out of date.
      if (isApiError(error, 'conflict')) void qc.invalidateQueries({ queryKey: queryKeys.watchlist });
    },
  });
}
