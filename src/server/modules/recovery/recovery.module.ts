/**
 * The recovery module (docs/decisions/038-modules-declare-themselves.md): account recovery (ADR 021), its mail and
 * SMS senders (the outbox table by default) and password resets.
 */
import { createMessaging } from '../../providers/messaging/create-messaging.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createRecoveryRepository } from './recovery.repository.js';
import { recoveryRoutes } from './recovery.routes.js';
import { createRecoveryService } from './recovery.service.js';

export const recoveryModule: ServerModule = {
  name: 'recovery',
  services: [
    provide({
      provides: ['messaging', 'outbox', 'recovery'],
      needs: ['auth'],
      build: ({ config, db, log, counters }, deps) => {
        const messaging = createMessaging(config.messaging, db.db, log);
        const auth = deps.auth;
        const recovery = createRecoveryService({
          repo: createRecoveryRepository(db.db),
          mail: messaging.mail,
          sms: messaging.sms,
          log,
          publicUrl: config.publicUrl,
          store: counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret },
          hashPassword: async (password) => (await auth.$context).password.hash(password),
        });
        return { messaging, outbox: messaging.outbox, recovery };
      },
    }),
  ],
  async routes({ app, services }) {
    await app.register(recoveryRoutes({ recovery: services.recovery, outbox: services.outbox, profile: services.accounts.profile }));
  },
};
