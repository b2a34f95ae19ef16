/**
 * The viewing module (docs/decisions/038-modules-declare-themselves.md): the minutes-watched ledger (ADR 049). Its
 * service is handed to playback (heartbeats) and offline (check-ins) unless MINUTES_LEDGER is off.
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createViewingRepository } from './viewing.repository.js';
import { viewingRoutes } from './viewing.routes.js';
import { createViewingService } from './viewing.service.js';

export const viewingModule: ServerModule = {
  name: 'viewing',
  services: [provide({ provides: ['minutes'], needs: [], build: ({ db }) => ({ minutes: createViewingService({ repo: createViewingRepository(db.db) }) }) })],
  async routes({ app, services }) {
    await app.register(viewingRoutes({ minutes: services.minutes }));
  },
};
