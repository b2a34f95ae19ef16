/** The admin module (docs/decisions/038-modules-declare-themselves.md): the admin panel's services and routes (ADR 010). */
import { provide, type ServerModule } from '../module-kit.js';
import { adminRoutes, createAdminServices } from './admin-module.js';

export const adminModule: ServerModule = {
  name: 'admin',
  services: [
    provide({
      provides: ['admin'],
      needs: ['catalog', 'series', 'groups', 'catalogCache', 'storage'],
      build: ({ db }, deps) => ({ admin: createAdminServices(db.db, { catalog: deps.catalog, series: deps.series, groups: deps.groups, catalogCache: deps.catalogCache }, { storage: deps.storage }) }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(adminRoutes({ ...services.admin, delivery: services.delivery }));
  },
};
