/**
 * The admin module (docs/decisions/038-modules-declare-themselves.md): the admin panel's services and routes (ADR 010),
 * and translators as admins manage them with their accounts (translator-accounts.service.ts; ADR 047).
 */
import { provide, type ServerModule } from '../module-kit.js';
import { adminRoutes, createAdminServices } from './admin-module.js';
import { createTranslatorAccountsService } from './translator-accounts.service.js';
import { translatorAdminRoutes } from './translators-admin.routes.js';

export const adminModule: ServerModule = {
  name: 'admin',
  services: [
    provide({
      provides: ['admin'],
      needs: ['catalog', 'series', 'groups', 'catalogCache', 'storage'],
      build: ({ db }, deps) => ({ admin: createAdminServices(db.db, { catalog: deps.catalog, series: deps.series, groups: deps.groups, catalogCache: deps.catalogCache }, { storage: deps.storage }) }),
    }),
    provide({
      provides: ['translatorAdmin'],
      needs: ['translators', 'accounts', 'accountsRepo', 'recovery'],
      build: ({ log }, deps) => ({
        translatorAdmin: createTranslatorAccountsService({ translators: deps.translators, accounts: deps.accounts, accountsRepo: deps.accountsRepo, invite: (id, lang) => deps.recovery.inviteToSetPassword(id, lang), log }),
      }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(adminRoutes({ ...services.admin, delivery: services.delivery, rights: services.rights }));
    await app.register(translatorAdminRoutes({ translatorAdmin: services.translatorAdmin }));
  },
};
