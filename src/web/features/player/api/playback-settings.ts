import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaybackSettings } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

export const playbackSettingsKey = ['playback', 'settings'] as const;

/** GET /api/playback/settings: the viewer's data-saver choice (null: not chosen yet). */
export function getPlaybackSettings(signal?: AbortSignal): Promise<PlaybackSettings> {
  return apiRequest('/api/playback/settings', { signal });
}

/** PUT /api/playback/settings { dataSaver }. */
export function putPlaybackSettings(body: { dataSaver: boolean }): Promise<PlaybackSettings> {
  return apiRequest('/api/playback/settings', { method: 'PUT', body });
}

export function usePlaybackSettings(enabled = true) {
  return useQuery({ queryKey: playbackSettingsKey, queryFn: ({ signal }) => getPlaybackSettings(signal), enabled, staleTime: 5 * 60_000 });
}

export function useSavePlaybackSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putPlaybackSettings,
    onSuccess: (data) => client.setQueryData(playbackSettingsKey, data),
  });
}
