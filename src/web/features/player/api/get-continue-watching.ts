import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { continueWatchingResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

export type ContinueWatching = z.infer<typeof continueWatchingResponse>;
/** Per-viewer data: under ['progress'] so it is dropped with the session like the watch list. */
export const continueWatchingKey = ['progress', 'continue-watching'] as const;

/** GET /api/progress/continue-watching: the signed-in viewer's unfinished videos, most recent first. */
export function getContinueWatching(signal?: AbortSignal): Promise<ContinueWatching> {
  return apiRequest('/api/progress/continue-watching', { signal });
}

export function useContinueWatching(enabled: boolean) {
  return useQuery({ queryKey: continueWatchingKey, queryFn: ({ signal }) => getContinueWatching(signal), enabled, staleTime: 30_000 });
}
