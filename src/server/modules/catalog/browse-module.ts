/**
 * Composition of the browsing side (ADR 007), so app.ts stays short: the read cache, the LISTEN hub, and the
 * repositories, services and routes of browsing (catalog), series, the watch list (library) and live events.
 * `createBrowseServices` is called by createServices; `registerBrowseRoutes` by buildApp, which it also
 * prepares: movies written before the derived columns existed are derived (on PGlite, which has no autovacuum,
 * the display items are vacuumed instead when there is nothing to derive), the hub starts listening (it clears
 * the read cache on every catalogue change, from any instance), and closing the app stops it.
 */
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.js';
import { createEventHub } from '../events/event-hub.js';
import { eventsRoutes } from '../events/events.routes.js';
import type { StreamSlotLimits } from '../events/stream-slots.js';
import { createWatchlistRepository } from '../library/watchlist.repository.js';
import { watchlistRoutes } from '../library/watchlist.routes.js';
import { createWatchlistService } from '../library/watchlist.service.js';
import { createSeriesRepository } from '../series/series.repository.js';
import { seriesRoutes } from '../series/series.routes.js';
import { createSeriesService } from '../series/series.service.js';
import { createBrowseRepository } from './browse.repository.js';
import { createBrowseService } from './browse.service.js';
import { createCatalogPageRepository } from './catalog-page.repository.js';
import { deriveMissing, vacuumItems, vacuumItemsIfStale } from './catalog-items.repository.js';
import { createCatalogRepository } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';

/** What the catalogue routes use of the rights service (the admin read's licence, the create route's rights; ADR 050). */
type CatalogRoutesRights = NonNullable<Parameters<typeof catalogRoutes>[0]['rights']>;
import { createCatalogService } from './catalog.service.js';
import { createGroupsRepository } from './groups.repository.js';
import { createGroupsService } from './groups.service.js';
import { createReadCache, type ReadCache } from './read-cache.js';

/** How long a list total or a tab's chips are kept at most (every catalogue change clears them sooner). */
const COUNTS_TTL_MS = 30_000;
import { createTranslatorsRepository } from './translators.repository.js';
import { createTranslatorsService } from './translators.service.js';

export interface BrowseOptions {
  /** Read-cache time-to-live in ms (default 30 s; 0 turns the cache off, e.g. to measure the database). */
  catalogCacheTtlMs?: number;
  /** SSE heartbeat period in ms (default 25 s, docs/product/viewer.md §9). */
  heartbeatMs?: number;
  /** Bounds on live event streams (EVENTS_MAX_PER_ADDRESS, EVENTS_MAX_TOTAL; events/stream-slots.ts). */
  eventStreams?: StreamSlotLimits;
  /** The clock of the NEW badge (tests). */
  clock?: () => Date;
}

/** Builds the services on one database: read cache, LISTEN hub, catalogue, browsing, groups, translators, series, watch list. */
export function createBrowseServices(db: DbHandle, log: { warn(obj: object, msg: string): void }, opts: BrowseOptions = {}) {
  // List totals and category chips (ADR 036): cleared with the read cache, but kept when the read cache is off.
  const counts = createReadCache({ ttlMs: COUNTS_TTL_MS, maxEntries: 500 });
  const pagesCache = createReadCache({ ttlMs: opts.catalogCacheTtlMs });
  const catalogCache: ReadCache = {
    get: (key, load) => pagesCache.get(key, load),
    clear() {
      pagesCache.clear();
      counts.clear();
    },
    get size() {
      return pagesCache.size;
    },
  };
  const hub = createEventHub(db, log);
  hub.subscribe(() => catalogCache.clear());
  hub.onReconnect(() => catalogCache.clear());
  const translatorsRepo = createTranslatorsRepository(db.db);
  const browse = createBrowseService({ browse: createBrowseRepository(db.db), pages: createCatalogPageRepository(db), translators: translatorsRepo, cache: catalogCache, counts, clock: opts.clock, db: db.db });
  return {
    catalogCache,
    hub,
    catalog: createCatalogService({ repo: createCatalogRepository(db.db), cache: catalogCache }),
    browse,
    groups: createGroupsService({ repo: createGroupsRepository(db.db), cache: catalogCache }),
    translators: createTranslatorsService({ repo: translatorsRepo, cache: catalogCache }),
    series: createSeriesService({ repo: createSeriesRepository(db.db), cache: catalogCache }),
    watchlist: createWatchlistService({ repo: createWatchlistRepository(db.db), browse }),
  };
}
export type BrowseServices = ReturnType<typeof createBrowseServices>;

/** Derives legacy movies, starts the hub (stopped on app close) and registers the catalogue, series, watch-list and events routes. */
export async function registerBrowseRoutes(app: FastifyInstance, db: DbHandle, s: BrowseServices & { rights?: CatalogRoutesRights }, opts: BrowseOptions = {}): Promise<void> {
  const derived = await deriveMissing(db.db);
  if (derived) app.log.info({ movies: derived }, 'derived the part columns and display items of existing movies');
  // PGlite has no autovacuum: tidy the display items once per start (milliseconds for a catalogue of 10,000).
  else if (db.kind === 'pglite') await vacuumItems(db.db);
  // PostgreSQL's autovacuum may be off (ADR 036): refresh the display items' statistics when they are stale.
  else await vacuumItemsIfStale(db.db);
  await s.hub.start();
  app.addHook('onClose', async () => s.hub.stop());
  await app.register(catalogRoutes({ catalog: s.catalog, browse: s.browse, rights: s.rights }));
  await app.register(seriesRoutes({ series: s.series }));
  await app.register(watchlistRoutes({ watchlist: s.watchlist }));
  await app.register(eventsRoutes({ hub: s.hub, heartbeatMs: opts.heartbeatMs, limits: opts.eventStreams }));
}
