import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMovie, CreateMovieBody } from '../../../../shared/contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/movies: creates the movie record its video will be uploaded for. */
export function createMovie(body: CreateMovieBody): Promise<{ movie: AdminMovie }> {
  return apiRequest('/api/admin/movies', { method: 'POST', body });
}

export function useCreateMovie() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMovie,
    onSuccess: ({ movie }) => {
      qc.setQueryData<{ items: AdminMovie[] }>(queryKeys.adminMovies, (old) => (old ? { items: [movie, ...old.items.filter((m) => m.id !== movie.id)] } : old));
      void qc.invalidateQueries({ queryKey: queryKeys.catalog });
    },
  });
}
