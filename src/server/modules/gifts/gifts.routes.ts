/**
 * Gift routes (docs/decisions/046-gifts.md; contracts in src/shared/contracts/gifts.ts): thin — schema in, one
 * service call, schema out. Buying a gift is a payment (billing's routes, with `gift` in the body); here a signed-in
 * viewer claims a code, and a giver lists their gifts and sends one again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import { claimGiftBody, claimGiftResponse, giftResponse, giftsResponse } from '../../../shared/contracts/gifts.js';
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { clientKey } from '../../lib/client-address.js';
import type { GiftsService } from './gifts.service.js';

const noStore = { 'cache-control': 'no-store' };

export function giftsRoutes(deps: { gifts: GiftsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/gifts/claim', {
      config: {
        access: 'user',
        // The voucher redemption's per-account window (ADR 042), counted apart.
        rateLimit: {
          max: VOUCHER_LIMITS.attemptsPerAccountPerMinute,
          timeWindow: '1 minute',
          keyGenerator: async (req: FastifyRequest) => `gift:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
        },
      },
      schema: { body: claimGiftBody, response: { 200: claimGiftResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      return reply.headers(noStore).send({ claimed: await deps.gifts.claim(user.id, clientKey(req.ip), req.body.code) });
    });

    r.get('/api/gifts', {
      config: { access: 'user' },
      schema: { response: { 200: giftsResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      return reply.headers(noStore).send({ gifts: await deps.gifts.mine(user.id) });
    });

    r.post('/api/gifts/:id/resend', {
      config: { access: 'user' },
      schema: { params: idParams, response: { 200: giftResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      return reply.headers(noStore).send({ gift: await deps.gifts.resend(user.id, req.params.id) });
    });
  };
}
