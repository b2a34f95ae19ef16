/**
 * The client's cache of signed master-playlist URLs, and the token swap that lets hls.js keep playing on a
 * fresh signature.
 *
 * Source: docs/product/viewer.md §9 "Signed video URL: expiry 3600 s, cached up to 50 entries, background refresh
 * within 5 min of expiry, timer 2 min ... Cache entries older than 24 h are purged"; the URL shape is ADR 003
 * (`/media/v/{videoId}/{token}/master.m3u8`, relative URIs inside the playlists inherit the token).
 * Pure: no timers, no I/O; the caller passes the time (milliseconds since the epoch).
 */

import {
  SIGNED_URL_CACHE_MAX_AGE_SECONDS,
  SIGNED_URL_CACHE_MAX_ENTRIES,
  SIGNED_URL_REFRESH_BEFORE_SECONDS,
  SIGNED_URL_REFRESH_TIMER_SECONDS,
} from '../../../../shared/contracts/playback';

/** Most entries kept; the least recently used goes first (docs/product/viewer.md §9: 50). */
export const SIGNED_URL_CACHE_MAX = SIGNED_URL_CACHE_MAX_ENTRIES;
/** Entries stored longer ago than this are purged, whatever their expiry says (docs/product/viewer.md §9: 24 h). */
export const SIGNED_URL_MAX_AGE_MS = SIGNED_URL_CACHE_MAX_AGE_SECONDS * 1000;
/** A URL is refreshed once it has this little validity left (docs/product/viewer.md §9: within 5 min of expiry). */
export const REFRESH_BEFORE_EXPIRY_MS = SIGNED_URL_REFRESH_BEFORE_SECONDS * 1000;
/** How often the player checks whether its URL needs refreshing (docs/product/viewer.md §9: timer 2 min). */
export const REFRESH_CHECK_INTERVAL_MS = SIGNED_URL_REFRESH_TIMER_SECONDS * 1000;

export interface SignedUrl {
  /** Absolute path or URL of the master playlist. */
  url: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  storedAt: number;
}

/** True when `expiresAt` (ms) is within `windowMs` (default 5 min) of `now` (ms), or already past. */
export function needsRefresh(expiresAt: number, now: number, windowMs = REFRESH_BEFORE_EXPIRY_MS): boolean {
  return expiresAt - now <= windowMs;
}

/**
 * At most `max` signed URLs by key (e.g. `movie:{id}`, `episode:{id}`), least recently used evicted first;
 * `get` answers only entries that are neither expiring (within the refresh window) nor older than `maxAgeMs`.
 */
export class SignedUrlCache<T extends SignedUrl = SignedUrl> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly max: number;
  private readonly maxAgeMs: number;

  constructor(options: { max?: number; maxAgeMs?: number } = {}) {
    this.max = options.max ?? SIGNED_URL_CACHE_MAX;
    this.maxAgeMs = options.maxAgeMs ?? SIGNED_URL_MAX_AGE_MS;
    if (!(this.max >= 1)) throw new RangeError('max must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** A URL still good for more than the refresh window, or undefined; a hit becomes the most recently used. */
  get(key: string, now: number): T | undefined {
    this.purge(now);
    const e = this.entries.get(key);
    if (!e || needsRefresh(e.expiresAt, now)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Stores (or replaces) `key`'s URL, purging old entries and evicting the least recently used past `max`. */
  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: value.expiresAt, storedAt: now });
    this.purge(now);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops entries stored more than `maxAgeMs` ago and entries already expired. */
  purge(now: number): void {
    for (const [key, e] of this.entries) {
      if (now - e.storedAt > this.maxAgeMs || e.expiresAt <= now) this.entries.delete(key);
    }
  }
}

const SIGNED_PATH = /\/media\/v\/([0-9a-f-]{36})\/([^/?#]+)\//i;

/** The video id and token of a signed media URL (ADR 003), or null when the URL is not one. */
export function parseSignedUrl(url: string): { videoId: string; token: string } | null {
  const m = SIGNED_PATH.exec(url);
  return m ? { videoId: m[1]!.toLowerCase(), token: m[2]! } : null;
}

/**
 * `requestUrl` (a playlist or segment under an older signature) carried over to `fresh`'s token, when both
 * are signed URLs of the same video; any other URL comes back unchanged. Used by the player's loader so a
 * refreshed signature applies to the next segment without reloading the player.
 */
export function withFreshSignature(requestUrl: string, fresh: string): string {
  const a = parseSignedUrl(requestUrl);
  const b = parseSignedUrl(fresh);
  if (!a || !b || a.videoId !== b.videoId || a.token === b.token) return requestUrl;
  return requestUrl.replace(SIGNED_PATH, (whole) => whole.replace(`/${a.token}/`, `/${b.token}/`));
}
