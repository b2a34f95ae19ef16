/**
 * One LISTEN per server process on `catalog_events` (DbHandle.listen), fanned out to subscribers: the SSE
 * streams of connected clients and the catalogue's read cache (ADR 007). Payloads that are not a
 * `catalogEvent` are ignored. `stop` unlistens; subscribers are kept so a restart of the hub needs no rewiring.
 */
import { catalogEvent, type CatalogEvent } from '../../../shared/contracts/browse.js';
import type { DbHandle } from '../../db/client.js';
import { CATALOG_CHANNEL } from './catalog-notify.js';

export type CatalogListener = (event: CatalogEvent) => void;

export interface EventHub {
  /** Starts listening (idempotent). */
  start(): Promise<void>;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: CatalogListener): () => void;
  /**
   * Adds a function called when the LISTEN connection came back after a drop (events in between are lost, so
   * caches must be cleared); returns the function that removes it.
   */
  onReconnect(fn: () => void): () => void;
  /** Delivers an event to the listeners of this process only (used by tests and by `start`'s listener). */
  publishLocal(event: CatalogEvent): void;
  /** Stops listening. */
  stop(): Promise<void>;
  readonly listeners: number;
}

/** A hub over `db.listen`; `log.warn` receives listener failures. */
export function createEventHub(db: Pick<DbHandle, 'listen'>, log: { warn(obj: object, msg: string): void }): EventHub {
  const listeners = new Set<CatalogListener>();
  const reconnectHooks = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  const publishLocal = (event: CatalogEvent) => {
    for (const l of [...listeners]) {
      try {
        l(event);
      } catch (err) {
        log.warn({ err }, 'catalog event listener failed');
      }
    }
  };
  return {
    start() {
      starting ??= db
        .listen(CATALOG_CHANNEL, (payload) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            return;
          }
          const e = catalogEvent.safeParse(parsed);
          if (e.success) publishLocal(e.data);
        }, () => {
          log.warn({}, 'catalog events: listening again after the database connection dropped');
          for (const fn of [...reconnectHooks]) fn();
        })
        .then((u) => {
          unlisten = u;
        });
      return starting;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReconnect(fn) {
      reconnectHooks.add(fn);
      return () => reconnectHooks.delete(fn);
    },
    publishLocal,
    async stop() {
      await starting?.catch(() => {});
      const u = unlisten;
      unlisten = null;
      starting = null;
      await u?.().catch(() => {});
    },
    get listeners() {
      return listeners.size;
    },
  };
}
