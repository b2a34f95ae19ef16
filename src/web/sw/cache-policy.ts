/**
 * What the service worker keeps (design guide "offline"): a phone keeps one release of the app, not
 * every one it ever ran. Pure rules, applied by sw.ts:
 * - on activate, every `sobanura-*` cache that is not the current release's shell or runtime cache is deleted (the
 *   runtime cache is per release too: hashed assets of an old build are never asked for again), except the
 *   viewer's downloads (OFFLINE_CACHE, docs/decisions/027-offline-downloads.md), which outlive releases and are
 *   never pruned with the runtime cache;
 * - the runtime cache holds at most RUNTIME_MAX_ENTRIES responses, none older than RUNTIME_MAX_AGE_MS (by the
 *   response's Date header, or when the worker stored it); the oldest go first.
 */
import { OFFLINE_CACHE } from './offline-routing';

/** Responses kept in the runtime cache (lazy route chunks, fonts, icons: a few MB at most). */
export const RUNTIME_MAX_ENTRIES = 60;
/** Oldest runtime entry kept, milliseconds (30 days). */
export const RUNTIME_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** Cache names of one release. */
export function cacheNames(version: string): { shell: string; runtime: string } {
  return { shell: `sobanura-shell-${version}`, runtime: `sobanura-runtime-${version}` };
}

/** The caches to delete on activate: Sobanura's caches not of `version` (other origins' names and the downloads are left alone). */
export function staleCaches(keys: readonly string[], version: string): string[] {
  const keep = new Set([...Object.values(cacheNames(version)), OFFLINE_CACHE]);
  return keys.filter((k) => k.startsWith('sobanura-') && !keep.has(k));
}

/** One runtime cache entry, in the cache's order (insertion order: oldest first). */
export interface CachedEntry {
  url: string;
  /** When the response was made or stored, ms since the epoch; null when unknown (kept by age, counted by number). */
  storedAt: number | null;
}

/**
 * The entries to delete so the cache holds at most `maxEntries`, none older than `maxAgeMs` at `now` (ms).
 * @param entries in cache order, oldest first
 */
export function entriesToPrune(entries: readonly CachedEntry[], now: number, maxEntries = RUNTIME_MAX_ENTRIES, maxAgeMs = RUNTIME_MAX_AGE_MS): string[] {
  const expired = entries.filter((e) => e.storedAt !== null && now - e.storedAt > maxAgeMs);
  const gone = new Set(expired.map((e) => e.url));
  const left = entries.filter((e) => !gone.has(e.url));
  const excess = Math.max(0, left.length - maxEntries);
  return [...expired.map((e) => e.url), ...left.slice(0, excess).map((e) => e.url)];
}
