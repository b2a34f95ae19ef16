import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEpisode, AdminSeason, AdminSeries, DeletedResponse, EpisodeBody, EpisodeUpdateBody, SeriesBody, SeriesUpdateBody } from '../../../../shared/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './keys';

const enc = encodeURIComponent;

/** GET /api/admin/series, newest first. */
export function useAdminSeries() {
  return useQuery({ queryKey: adminKeys.series, queryFn: () => apiRequest<{ items: AdminSeries[] }>('/api/admin/series'), select: (d) => d.items });
}
/** GET /api/admin/series/:id/seasons, by number. */
export function useSeasons(seriesId: string | null) {
  return useQuery({
    queryKey: adminKeys.seasons(seriesId ?? ''),
    queryFn: () => apiRequest<{ items: AdminSeason[] }>(`/api/admin/series/${enc(seriesId!)}/seasons`),
    select: (d) => d.items,
    enabled: !!seriesId,
  });
}
/** GET /api/admin/seasons/:id/episodes, by number; polls while an episode's video is processing. */
export function useEpisodes(seasonId: string | null) {
  return useQuery({
    queryKey: adminKeys.episodes(seasonId ?? ''),
    queryFn: () => apiRequest<{ items: AdminEpisode[] }>(`/api/admin/seasons/${enc(seasonId!)}/episodes`),
    select: (d) => d.items,
    enabled: !!seasonId,
    refetchInterval: (q) => (q.state.data?.items.some((e) => e.video?.status === 'processing' || e.video?.status === 'uploading') ? 3000 : false),
  });
}

export function useSeriesMutations() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: adminKeys.series });
    void qc.invalidateQueries({ queryKey: queryKeys.catalog });
  };
  return {
    createSeries: useMutation({
      mutationFn: (body: SeriesBody) => apiRequest<{ series: AdminSeries }>('/api/admin/series', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    updateSeries: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SeriesUpdateBody }) => apiRequest<{ series: AdminSeries }>(`/api/admin/series/${enc(id)}`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    deleteSeries: useMutation({
      mutationFn: (id: string) => apiRequest<DeletedResponse>(`/api/admin/series/${enc(id)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    createSeason: useMutation({
      mutationFn: ({ seriesId, seasonNumber }: { seriesId: string; seasonNumber?: number }) =>
        apiRequest<{ season: AdminSeason }>(`/api/admin/series/${enc(seriesId)}/seasons`, { method: 'POST', body: seasonNumber === undefined ? {} : { seasonNumber } }),
      onSuccess: ({ season }) => {
        void qc.invalidateQueries({ queryKey: adminKeys.seasons(season.seriesId) });
        refresh();
      },
    }),
    deleteSeason: useMutation({
      mutationFn: (season: AdminSeason) => apiRequest<DeletedResponse>(`/api/admin/seasons/${enc(season.id)}`, { method: 'DELETE' }),
      onSuccess: (_r, season) => {
        void qc.invalidateQueries({ queryKey: adminKeys.seasons(season.seriesId) });
        refresh();
      },
    }),
    createEpisode: useMutation({
      mutationFn: ({ seasonId, body }: { seasonId: string; body: EpisodeBody }) =>
        apiRequest<{ episode: AdminEpisode }>(`/api/admin/seasons/${enc(seasonId)}/episodes`, { method: 'POST', body }),
      onSuccess: ({ episode }) => {
        void qc.invalidateQueries({ queryKey: adminKeys.episodes(episode.seasonId) });
        void qc.invalidateQueries({ queryKey: ['admin', 'series'] });
        void qc.invalidateQueries({ queryKey: queryKeys.catalog });
      },
    }),
    updateEpisode: useMutation({
      mutationFn: ({ id, body }: { id: string; body: EpisodeUpdateBody }) => apiRequest<{ episode: AdminEpisode }>(`/api/admin/episodes/${enc(id)}`, { method: 'PATCH', body }),
      onSuccess: ({ episode }) => {
        void qc.invalidateQueries({ queryKey: adminKeys.episodes(episode.seasonId) });
        void qc.invalidateQueries({ queryKey: queryKeys.catalog });
      },
    }),
    deleteEpisode: useMutation({
      mutationFn: (episode: AdminEpisode) => apiRequest<DeletedResponse>(`/api/admin/episodes/${enc(episode.id)}`, { method: 'DELETE' }),
      onSuccess: (_r, episode) => {
        void qc.invalidateQueries({ queryKey: adminKeys.episodes(episode.seasonId) });
        void qc.invalidateQueries({ queryKey: ['admin', 'series'] });
        void qc.invalidateQueries({ queryKey: queryKeys.catalog });
      },
    }),
  };
}
