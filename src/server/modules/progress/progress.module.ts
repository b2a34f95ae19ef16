/** The progress module (docs/decisions/038-modules-declare-themselves.md): where each viewer stopped, and resuming. */
import { provide, type ServerModule } from '../module-kit.js';
import { createProgressRepository } from './progress.repository.js';
import { progressRoutes } from './progress.routes.js';
import { createProgressService } from './progress.service.js';

export const progressModule: ServerModule = {
  name: 'progress',
  services: [provide({ provides: ['progress'], needs: ['playbackRepo'], build: ({ db }, deps) => ({ progress: createProgressService({ repo: createProgressRepository(db.db), playback: deps.playbackRepo }) }) })],
  async routes({ app, services }) {
    await app.register(progressRoutes({ progress: services.progress }));
  },
};
