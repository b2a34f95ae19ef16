/** The offline module (docs/decisions/038-modules-declare-themselves.md): downloads inside the app, a key per download (ADR 027). */
import { provide, type ServerModule } from '../module-kit.js';
import { createOfflineRepository } from './offline.repository.js';
import { offlineRoutes } from './offline.routes.js';
import { createOfflineService } from './offline.service.js';

export const offlineModule: ServerModule = {
  name: 'offline',
  services: [
    provide({
      provides: ['offline'],
      needs: ['playbackRepo', 'billingRepo', 'rights', 'storage', 'minutes'],
      build: ({ db, config }, deps) => ({
        offline: createOfflineService({ repo: createOfflineRepository(db.db), playback: deps.playbackRepo, billing: deps.billingRepo, rights: deps.rights, storage: deps.storage, minutes: config.minutesLedger ? deps.minutes : undefined }),
      }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(offlineRoutes({ offline: services.offline, storage: services.storage }));
  },
};
