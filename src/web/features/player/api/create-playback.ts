import { useQuery } from '@tanstack/react-query';
import type { PlaybackResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/playback/:movieId: a master playlist URL signed for this viewer (valid one hour). */
export function createPlayback(movieId: string): Promise<PlaybackResponse> {
  return apiRequest<PlaybackResponse>(`/api/playback/${encodeURIComponent(movieId)}`, { method: 'POST' });
}

/**
 * The signed URL as a query: asked once per visit (the server allows 10 a minute), kept while it is valid,
 * never refreshed behind the viewer's back because a new URL restarts the player.
 */
export function usePlayback(movieId: string) {
  return useQuery({
    queryKey: queryKeys.playback(movieId),
    queryFn: () => createPlayback(movieId),
    retry: false,
    // Reuse a URL only while it has a quarter of an hour of validity left.
    staleTime: (q) => (q.state.data ? Math.max(0, Date.parse(q.state.data.expiresAt) - Date.now() - 15 * 60_000) : 0),
    gcTime: 45 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
