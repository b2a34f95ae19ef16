import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MovieFull } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/movies/:id: a movie with its parts, trailer, translator and up to 3 related titles; 404 not_found. */
export function getMovie(id: string, signal?: AbortSignal): Promise<{ movie: MovieFull }> {
  return apiRequest(`/api/movies/${encodeURIComponent(id)}`, { signal });
}

/** One movie's query (key and fetch), shared by the hook and the server's prefetch (entry-server.tsx). */
export function movieQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.movie(id), queryFn: ({ signal }) => getMovie(id, signal) });
}

export function useMovie(id: string) {
  return useQuery({ ...movieQuery(id), select: (d) => d.movie });
}
