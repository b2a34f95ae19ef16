/**
 * The catalogue module (docs/decisions/038-modules-declare-themselves.md): catalogue, series, groups, translators,
 * watch list and the change events (ADR 007; built together in browse-module.ts), their routes, the demo seeder, and
 * the upkeep of the display items' statistics (jobs/catalog.jobs.ts, worked by workers; ADR 036).
 */
import { z } from 'zod';
import { CATALOG_STATISTICS_QUEUE, registerCatalogJobs } from '../../jobs/catalog.jobs.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createBrowseServices, registerBrowseRoutes } from './browse-module.js';
import { vacuumItemsIfStale } from './catalog-items.repository.js';
import { createDemoSeeder } from './demo-seed.js';

export const catalogModule: ServerModule = {
  name: 'catalog',
  services: [
    provide({
      provides: ['catalogCache', 'hub', 'catalog', 'browse', 'groups', 'translators', 'series', 'watchlist'],
      needs: [],
      build: ({ db, log, browse }) => createBrowseServices(db, log, browse),
    }),
    provide({
      provides: ['catalogStatistics'],
      needs: [],
      build: ({ db }) => ({ catalogStatistics: { refreshIfStale: () => vacuumItemsIfStale(db.db) } }),
    }),
    provide({ provides: ['demo'], needs: ['catalog', 'media'], build: ({ config }, deps) => ({ demo: createDemoSeeder({ catalog: deps.catalog, media: deps.media, ffmpegPath: config.ffmpegPath }) }) }),
  ],
  async routes({ app, config, db, services, browse }) {
    await registerBrowseRoutes(app, db, services, { eventStreams: { perAddress: config.eventsMaxPerAddress, total: config.eventsMaxTotal }, ...browse });
  },
  jobs: [
    {
      queues: [{ name: CATALOG_STATISTICS_QUEUE, payload: z.object({}), retry: { limit: 0 } }],
      role: 'worker',
      needs: ['catalogStatistics'],
      start: ({ boss, services, log }) => registerCatalogJobs(boss, services.catalogStatistics.refreshIfStale, log),
    },
  ],
};
