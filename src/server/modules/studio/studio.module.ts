/**
 * The studio module (docs/decisions/038-modules-declare-themselves.md): a translator's own figures at /studio
 * (docs/decisions/047-translators-as-people.md; the minutes-watched ledger, ADR 049).
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createStudioRepository } from './studio.repository.js';
import { studioRoutes } from './studio.routes.js';
import { createStudioService } from './studio.service.js';

export const studioModule: ServerModule = {
  name: 'studio',
  services: [provide({ provides: ['studio'], needs: [], build: ({ db }) => ({ studio: createStudioService({ repo: createStudioRepository(db.db) }) }) })],
  async routes({ app, services }) {
    await app.register(studioRoutes({ studio: services.studio }));
  },
};
