import { useQuery } from '@tanstack/react-query';
import type { SeriesFull } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/series/:id: a series with its seasons and their episodes; 404 not_found. */
export function getSeries(id: string, signal?: AbortSignal): Promise<{ series: SeriesFull }> {
  return apiRequest(`/api/series/${encodeURIComponent(id)}`, { signal });
}

export function useSeries(id: string) {
  return useQuery({ queryKey: queryKeys.series(id), queryFn: ({ signal }) => getSeries(id, signal), select: (d) => d.series });
}
