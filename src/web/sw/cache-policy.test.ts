/** What the service worker keeps (cache-policy.ts): one release's caches, a bounded runtime cache. */
import { describe, expect, it } from 'vitest';
import { cacheNames, entriesToPrune, RUNTIME_MAX_AGE_MS, RUNTIME_MAX_ENTRIES, staleCaches } from './cache-policy';

describe('service worker cache policy', () => {
  it('deletes every Sobanura cache of other releases on activate, and only those', () => {
    const now = cacheNames('b2');
    const keys = ['sobanura-shell-a1', 'sobanura-runtime', 'sobanura-runtime-a1', now.shell, now.runtime, 'other-app-cache'];
    expect(staleCaches(keys, 'b2')).toEqual(['sobanura-shell-a1', 'sobanura-runtime', 'sobanura-runtime-a1']);
    expect(staleCaches([now.shell, now.runtime], 'b2')).toEqual([]);
  });

  it('keeps at most the cap, dropping the oldest first', () => {
    const t = 1_800_000_000_000;
    const entries = Array.from({ length: RUNTIME_MAX_ENTRIES + 3 }, (_, i) => ({ url: `/assets/c${i}.js`, storedAt: t - 1000 }));
    expect(entriesToPrune(entries, t)).toEqual(['/assets/c0.js', '/assets/c1.js', '/assets/c2.js']);
    expect(entriesToPrune(entries.slice(0, RUNTIME_MAX_ENTRIES), t)).toEqual([]);
  });

  it('drops entries older than the age limit, whatever their number', () => {
    const t = 1_800_000_000_000;
    const entries = [
      { url: '/icons/old.png', storedAt: t - RUNTIME_MAX_AGE_MS - 1 },
      { url: '/icons/edge.png', storedAt: t - RUNTIME_MAX_AGE_MS },
      { url: '/icons/unknown.png', storedAt: null },
      { url: '/assets/new.js', storedAt: t },
    ];
    expect(entriesToPrune(entries, t)).toEqual(['/icons/old.png']);
    // Age and number together: the expired one, then the oldest of the rest.
    expect(entriesToPrune(entries, t, 2)).toEqual(['/icons/old.png', '/icons/edge.png']);
  });
});
