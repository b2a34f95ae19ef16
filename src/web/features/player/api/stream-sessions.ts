import type { z } from 'zod';
import type { heartbeatBody, heartbeatResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/playback/sessions/:sessionId/heartbeat with `{ state }`, the player playing or just paused (the
 * minutes-watched ledger credits the time before a heartbeat, and nothing after a paused one until the next playing
 * one: docs/decisions/049-minutes-watched-ledger.md): keeps this device's stream counted; 409 stream_session_ended
 * when it was stopped or lapsed.
 */
export function sendHeartbeat(sessionId: string, state: z.infer<typeof heartbeatBody>['state'] = 'playing'): Promise<z.infer<typeof heartbeatResponse>> {
  return apiRequest(`/api/playback/sessions/${encodeURIComponent(sessionId)}/heartbeat`, { method: 'POST', body: { state } });
}

/** DELETE /api/playback/sessions/:sessionId: stops one of the viewer's own streams and frees its slot now. */
export function stopStreamSession(sessionId: string): Promise<void> {
  return apiRequest(`/api/playback/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

/**
 * POST /api/playback/sessions/:sessionId/end as the page goes (pagehide): navigator.sendBeacon survives the tab
 * closing; a keepalive fetch where beacons are missing. Frees the slot at once (ADR 009 "Streams").
 */
export function endStreamSessionOnLeave(sessionId: string): void {
  const url = `/api/playback/sessions/${encodeURIComponent(sessionId)}/end`;
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(url, { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}
