import type { PlaybackRequest, PlaybackResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/playback/:id (`:id` a movie, movie-part or episode id; `partId` a part of the movie `:id`): a master
 * playlist URL signed for this viewer (valid one hour), the stream session, renditions, captions and where to
 * resume. With `sessionId` it refreshes that session's URL without counting another stream.
 * Errors (ApiError codes): unauthenticated, subscription_required {reason}, not_found, video_not_available,
 * video_not_ready, stream_limit_reached {limit, plan, sessions}, rate_limited.
 */
export function createPlayback(id: string, body: PlaybackRequest = {}): Promise<PlaybackResponse> {
  return apiRequest<PlaybackResponse>(`/api/playback/${encodeURIComponent(id)}`, { method: 'POST', body });
}
