import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogEvent } from '../../shared/contracts/browse';
import { queryKeys } from '../lib/query-keys';
import { item, page } from '../test/catalog-fixtures';
import { applyCatalogEvents, connectCatalogEvents, type EventSourceLike } from './live-catalog';

describe('applyCatalogEvents', () => {
  function client() {
    const qc = new QueryClient();
    const a = item({ id: 'a' });
    const b = item({ id: 'b' });
    const g = item({ id: 'p1', kind: 'group', groupId: 'g1', partsCount: 2 });
    qc.setQueryData(queryKeys.home, { recentMovies: [a, b], popularMovies: [b, g], newSeries: [] });
    qc.setQueryData(queryKeys.catalogPage({ tab: 'movies', sort: 'newest', page: '1' }), page([a, b, g], { total: 13 }));
    qc.setQueryData(queryKeys.watchlist, { items: [{ addedAt: 'x', item: a }] });
    qc.setQueryData(queryKeys.movie('a'), { movie: { id: 'a' } });
    qc.setQueryData(queryKeys.movie('z'), { movie: { id: 'z' } });
    return qc;
  }
  const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

  it('takes a deleted movie out of every list at once, then refreshes them', () => {
    const qc = client();
    applyCatalogEvents(qc, [{ entity: 'movie', op: 'delete', id: 'a' }]);
    expect(qc.getQueryData<{ recentMovies: { id: string }[] }>(queryKeys.home)!.recentMovies.map((i) => i.id)).toEqual(['b']);
    const p = qc.getQueryData<{ items: { id: string }[]; total: number }>(queryKeys.catalogPage({ tab: 'movies', sort: 'newest', page: '1' }))!;
    expect(p.items.map((i) => i.id)).toEqual(['b', 'p1']);
    expect(p.total).toBe(12);
    expect(qc.getQueryData<{ items: unknown[] }>(queryKeys.watchlist)!.items).toEqual([]);
    expect(stale(qc, queryKeys.home)).toBe(true);
    expect(stale(qc, queryKeys.movie('a'))).toBe(true);
    expect(stale(qc, queryKeys.movie('z'))).toBe(false);
  });

  it('takes a deleted group out by its group id', () => {
    const qc = client();
    applyCatalogEvents(qc, [{ entity: 'group', op: 'delete', id: 'g1' }]);
    expect(qc.getQueryData<{ popularMovies: { id: string }[] }>(queryKeys.home)!.popularMovies.map((i) => i.id)).toEqual(['b']);
  });

  it('refreshes the lists on an insert, and leaves titles and the watch list alone', () => {
    const qc = client();
    applyCatalogEvents(qc, [{ entity: 'movie', op: 'insert', id: 'new' }]);
    expect(stale(qc, queryKeys.home)).toBe(true);
    expect(stale(qc, queryKeys.catalogPage({ tab: 'movies', sort: 'newest', page: '1' }))).toBe(true);
    expect(stale(qc, queryKeys.movie('a'))).toBe(false);
    expect(stale(qc, queryKeys.watchlist)).toBe(false);
  });

  it('refreshes the title, the lists and the watch list on an update', () => {
    const qc = client();
    applyCatalogEvents(qc, [{ entity: 'movie', op: 'update', id: 'a' }]);
    expect(stale(qc, queryKeys.movie('a'))).toBe(true);
    expect(stale(qc, queryKeys.movie('z'))).toBe(false);
    expect(stale(qc, queryKeys.home)).toBe(true);
    expect(stale(qc, queryKeys.watchlist)).toBe(true);
  });
});

describe('connectCatalogEvents', () => {
  class FakeSource implements EventSourceLike {
    static all: FakeSource[] = [];
    onopen: ((ev: Event) => void) | null = null;
    onerror: ((ev: Event) => void) | null = null;
    closed = false;
    listeners = new Map<string, (ev: MessageEvent) => void>();
    constructor(readonly url: string) {
      FakeSource.all.push(this);
    }
    addEventListener(type: string, l: (ev: MessageEvent) => void) {
      this.listeners.set(type, l);
    }
    close() {
      this.closed = true;
    }
    emit(data: unknown) {
      this.listeners.get('catalog')!({ data: JSON.stringify(data) } as MessageEvent);
    }
  }

  it('reconnects after 1, 2, 5, 10 and then every 10 s, and resyncs once it is back', () => {
    vi.useFakeTimers();
    FakeSource.all = [];
    const onResync = vi.fn();
    const stop = connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: () => undefined, onResync });
    expect(FakeSource.all[0]!.url).toBe('/api/events');
    FakeSource.all[0]!.onopen!(new Event('open'));
    expect(onResync).not.toHaveBeenCalled();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = FakeSource.all.length;
      const current = FakeSource.all.at(-1)!;
      current.onerror!(new Event('error'));
      expect(current.closed).toBe(true);
      let waited = 0;
      while (FakeSource.all.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10000, 10000]);
    FakeSource.all.at(-1)!.onopen!(new Event('open'));
    expect(onResync).toHaveBeenCalledTimes(1);
    // Back to 1 s after a successful connection.
    const before = FakeSource.all.length;
    FakeSource.all.at(-1)!.onerror!(new Event('error'));
    vi.advanceTimersByTime(1000);
    expect(FakeSource.all.length).toBe(before + 1);
    stop();
    expect(FakeSource.all.at(-1)!.closed).toBe(true);
    vi.useRealTimers();
  });

  it('hands over valid events in one batch and drops malformed ones', () => {
    vi.useFakeTimers();
    FakeSource.all = [];
    const batches: CatalogEvent[][] = [];
    connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: (e) => batches.push(e), onResync: () => undefined });
    const s = FakeSource.all[0]!;
    s.emit({ entity: 'movie', op: 'insert', id: '1' });
    s.emit({ entity: 'movie', op: 'explode', id: '2' });
    s.listeners.get('catalog')!({ data: 'not json' } as MessageEvent);
    s.emit({ entity: 'series', op: 'update', id: '3' });
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(batches).toEqual([
      [
        { entity: 'movie', op: 'insert', id: '1' },
        { entity: 'series', op: 'update', id: '3' },
      ],
    ]);
    vi.useRealTimers();
  });
});
