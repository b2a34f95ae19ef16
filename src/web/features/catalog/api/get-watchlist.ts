import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { watchlistEntry } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type WatchlistEntry = z.infer<typeof watchlistEntry>;
export interface WatchlistData {
  items: WatchlistEntry[];
}

/** What a watch-list entry points at: a movie (a group is saved by its first part) or a series. */
export interface WatchlistTarget {
  kind: 'movie' | 'series';
  id: string;
}

export const watchlistKey = (t: { kind: string; id: string }) => `${t.kind === 'series' ? 'series' : 'movie'}:${t.id}`;

/** GET /api/watchlist: the signed-in viewer's saved titles, newest first (401 when signed out). */
export function getWatchlist(signal?: AbortSignal): Promise<WatchlistData> {
  return apiRequest('/api/watchlist', { signal });
}

/** The watch list's query (key and fetch), shared by the hook and the server's prefetch (entry-server.tsx). */
export const watchlistQuery = queryOptions({ queryKey: queryKeys.watchlist, queryFn: ({ signal }) => getWatchlist(signal) });

/** `enabled` false for signed-out visitors: the server would refuse, so nothing is asked. */
export function useWatchlist(enabled = true) {
  return useQuery({ ...watchlistQuery, enabled });
}
