import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaybackResponse } from '../../../../shared/contracts/playback';
import { SESSION_LAPSE_SECONDS } from '../../../../shared/contracts/playback';
import { isApiError, readApiResponse } from '../../../lib/api-client';
import { takeBootAnswer } from '../../../boot/handle';
import { createPlayback } from '../api/create-playback';
import { getProgress } from '../api/get-progress';
import { sendHeartbeat } from '../api/stream-sessions';
import { warmStart } from '../lib/warm-start';
import { liveSessionId, readTabSession, writeTabSession, type TabSession } from '../lib/tab-session';
import { needsRefresh, REFRESH_CHECK_INTERVAL_MS, SignedUrlCache } from '../lib/signed-url-cache';

/** What to play: a movie, a movie part (`/player/{id}?part=`), or an episode, by the ids the server takes. */
export interface PlaybackSource {
  /** Movie, movie-part or episode id (POST /api/playback/:id). */
  id: string;
  /** A part of the movie `id`. */
  partId?: string;
}

interface Cached {
  url: string;
  /** ms since the epoch */
  expiresAt: number;
  response: PlaybackResponse;
}

/** One cache for the whole tab (docs/product/viewer.md §9: at most 50 signed URLs, none older than 24 h). */
const cache = new SignedUrlCache<Cached>();
/** Requests in flight by key, so a double mount (React StrictMode) never opens two stream sessions. */
const inflight = new Map<string, Promise<PlaybackResponse>>();
/**
 * The stream session this tab holds, and when the server last confirmed it (ms). Moving from one part or
 * episode to the next hands it back (`sessionId`), so the next video does not count as another device.
 */
let tabSession: TabSession | null = readTabSession();

function setTabSession(value: TabSession | null) {
  tabSession = value;
  writeTabSession(value);
}

const keyOf = (s: PlaybackSource) => `${s.id}:${s.partId ?? ''}`;

/** Keeps an answer; `warm`: fetch what the player asks for first (not when the first-frame boot is fetching it). */
function remember(key: string, r: PlaybackResponse, warm = true): PlaybackResponse {
  if (warm) warmStart(r);
  cache.set(key, { url: r.url, expiresAt: Date.parse(r.expiresAt), response: r }, Date.now());
  setTabSession({ id: r.sessionId, confirmedAt: Date.now() });
  return r;
}

function liveTabSession(): string | undefined {
  return liveSessionId(tabSession, Date.now());
}

/** POST /api/playback/:id, reusing this tab's live session; a session the server says is gone is retried once without it. */
async function request(source: PlaybackSource, sessionId = liveTabSession()): Promise<PlaybackResponse> {
  const key = keyOf(source);
  const pending = inflight.get(key);
  if (pending) return pending;
  // A page drawn on the server asked already, from its first-frame boot (docs/decisions/030-first-frame-before-the-app.md).
  const booted = takeBootAnswer(key);
  const run = (async () => {
    try {
      if (booted) return remember(key, await readApiResponse<PlaybackResponse>(await booted), false);
      return remember(key, await createPlayback(source.id, { partId: source.partId, sessionId }));
    } catch (e) {
      if (sessionId && (isApiError(e, 'stream_session_ended') || isApiError(e, 'not_found') || isApiError(e, 'validation_failed'))) {
        setTabSession(null);
        return remember(key, await createPlayback(source.id, { partId: source.partId }));
      }
      throw e;
    }
  })();
  inflight.set(key, run);
  try {
    return await run;
  } finally {
    inflight.delete(key);
  }
}

/** Requests started by prestartPlayback, by key, until the player takes them (or PRESTART_KEEP_MS passes). */
const prestarted = new Map<string, Promise<PlaybackResponse>>();
/** How long an untaken pre-started request is kept, ms: the session would have lapsed by then anyway. */
const PRESTART_KEEP_MS = SESSION_LAPSE_SECONDS * 1000;

/**
 * Asks for the signed URL of `source` before the page has loaded what it needs to draw the player (the player page
 * calls it with the id and `?part=` of its address, beside the film's details), so the request is not one more round
 * trip in front of the first frame on a slow network (docs/decisions/013-short-first-segment.md, 2 s). The player
 * takes the answer, a refusal included (it shows it). Not taken (the page played something else): forgotten after
 * the session lapse, and its session is the tab's, reused by the next request.
 */
