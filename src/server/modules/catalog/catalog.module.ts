/**
 * The catalogue module (docs/decisions/038-modules-declare-themselves.md): catalogue, series, groups, translators,
 * watch list and the change events (ADR 007; built together in browse-module.ts), their routes, and the demo seeder.
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createBrowseServices, registerBrowseRoutes } from './browse-module.js';
import { createDemoSeeder } from './demo-seed.js';

export const catalogModule: ServerModule = {
  name: 'catalog',
  services: [
    provide({
      provides: ['catalogCache', 'hub', 'catalog', 'browse', 'groups', 'translators', 'series', 'watchlist'],
      needs: [],
      build: ({ db, log, browse }) => createBrowseServices(db, log, browse),
    }),
    provide({ provides: ['demo'], needs: ['catalog', 'media'], build: ({ config }, deps) => ({ demo: createDemoSeeder({ catalog: deps.catalog, media: deps.media, ffmpegPath: config.ffmpegPath }) }) }),
  ],
  async routes({ app, config, db, services, browse }) {
    await registerBrowseRoutes(app, db, services, { eventStreams: { perAddress: config.eventsMaxPerAddress, total: config.eventsMaxTotal }, ...browse });
  },
};
