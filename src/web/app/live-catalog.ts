import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CatalogEvent, CatalogItem } from '../../shared/contracts/browse';
import { queryKeys } from '../lib/query-keys';

/** Reconnect delays after a lost connection (docs/product/viewer.md §9), the last one repeating. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** Events arriving together (an admin's bulk import) refresh each list once. */
export const BATCH_MS = 250;
/**
 * While the stream cannot be opened (the server refused it: 429 past the per-address bound, 503 when full, both with
 * `Retry-After: 60`; or the network fails), the lists are refreshed this often instead (ms).
 */
export const POLL_MS = 60_000;
/** The longest wait between attempts to open the stream again while polling (ms). */
export const MAX_REOPEN_DELAY_MS = 5 * 60_000;

/**
 * The wait before attempt `failures + 1` to open the stream (ms): the 1, 2, 5, 10 s steps of docs/product/viewer.md §9, then, for a stream
 * that keeps failing to open, doubling from 10 s up to MAX_REOPEN_DELAY_MS, so a full server is not asked every 10 s
 * by every tab. Beyond the spec's steps the wait is spread by ±20 % (`random` in [0, 1)) so that tabs refused at
 * the same moment do not come back together.
 */
export function reopenDelayMs(failures: number, random: () => number = Math.random): number {
  if (failures < RECONNECT_DELAYS_MS.length) return RECONNECT_DELAYS_MS[failures]!;
  const base = Math.min(MAX_REOPEN_DELAY_MS, RECONNECT_DELAYS_MS.at(-1)! * 2 ** (failures - RECONNECT_DELAYS_MS.length + 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function isCatalogEvent(v: unknown): v is CatalogEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return ['movie', 'series', 'group'].includes(e.entity as string) && ['insert', 'update', 'delete'].includes(e.op as string) && typeof e.id === 'string';
}

const gone = (e: CatalogEvent) => (item: CatalogItem) =>
  e.entity === 'group' ? item.groupId === e.id : e.entity === 'series' ? item.kind === 'series' && item.id === e.id : item.kind !== 'series' && item.id === e.id;

/** Takes a deleted title out of any cached list shape (home rows, catalogue page, translator page, watch list). */
export function withoutItem(data: unknown, e: CatalogEvent): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const drop = gone(e);
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  let changed = false;
  for (const [k, v] of Object.entries(out)) {
    if (!Array.isArray(v)) continue;
    const kept = v.filter((x) => {
      const item = (x && typeof x === 'object' && 'item' in x ? (x as { item: CatalogItem }).item : x) as CatalogItem;
      return !(item && typeof item === 'object' && 'kind' in item && drop(item));
    });
    if (kept.length !== v.length) {
      out[k] = kept;
      changed = true;
      if (k === 'items' && typeof out.total === 'number') out.total = Math.max(0, out.total - (v.length - kept.length));
    }
  }
  return changed ? out : data;
}

/**
 * Brings the caches up to date with what changed on the server (docs/product/viewer.md §4, "Movie lists update live"):
 * an insert refreshes the lists (the new title comes back at the top of the newest-first ones); an update refreshes
 * the title and the lists; a delete takes it out of the lists at once, then refreshes them. Only lists on screen
 * are fetched again; the others are marked stale and refresh when next shown.
 */
export function applyCatalogEvents(qc: QueryClient, events: CatalogEvent[]): void {
  if (events.length === 0) return;
  let touchesSaved = false;
  for (const e of events) {
    if (e.op === 'delete') {
      qc.setQueriesData({ queryKey: queryKeys.catalogLists }, (d: unknown) => withoutItem(d, e));
      qc.setQueriesData({ queryKey: queryKeys.watchlist }, (d: unknown) => withoutItem(d, e));
    }
    if (e.op !== 'insert') {
      touchesSaved = true;
      if (e.entity === 'movie') void qc.invalidateQueries({ queryKey: queryKeys.movie(e.id) });
      else if (e.entity === 'series') void qc.invalidateQueries({ queryKey: queryKeys.series(e.id) });
      // A group's parts are movies of their own ids: their pages list the group's parts.
      else void qc.invalidateQueries({ queryKey: ['catalog', 'movie'] });
    }
  }
  void qc.invalidateQueries({ queryKey: queryKeys.catalogLists });
  if (touchesSaved) void qc.invalidateQueries({ queryKey: queryKeys.watchlist });
}

export interface EventSourceLike {
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

/**
 * Listens to GET /api/events and hands over `catalog` events in batches. The browser's own retry is replaced by
 * the spec's 1, 2, 5, 10 s steps (reopenDelayMs); after a reconnect `onResync` runs, since events may have been
 * missed meanwhile. A stream that fails to open (refused with 429 or 503, which EventSource reports as an error
 * with readyState CLOSED, or unreachable) is not waited on: `onPoll` runs every POLL_MS until a stream opens again,
 * and the attempts to open it back off (reopenDelayMs). Returns the function that stops listening and polling.
 */
export function connectCatalogEvents(opts: {
  url?: string;
  onEvents: (events: CatalogEvent[]) => void;
  onResync: () => void;
  /**
   * Refreshes what the stream would have announced; called every POLL_MS while no stream is open after a failed
   * opening. Default: `onResync`.
   */
  onPoll?: () => void;
  create?: (url: string) => EventSourceLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}): () => void {
  const url = opts.url ?? '/api/events';
  const onPoll = opts.onPoll ?? opts.onResync;
  const create = opts.create ?? ((u: string) => new EventSource(u) as unknown as EventSourceLike);
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let failures = 0;
  let stopped = false;
  let retryTimer: unknown = null;
  let batchTimer: unknown = null;
  let pollTimer: unknown = null;
  let pending: CatalogEvent[] = [];

  const flush = () => {
    batchTimer = null;
    const events = pending;
    pending = [];
    opts.onEvents(events);
  };
  const poll = () => {
    pollTimer = setTimer(poll, POLL_MS);
    onPoll();
  };
  const stopPolling = () => {
    if (pollTimer !== null) clearTimer(pollTimer);
    pollTimer = null;
  };
  const open = () => {
    retryTimer = null;
    if (stopped) return;
    const s = create(url);
    source = s;
    let opened = false;
    s.onopen = () => {
      opened = true;
      stopPolling();
      if (failures > 0) opts.onResync();
      failures = 0;
    };
    s.onerror = () => {
      s.close();
      if (stopped || source !== s) return;
      source = null;
      // Not opened at all: refused or unreachable. The lists are polled until a stream opens again.
      if (!opened && pollTimer === null) pollTimer = setTimer(poll, POLL_MS);
      retryTimer = setTimer(open, reopenDelayMs(failures, opts.random));
      failures += 1;
    };
    s.addEventListener('catalog', (ev) => {
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (!isCatalogEvent(data)) return;
      pending.push(data);
      batchTimer ??= setTimer(flush, BATCH_MS);
    });
  };
  open();
  return () => {
    stopped = true;
    source?.close();
    source = null;
    if (retryTimer !== null) clearTimer(retryTimer);
    if (batchTimer !== null) clearTimer(batchTimer);
    stopPolling();
  };
}

/**
 * What polling refreshes in place of the stream: every catalogue query (lists and titles) and the watch list, as
 * the events would (applyCatalogEvents). Queries on screen are fetched again; in a hidden tab they are only marked
 * stale, so a phone in a pocket spends no data.
 */
export function refreshCatalog(qc: QueryClient, hidden: boolean): void {
  const refetchType = hidden ? 'none' : 'active';
  void qc.invalidateQueries({ queryKey: queryKeys.catalog, refetchType });
  void qc.invalidateQueries({ queryKey: queryKeys.watchlist, refetchType });
}

/** Keeps every catalogue list in this tab live while the app is open (mounted once, in the app layer). */
export function useLiveCatalog(): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectCatalogEvents({
      onEvents: (events) => applyCatalogEvents(qc, events),
      onResync: () => void qc.invalidateQueries({ queryKey: queryKeys.catalogLists }),
      onPoll: () => refreshCatalog(qc, document.visibilityState === 'hidden'),
    });
  }, [qc]);
}
