import { SESSION_LAPSE_SECONDS } from '../../../../shared/contracts/stream-session-timing';

/**
 * The stream session a tab holds (sessionStorage, so a reload never counts as another screen), shared by the app's
 * player (use-signed-playback.ts) and the first-frame boot (docs/decisions/030-first-frame-before-the-app.md).
 */
export interface TabSession {
  id: string;
  /** When the server last confirmed it, ms since the epoch. */
  confirmedAt: number;
}

const TAB_SESSION_KEY = 'sobanura-stream-session';

/** The stored session, or null (none, malformed, or storage unavailable). */
export function readTabSession(): TabSession | null {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(TAB_SESSION_KEY) ?? 'null') as { id?: unknown; confirmedAt?: unknown } | null;
    return v && typeof v.id === 'string' && typeof v.confirmedAt === 'number' ? { id: v.id, confirmedAt: v.confirmedAt } : null;
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) the session; without storage it lasts for this page only. */
export function writeTabSession(value: TabSession | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(TAB_SESSION_KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(TAB_SESSION_KEY);
  } catch {
    // Storage unavailable.
  }
}

/** The session's id while the server still counts it (confirmed within SESSION_LAPSE_SECONDS of `now`, ms). */
export function liveSessionId(session: TabSession | null, now: number): string | undefined {
  return session && now - session.confirmedAt < SESSION_LAPSE_SECONDS * 1000 ? session.id : undefined;
}