export function prestartPlayback(source: PlaybackSource): void {
  const key = keyOf(source);
  if (prestarted.has(key) || cache.get(key, Date.now())) return;
  const early = request(source);
  early.catch(() => undefined);
  prestarted.set(key, early);
  setTimeout(() => prestarted.get(key) === early && prestarted.delete(key), PRESTART_KEEP_MS);
}

/** A pre-started answer, else a cached URL whose session the server still counts (one heartbeat), else a new request. */
async function start(source: PlaybackSource): Promise<PlaybackResponse> {
  const early = prestarted.get(keyOf(source));
  if (early) {
    // Its refusal (stream limit, no pass) is the page's answer: shown as any other, not asked again.
    prestarted.delete(keyOf(source));
    return early;
  }
  const hit = cache.get(keyOf(source), Date.now());
  if (hit) {
    try {
      // The session must still count, and the cached resume point is old: ask both again.
      const [, progress] = await Promise.all([sendHeartbeat(hit.response.sessionId), getProgress(hit.response.videoId).catch(() => null)]);
      setTabSession({ id: hit.response.sessionId, confirmedAt: Date.now() });
      return { ...hit.response, resumeSeconds: progress ? progress.resumeSeconds : null };
    } catch {
      cache.delete(keyOf(source));
    }
  }
  return request(source);
}

export type SignedPlaybackState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: PlaybackResponse; src: string; generation: number };

/**
 * The signed master playlist of `source` and its stream session, as the player needs them:
 * - `state.src` changes only when the player must load a new source (first load, retry, reload);
 * - `latestUrl` (a ref) always holds the newest signed URL: refreshed in the background within 5 minutes of
 *   expiry (checked every 2 minutes and when the tab becomes visible), so the player's loader can move segment
 *   requests onto it without interrupting playback (docs/product/viewer.md §9);
 * - `renew()` asks a new URL for the same session (after the session lapsed or the settings changed);
 * - `retry()` starts over (Retry Video); `reload()` loads the renewed URL into the player (data saver changed).
 */
export function useSignedPlayback(source: PlaybackSource | null) {
  const [state, setState] = useState<SignedPlaybackState>({ status: 'loading' });
  const latestUrl = useRef<string>('');
  const current = useRef<PlaybackResponse | null>(null);
  const [attempt, setAttempt] = useState(0);
  const id = source?.id;
  const partId = source?.partId;

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setState({ status: 'loading' });
    start({ id, partId }).then(
      (data) => {
        if (cancelled) return;
        current.current = data;
        latestUrl.current = data.url;
        setState({ status: 'ready', data, src: data.url, generation: 0 });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, partId, attempt]);

  /** A fresh URL for the current session (or a new session when it lapsed). Throws the server's refusal. */
  const renew = useCallback(async (): Promise<PlaybackResponse | null> => {
    if (!id || !current.current) return null;
    const fresh = await request({ id, partId }, current.current.sessionId);
    current.current = fresh;
    latestUrl.current = fresh.url;
    setState((s) => (s.status === 'ready' ? { ...s, data: fresh } : s));
    return fresh;
  }, [id, partId]);

  // Background refresh: every 2 minutes and on return to the tab, renew within 5 minutes of expiry.
  useEffect(() => {
    if (state.status !== 'ready') return;
    const check = () => {
      const c = current.current;
      if (c && needsRefresh(Date.parse(c.expiresAt), Date.now())) void renew().catch(() => undefined);
    };
    const timer = window.setInterval(check, REFRESH_CHECK_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [state.status, renew]);

  const retry = useCallback(() => {
    if (id) cache.delete(keyOf({ id, partId }));
    setAttempt((a) => a + 1);
  }, [id, partId]);

  const reload = useCallback(async () => {
    const fresh = await renew();
    if (fresh) setState((s) => ({ status: 'ready', data: fresh, src: fresh.url, generation: s.status === 'ready' ? s.generation + 1 : 0 }));
  }, [renew]);

  /** Marks the session confirmed (a heartbeat answered). */
  const confirmed = useCallback((sessionId: string) => {
    setTabSession({ id: sessionId, confirmedAt: Date.now() });
  }, []);

  return { state, latestUrl, renew, retry, reload, confirmed };
}

/** For tests: forget the tab's cache and session. */
export function resetSignedPlaybackForTests(): void {
  cache.purge(Number.MAX_SAFE_INTEGER);
  inflight.clear();
  prestarted.clear();
  setTabSession(null);
}
