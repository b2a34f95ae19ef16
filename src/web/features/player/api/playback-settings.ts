import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaybackSettings, PlaybackSettingsBody } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

export const playbackSettingsKey = ['playback', 'settings'] as const;

/**
 * GET /api/playback/settings: the viewer's data saver, on/off (null: not chosen yet) and its rung
 * (`dataSaverMaxHeight`, 144 or 240 pixels). docs/decisions/028-data-saver-rungs-and-save-data.md.
 */
export function getPlaybackSettings(signal?: AbortSignal): Promise<PlaybackSettings> {
  return apiRequest('/api/playback/settings', { signal });
}

/**
 * PUT /api/playback/settings { dataSaver, dataSaverMaxHeight? }: the viewer's explicit choice, which wins over the
 * browser's Save-Data hint; without `dataSaverMaxHeight` the stored rung is kept. 400 validation_failed otherwise.
 */
export function putPlaybackSettings(body: PlaybackSettingsBody): Promise<PlaybackSettings> {
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
