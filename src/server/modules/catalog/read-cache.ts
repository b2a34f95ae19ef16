/**
 * A small in-process cache of catalogue reads (home, list pages, movie details, category chips), so a
 * 10,000-title catalogue answers fast (ADR 007). Correctness comes from invalidation, not from expiry: every
 * catalogue write clears it in the writing process, and every `catalog_events` notification (LISTEN/NOTIFY, so
 * other instances' writes too) clears it in every process. The time-to-live bounds what no event announces:
 * a video becoming ready (media module), and the NEW badge turning over at Sunday 00:00 UTC.
 *
 * Concurrent reads of one key share one load; a failed load is not kept; a load that started before a clear
 * is not stored. At most `maxEntries` keys (oldest dropped first). `ttlMs` 0 turns the cache off.
 */
export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

/** A read cache: `ttlMs` (default 30,000; 0 = off) and `maxEntries` (default 2,000). */
export function createReadCache(opts: { ttlMs?: number; maxEntries?: number } = {}): ReadCache {
  const ttlMs = opts.ttlMs ?? 30_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
      const gen = generation;
      const value = load();
      const entry = { value, expires: Date.now() + ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      value.then(
        () => {
          if (gen !== generation && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
