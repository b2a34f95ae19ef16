/**
 * The rights module (docs/decisions/038-modules-declare-themselves.md): rights holders and licences of titles
 * (docs/decisions/050-rights-and-licences.md). Its service is handed to playback and offline (the licence check at
 * every playback, download and check-in), to the admin create routes (the default record) and the admin reads.
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createViewingRepository } from '../viewing/viewing.repository.js';
import { createRightsRepository } from './rights.repository.js';
import { rightsRoutes } from './rights.routes.js';
import { createRightsService } from './rights.service.js';

export const rightsModule: ServerModule = {
  name: 'rights',
  services: [
    provide({
      provides: ['rights'],
      needs: ['storage'],
      build: ({ db }, deps) => {
        const viewing = createViewingRepository(db.db);
        return { rights: createRightsService({ repo: createRightsRepository(db.db), storage: deps.storage, itemOfVideo: (id) => viewing.itemOfVideo(id) }) };
      },
    }),
  ],
  async routes({ app, services }) {
    await app.register(rightsRoutes({ rights: services.rights }));
  },
};
