/** The contact module (docs/decisions/038-modules-declare-themselves.md): contact messages, client errors, preferences. */
import { provide, type ServerModule } from '../module-kit.js';
import { createContactRepository } from './contact.repository.js';
import { contactRoutes } from './contact.routes.js';
import { createContactService } from './contact.service.js';

export const contactModule: ServerModule = {
  name: 'contact',
  services: [provide({ provides: ['contact'], needs: [], build: ({ db }) => ({ contact: createContactService({ repo: createContactRepository(db.db) }) }) })],
  async routes({ app, services }) {
    await app.register(contactRoutes({ contact: services.contact }));
  },
};
