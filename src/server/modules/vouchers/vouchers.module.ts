/**
 * The vouchers module (docs/decisions/038-modules-declare-themselves.md, docs/decisions/042-vouchers.md): batches of
 * codes that agents sell for cash, each redeemed once for a pass credited by the billing module (ADR 019), with its
 * limits in the app's counter store (ADR 018) and its routes (vouchers.routes.ts).
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createRedeemLimits } from './redeem-limits.js';
import { sealer } from './voucher-codes.js';
import { createVouchersRepository } from './vouchers.repository.js';
import { vouchersRoutes } from './vouchers.routes.js';
import { createVouchersService } from './vouchers.service.js';

export const vouchersModule: ServerModule = {
  name: 'vouchers',
  services: [
    provide({
      provides: ['vouchers'],
      needs: ['billing'],
      build: ({ config, db, counters }, deps) => ({
        vouchers: createVouchersService({
          repo: createVouchersRepository(db.db),
          billing: deps.billing,
          sealer: sealer(config.sessionSecret),
          limits: createRedeemLimits(counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret }),
        }),
      }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(vouchersRoutes({ vouchers: services.vouchers }));
  },
};
