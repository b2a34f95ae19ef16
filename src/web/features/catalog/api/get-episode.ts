import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { episodeResponse } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type EpisodeResponse = z.infer<typeof episodeResponse>;

/** GET /api/series/:id/seasons/:season/episodes/:episode: the episode, its series and the next one; 404 not_found. */
export function getEpisode(seriesId: string, season: number, episode: number, signal?: AbortSignal): Promise<EpisodeResponse> {
  return apiRequest(`/api/series/${encodeURIComponent(seriesId)}/seasons/${season}/episodes/${episode}`, { signal });
}

export function useEpisode(seriesId: string, season: number, episode: number) {
  return useQuery({
    queryKey: queryKeys.episode(seriesId, season, episode),
    queryFn: ({ signal }) => getEpisode(seriesId, season, episode, signal),
    enabled: Number.isInteger(season) && Number.isInteger(episode),
  });
}
