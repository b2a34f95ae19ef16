import { useQuery } from '@tanstack/react-query';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/movies: every movie with its video's status, progress and error. */
export function getAdminMovies(): Promise<{ items: AdminMovie[] }> {
  return apiRequest('/api/admin/movies');
}

/**
 * Polls every 2 s while a video is processing, or while `waiting(items)` says so (an upload of this tab has
 * reached the server and its video has not settled yet).
 */
export function useAdminMovies({ waiting }: { waiting?: (items: AdminMovie[]) => boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.adminMovies,
    queryFn: getAdminMovies,
    select: (d) => d.items,
    refetchInterval: (q) => {
      const items = q.state.data?.items ?? [];
      return items.some((m) => m.video?.status === 'processing' || m.replacement?.status === 'processing') || waiting?.(items) ? 2000 : false;
    },
  });
}
