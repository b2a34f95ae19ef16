import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogEvent } from '../../shared/contracts/browse';
import { queryKeys } from '../lib/query-keys';
import { item, page } from '../test/catalog-fixtures';
import { applyCatalogEvents, connectCatalogEvents, MAX_REOPEN_DELAY_MS, POLL_MS, refreshCatalog, reopenDelayMs, type EventSourceLike } from './live-catalog';

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

  it('reconnects after 1, 2, 5, 10 s and then backs off, and resyncs once it is back', () => {
    vi.useFakeTimers();
    FakeSource.all = [];
    const onResync = vi.fn();
    const stop = connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: () => undefined, onResync, onPoll: () => undefined, random: () => 0.5 });
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
    expect(waits).toEqual([1000, 2000, 5000, 10000, 20000]);
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
    connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: (e) => batches.push(e), onResync: () => undefined, onPoll: () => undefined });
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

  it('polls every minute while the stream is refused, tries it again less and less often, and stops polling once it opens', () => {
    vi.useFakeTimers();
    FakeSource.all = [];
    const onPoll = vi.fn();
    const onResync = vi.fn();
    const stop = connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: () => undefined, onResync, onPoll, random: () => 0.5 });
    // Refused (429 or 503): EventSource fires error without ever opening.
    const refuse = () => FakeSource.all.at(-1)!.onerror!(new Event('error'));
    refuse();
    const attempts: number[] = [];
    let elapsed = 0;
    while (elapsed < 10 * 60_000) {
      const before = FakeSource.all.length;
      vi.advanceTimersByTime(1000);
      elapsed += 1000;
      if (FakeSource.all.length > before) {
        attempts.push(elapsed);
        refuse();
      }
    }
    // Opening attempts back off (1, 2, 5, 10 s, then doubling to 5 min) ...
    expect(attempts).toEqual([1000, 3000, 8000, 18000, 38000, 78000, 158000, 318000]);
    // ... while the lists are refreshed every minute.
    expect(onPoll).toHaveBeenCalledTimes(10);
    // The next attempt (5 min after the last refusal, at 618 s) is let through.
    vi.advanceTimersByTime(MAX_REOPEN_DELAY_MS);
    FakeSource.all.at(-1)!.onopen!(new Event('open'));
    expect(onResync).toHaveBeenCalledTimes(1);
    const polls = onPoll.mock.calls.length;
    vi.advanceTimersByTime(5 * POLL_MS);
    expect(onPoll).toHaveBeenCalledTimes(polls);
    stop();
    vi.useRealTimers();
  });

  it('does not poll when an open stream drops and comes straight back, and stops polling when stopped', () => {
    vi.useFakeTimers();
    FakeSource.all = [];
    const onPoll = vi.fn();
    const stop = connectCatalogEvents({ create: (u) => new FakeSource(u), onEvents: () => undefined, onResync: () => undefined, onPoll });
    FakeSource.all[0]!.onopen!(new Event('open'));
    FakeSource.all[0]!.onerror!(new Event('error'));
    vi.advanceTimersByTime(1000);
    FakeSource.all[1]!.onopen!(new Event('open'));
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(onPoll).not.toHaveBeenCalled();
    // Refused now: polling starts, and stopping ends it.
    FakeSource.all[1]!.onerror!(new Event('error'));
    vi.advanceTimersByTime(1000);
    FakeSource.all[2]!.onerror!(new Event('error'));
    vi.advanceTimersByTime(POLL_MS);
    expect(onPoll).toHaveBeenCalledTimes(1);
    stop();
    const sources = FakeSource.all.length;
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(onPoll).toHaveBeenCalledTimes(1);
    expect(FakeSource.all.length).toBe(sources);
    vi.useRealTimers();
  });
});

describe('reopenDelayMs', () => {
  it('follows the spec steps, then doubles up to 5 minutes, spread by ±20 %', () => {
    const mid = () => 0.5;
    expect(Array.from({ length: 10 }, (_, i) => reopenDelayMs(i, mid))).toEqual([1000, 2000, 5000, 10000, 20000, 40000, 80000, 160000, 300000, 300000]);
    expect(reopenDelayMs(2, () => 0)).toBe(5000);
    expect(reopenDelayMs(5, () => 0)).toBe(32000);
    expect(reopenDelayMs(5, () => 0.999999)).toBe(48000);
  });
});

describe('refreshCatalog', () => {
  it('marks every catalogue query and the watch list stale, and leaves the rest alone', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.home, { recentMovies: [] });
    qc.setQueryData(queryKeys.movie('a'), { movie: { id: 'a' } });
    qc.setQueryData(queryKeys.watchlist, { items: [] });
    qc.setQueryData(queryKeys.me, { user: null });
    refreshCatalog(qc, true);
    for (const key of [queryKeys.home, queryKeys.movie('a'), queryKeys.watchlist]) expect(qc.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(qc.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
  });
});

describe('connectCatalogEvents without onPoll', () => {
  it('resyncs in place of polling', () => {
    vi.useFakeTimers();
    const sources: { onerror: ((ev: Event) => void) | null }[] = [];
    const onResync = vi.fn();
    const stop = connectCatalogEvents({
      create: () => {
        const s = { addEventListener: () => undefined, close: () => undefined, onopen: null, onerror: null };
        sources.push(s);
        return s;
      },
      onEvents: () => undefined,
      onResync,
      random: () => 0.5,
    });
    sources[0]!.onerror!(new Event('error'));
    vi.advanceTimersByTime(POLL_MS);
    expect(onResync).toHaveBeenCalledTimes(1);
    stop();
    vi.useRealTimers();
  });
});
