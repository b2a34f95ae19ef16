/**
 * The start of playback, moved in front of the app (issue 4 outcome: the first frame within 2 s on a slow
 * network). On a slow phone the app's scripts and the player page take about a second to be ready; the signed
 * URL, both playlists and the first segment do not need them. So:
 *
 * - `startEarlyPlayback()` runs from the entry script (src/web/main.tsx) before React: on `/player/{id}[?part=]`
 *   it sends the player's own POST /api/playback/:id (with this tab's stream session, as use-signed-playback
 *   does) asking `withPlaylists`; the player takes that answer with `takeEarlyPlayback(key)` instead of asking.
 * - `keepStartFiles(response)` keeps, by absolute URL, the master and start media playlists of an answer (no
 *   request at all) and starts the download of the one segment the player will ask first: the start rendition
 *   (first in the master), at the resume point. hls.js gets them through `takeStartFile(url)` (video-player.tsx).
 *   Only that one segment is fetched ahead: at most one 4 s segment at or under 500 kb/s (~250 KB) if the
 *   player went elsewhere. Nothing is kept more than START_FILE_KEEP_MS.
 *
 * This file is in the first download of every page: no zod, no React, no other import that is not a type.
 */
import type { PlaybackResponse } from '../../../../shared/contracts/playback';

/** The stream session this tab holds, in sessionStorage (shared with use-signed-playback.ts). */
export const TAB_SESSION_KEY = 'sobanura-stream-session';
/** SESSION_LAPSE_SECONDS of shared/contracts/playback.ts in ms (a test keeps them equal; importing it would bring zod here). */
export const SESSION_LAPSE_MS = 75_000;
/** How long a kept playlist or segment waits for the player, ms. */
export const START_FILE_KEEP_MS = 60_000;

/** A file fetched ahead for hls.js: its body and the load timings (performance.now() ms) its bandwidth estimate needs. */
export interface StartFile {
  data: string | ArrayBuffer;
  bytes: number;
  start: number;
  first: number;
  end: number;
}

const files = new Map<string, Promise<StartFile | null>>();
let early: { key: string; response: Promise<PlaybackResponse | null> } | null = null;

/** The key of a playback source, as use-signed-playback.ts keys its cache: `{id}:{partId or ''}`. */
export const playbackKey = (id: string, partId?: string | null) => `${id}:${partId ?? ''}`;

/** The tab's stream session id if the server confirmed it within the lapse, else undefined. */
export function liveTabSessionId(now = Date.now()): string | undefined {
  try {
    const v = JSON.parse(sessionStorage.getItem(TAB_SESSION_KEY) ?? 'null') as { id?: unknown; confirmedAt?: unknown } | null;
    return v && typeof v.id === 'string' && typeof v.confirmedAt === 'number' && now - v.confirmedAt < SESSION_LAPSE_MS ? v.id : undefined;
  } catch {
    return undefined;
  }
}

const canPlayHlsJs = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

function keep(url: string, file: Promise<StartFile | null>) {
  files.set(url, file);
  setTimeout(() => files.get(url) === file && files.delete(url), START_FILE_KEEP_MS);
}

const now = () => performance.now();
const text = (data: string): Promise<StartFile> => {
  const t = now();
  return Promise.resolve({ data, bytes: data.length, start: t, first: t, end: t });
};

/** The URI of the segment that holds `atSeconds` in a media playlist (RFC 8216 EXTINF), or null. */
export function segmentAt(mediaPlaylist: string, atSeconds: number): string | null {
  let t = 0;
  let duration: number | null = null;
  for (const raw of mediaPlaylist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== null) {
      if (atSeconds < t + duration) return line;
      t += duration;
      duration = null;
    }
  }
  return null;
}

/**
 * Keeps the start files of a playback answer for hls.js (see the file comment). No-op without `startPlaylists`
 * or where hls.js does not play (native HLS).
 */
export function keepStartFiles(r: PlaybackResponse): void {
  const start = r.startPlaylists;
  if (!start || !canPlayHlsJs()) return;
  const masterUrl = new URL(r.url, location.href).href;
  const mediaUrl = new URL(start.mediaUri, masterUrl).href;
  keep(masterUrl, text(start.master));
  keep(mediaUrl, text(start.media));
  const segment = segmentAt(start.media, r.resumeSeconds ?? 0);
  if (!segment) return;
  const segmentUrl = new URL(segment, mediaUrl).href;
  const began = now();
  keep(
    segmentUrl,
    fetch(segmentUrl, { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) return null;
        const first = now();
        const data = await res.arrayBuffer();
        return { data, bytes: data.byteLength, start: began, first, end: now() };
      })
      .catch(() => null),
  );
}

/** A kept file for `url` (hls.js passes the master as given, relative), once: later requests go to the network. */
export function takeStartFile(url: string): Promise<StartFile | null> | null {
  const key = new URL(url, location.href).href;
  const file = files.get(key);
  if (!file) return null;
  files.delete(key);
  return file;
}

/** On `/player/{id}[?part=]`: sends the player's playback request now (see the file comment). */
export function startEarlyPlayback(loc: Pick<Location, 'pathname' | 'search'> = location): void {
  const m = /^\/player\/([^/]+)\/?$/.exec(loc.pathname);
  if (!m || !canPlayHlsJs()) return;
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return;
  }
  const partId = new URLSearchParams(loc.search).get('part') || undefined;
  const sessionId = liveTabSessionId();
  const response = fetch(`/api/playback/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...(partId ? { partId } : {}), ...(sessionId ? { sessionId } : {}), withPlaylists: true }),
    credentials: 'same-origin',
  })
    .then((res) => (res.ok ? (res.json() as Promise<PlaybackResponse>) : null))
    .then((r) => {
      if (r) {
        keepStartFiles(r);
        // The tab holds this session now, whether or not the player takes the answer (it is reused, not doubled).
        try {
          sessionStorage.setItem(TAB_SESSION_KEY, JSON.stringify({ id: r.sessionId, confirmedAt: Date.now() }));
        } catch {
          // Storage unavailable: the player's own request starts its session.
        }
      }
      return r;
    })
    .catch(() => null);
  early = { key: playbackKey(id, partId), response };
}

/**
 * The early answer for `key`, once; null when there was none for it. It resolves to null when the early request
 * failed or was refused: the player then asks as usual and shows the server's reason.
 */
export function takeEarlyPlayback(key: string): Promise<PlaybackResponse | null> | null {
  if (!early || early.key !== key) return null;
  const { response } = early;
  early = null;
  return response;
}

/** For tests: forget every kept answer and file. */
export function resetEarlyStartForTests(): void {
  early = null;
  files.clear();
}
