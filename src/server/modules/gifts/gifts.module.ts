/**
 * The gifts module (docs/decisions/038-modules-declare-themselves.md, docs/decisions/046-gifts.md): passes bought for
 * someone else. `giftHooks` is what billing calls when such a payment is written and when it succeeds (it needs
 * only the messaging senders, so billing can need it); `gifts` claims codes through billing and serves the giver.
 */
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createRedeemLimits } from '../vouchers/redeem-limits.js';
import { sealer } from '../vouchers/voucher-codes.js';
import { createGiftDelivery, GIFT_SEAL_INFO } from './gift-delivery.js';
import { createGiftsRepository } from './gifts.repository.js';
import { giftsRoutes } from './gifts.routes.js';
import { createGiftsService } from './gifts.service.js';

export const giftsModule: ServerModule = {
  name: 'gifts',
  services: [
    provide({
      provides: ['giftDelivery'],
      needs: ['messaging'],
      build: ({ config, db, log, counters }, deps) => ({
        giftDelivery: createGiftDelivery({
          repo: createGiftsRepository(db.db),
          sealer: sealer(config.sessionSecret, GIFT_SEAL_INFO),
          mail: deps.messaging.mail,
          sms: deps.messaging.sms,
          log,
          publicUrl: config.publicUrl,
          store: counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret },
        }),
      }),
    }),
    provide({
      provides: ['gifts'],
      needs: ['billing', 'giftDelivery'],
      build: ({ config, db, counters }, deps) => ({
        gifts: createGiftsService({
          repo: createGiftsRepository(db.db),
          billing: deps.billing,
          delivery: deps.giftDelivery,
          limits: createRedeemLimits(counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret }, VOUCHER_LIMITS, 'gift'),
        }),
      }),
    }),
  ],
  async routes({ app, config, services }) {
    await app.register(giftsRoutes({ gifts: services.gifts, accounts: services.accounts, registration: services.registration, authRateLimitPerMinute: config.authRateLimitPerMinute }));
  },
};
