import type { ProgressBody, ProgressResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/progress/:videoId { positionSeconds, durationSeconds, sessionId } (seconds). */
export function saveProgress(videoId: string, body: ProgressBody): Promise<ProgressResponse> {
  return apiRequest(`/api/progress/${encodeURIComponent(videoId)}`, { method: 'PUT', body });
}

/**
 * The same save as the page goes away: navigator.sendBeacon (a text/plain JSON POST the server accepts), which
 * the browser delivers even while the tab closes; falls back to a keepalive fetch. Answers whether it was queued.
 */
export function saveProgressOnLeave(videoId: string, body: ProgressBody): boolean {
  const url = `/api/progress/${encodeURIComponent(videoId)}`;
  const data = JSON.stringify(body);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, data)) return true;
  } catch {
    // Fall through to fetch.
  }
  try {
    void fetch(url, { method: 'POST', body: data, headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
