import { useMutation } from '@tanstack/react-query';
import type { DownloadResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/downloads/:id (movie, part or episode id): a signed, expiring MP4 link within the viewer's quality
 * cap; counts against the pass's downloads. Errors: download_not_included, download_limit_reached {limit, used,
 * plan}, subscription_required, unauthenticated, not_found, video_not_available.
 */
export function createDownload(id: string): Promise<DownloadResponse> {
  return apiRequest(`/api/downloads/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function useCreateDownload() {
  return useMutation({ mutationFn: createDownload });
}
