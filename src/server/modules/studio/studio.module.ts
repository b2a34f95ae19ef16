/**
 * The studio module (docs/decisions/038-modules-declare-themselves.md): a translator's own figures at /studio
 * (docs/decisions/047-translators-as-people.md; the minutes-watched ledger, ADR 049), and their own closed statements
 * and payouts (ADR 051, ADR 052).
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createHolderMoneyRepository, createStudioRepository } from './studio.repository.js';
import { studioRoutes } from './studio.routes.js';
import { createStudioService } from './studio.service.js';

export const studioModule: ServerModule = {
  name: 'studio',
  services: [
    provide({
      provides: ['studio'],
      needs: ['statements'],
      build: ({ db }, deps) => ({ studio: createStudioService({ repo: createStudioRepository(db.db), money: createHolderMoneyRepository(db.db), statements: deps.statements }) }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(studioRoutes({ studio: services.studio }));
  },
};
