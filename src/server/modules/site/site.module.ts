/**
 * The site module (docs/decisions/038-modules-declare-themselves.md): site settings, plan prices among them
 * (ADR 022): a payment is created at the price in force and keeps it.
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createSiteRepository } from './site.repository.js';
import { siteRoutes } from './site.routes.js';
import { createSiteService } from './site.service.js';

export const siteModule: ServerModule = {
  name: 'site',
  services: [provide({ provides: ['site'], needs: [], build: ({ db, log }) => ({ site: createSiteService({ repo: createSiteRepository(db.db), db: db.db, listen: db.listen, log }) }) })],
  async routes({ app, services }) {
    await app.register(siteRoutes({ site: services.site }));
  },
};
