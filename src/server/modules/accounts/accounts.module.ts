/**
 * The accounts module (docs/decisions/038-modules-declare-themselves.md): Better Auth, profiles and the sign-in
 * routes with their limits per account and trusted device (ADR 018).
 */
import { createAuth } from '../../plugins/auth.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';
import { createDeviceCookies } from './device-cookie.js';
import { createSignInLimits } from './sign-in-limits.js';

export const accountsModule: ServerModule = {
  name: 'accounts',
  services: [
    provide({
      provides: ['auth', 'accountsRepo', 'accounts'],
      needs: [],
      build: ({ config, db }) => {
        const accountsRepo = createAccountsRepository(db.db);
        const auth = createAuth(db.db, { secret: config.sessionSecret, publicUrl: config.publicUrl });
        return { auth, accountsRepo, accounts: createAccountsService({ auth, accounts: accountsRepo }) };
      },
    }),
  ],
  async routes({ app, config, services, counters }) {
    await app.register(
      accountsRoutes({
        accounts: services.accounts,
        billing: services.billingRepo,
        authRateLimitPerMinute: config.authRateLimitPerMinute,
        signInLimits: createSignInLimits({ store: counters, cookies: createDeviceCookies(config.sessionSecret, config.publicUrl.startsWith('https:')), lockout: config.signInLockout }),
      }),
    );
  },
};
