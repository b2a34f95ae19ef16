import type { PlaybackRequest, PlaybackResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whether the browser asks to save data (`navigator.connection.saveData`, Network Information API; Chromium on
 * Android and desktop). False where the API is missing (Firefox, Safari) or on the server.
 */
export function browserSavesData(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: { saveData?: unknown } }) | undefined)?.connection;
  return connection?.saveData === true;
}

/**
 * POST /api/playback/:id (`:id` a movie, movie-part or episode id; `partId` a part of the movie `:id`): a master
 * playlist URL signed for this viewer (valid one hour), the stream session, renditions, captions and where to
 * resume. With `sessionId` it refreshes that session's URL without counting another stream. `saveData: true` goes
 * along when the browser asks to save data, so the server turns the data saver on for a viewer who has not chosen
 * (docs/decisions/028-data-saver-rungs-and-save-data.md).
 * Errors (ApiError codes): unauthenticated, subscription_required {reason}, not_found, video_not_available,
 * video_not_ready, stream_limit_reached {limit, plan, sessions}, rate_limited.
 */
export function createPlayback(id: string, body: PlaybackRequest = {}): Promise<PlaybackResponse> {
  const payload = browserSavesData() ? { ...body, saveData: true } : body;
  return apiRequest<PlaybackResponse>(`/api/playback/${encodeURIComponent(id)}`, { method: 'POST', body: payload });
}
