import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedResponse, MovieFormBody, MovieUpdateBody } from '../../../../shared/contracts/admin';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminTranslators } from './translators';
import { adminKeys } from './keys';

type MovieList = { items: AdminMovie[] };

/** POST /api/admin/movies/form: the new-movie form (docs/product/admin.md §5). 400 validation_failed with field names. */
export function createMovie(body: MovieFormBody): Promise<{ movie: AdminMovie }> {
  return apiRequest('/api/admin/movies/form', { method: 'POST', body });
}
/** PATCH /api/admin/movies/:id. */
export function updateMovie(id: string, body: MovieUpdateBody): Promise<{ movie: AdminMovie }> {
  return apiRequest(`/api/admin/movies/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}
/** DELETE /api/admin/movies/:id → { id, title }; the video stays in the library. */
export function deleteMovie(id: string): Promise<DeletedResponse> {
  return apiRequest(`/api/admin/movies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The movie lists update in place (docs/product/admin.md §4: inserts at the top, updates replace, deletes remove). */
export function useMovieMutations() {
  const qc = useQueryClient();
  const put = (movie: AdminMovie, top: boolean) =>
    qc.setQueryData<MovieList>(adminKeys.movies, (old) => {
      if (!old) return old;
      if (!top) return { items: old.items.map((m) => (m.id === movie.id ? movie : m)) };
      return { items: [movie, ...old.items.filter((m) => m.id !== movie.id)] };
    });
  const refreshCatalog = () => void qc.invalidateQueries({ queryKey: queryKeys.catalog });
  return {
    create: useMutation({
      mutationFn: createMovie,
      onSuccess: ({ movie }) => {
        put(movie, true);
        refreshCatalog();
      },
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: MovieUpdateBody }) => updateMovie(id, body),
      onSuccess: ({ movie }) => {
        put(movie, false);
        refreshCatalog();
      },
    }),
    remove: useMutation({
      mutationFn: deleteMovie,
      onSuccess: ({ id }) => {
        qc.setQueryData<MovieList>(adminKeys.movies, (old) => (old ? { items: old.items.filter((m) => m.id !== id) } : old));
        void qc.invalidateQueries({ queryKey: adminKeys.groups });
        refreshCatalog();
      },
    }),
  };
}

/** PUT /api/admin/movies/:id/price: a one-off price in whole RWF, or null (not sold alone). */
export function setMoviePrice(id: string, priceRwf: number | null): Promise<{ movieId: string; priceRwf: number | null }> {
  return apiRequest(`/api/admin/movies/${encodeURIComponent(id)}/price`, { method: 'PUT', body: { priceRwf } });
}

/**
 * The names offered in the translator select: the admin list (GET /api/admin/translators, api/translators.ts), so
 * a translator added on the Translators tab is offered at once (docs/product/admin.md §12).
 */
export function useTranslatorOptions() {
  return useAdminTranslators();
}
