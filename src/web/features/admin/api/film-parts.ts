import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFilmPart, DeletedResponse, FilmPartBody } from '../../../../shared/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const enc = encodeURIComponent;
const partsKey = (movieId: string) => ['admin', 'movies', movieId, 'parts'] as const;

/** GET /api/admin/movies/:id/parts: a film's own parts in order (docs/decisions/023-playable-titles-and-film-parts.md). */
export function useFilmParts(movieId: string) {
  return useQuery({ queryKey: partsKey(movieId), queryFn: () => apiRequest<{ items: AdminFilmPart[] }>(`/api/admin/movies/${enc(movieId)}/parts`), select: (d) => d.items });
}

/** Attach (POST) and detach (DELETE) parts; both refresh the parts, the admin movies and the catalogue. */
export function useFilmPartMutations(movieId: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: partsKey(movieId) });
    void qc.invalidateQueries({ queryKey: queryKeys.adminMovies });
    void qc.invalidateQueries({ queryKey: queryKeys.catalog });
  };
  return {
    attach: useMutation({ mutationFn: (body: FilmPartBody) => apiRequest<{ part: AdminFilmPart }>(`/api/admin/movies/${enc(movieId)}/parts`, { method: 'POST', body }), onSuccess: refresh }),
    detach: useMutation({ mutationFn: (partId: string) => apiRequest<DeletedResponse>(`/api/admin/movies/${enc(movieId)}/parts/${enc(partId)}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}
