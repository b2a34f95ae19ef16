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
import { createRegistrationGuard } from './registration-guard.js';

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
    // Registration with a taken email: a per-address limit and a mail to the owner (ADR 033).
    provide({
      provides: ['registration'],
      needs: ['accountsRepo', 'messaging'],
      build: ({ config, log, counters }, { accountsRepo, messaging }) => ({
        registration: createRegistrationGuard({
          store: counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret },
          mail: messaging.mail,
          log,
          publicUrl: config.publicUrl,
          ownerOf: (email) => accountsRepo.findUserByEmail(email),
        }),
      }),
    }),
  ],
  async routes({ app, config, services, counters }) {
    await app.register(
      accountsRoutes({
        accounts: services.accounts,
        billing: services.billingRepo,
        authRateLimitPerMinute: config.authRateLimitPerMinute,
        signInLimits: createSignInLimits({ store: counters, cookies: createDeviceCookies(config.sessionSecret, config.publicUrl.startsWith('https:')), lockout: config.signInLockout }),
        registration: services.registration,
      }),
    );
  },
};
