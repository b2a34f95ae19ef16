/**
 * Gift routes (docs/decisions/046-gifts.md; contracts in src/shared/contracts/gifts.ts): thin — schema in, one
 * service call, schema out. Buying a gift is a payment (billing's routes, with `gift` in the body); here a signed-in
 * viewer claims a code, a signed-out visitor claims one with a new account (the accounts module's registration:
 * its rules, its taken-email guard of ADR 033, and a session cookie), and a giver lists their gifts and sends one
 * again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { claimGiftBody, claimGiftResponse, claimWithAccountBody, claimWithAccountResponse, giftResponse, giftsResponse } from '../../../shared/contracts/gifts.js';
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { AppError } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-address.js';
import { toHeaders } from '../../plugins/auth.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { RegistrationGuard } from '../accounts/registration-guard.js';
import { requestLanguage } from '../recovery/recovery-texts.js';
import type { GiftsService } from './gifts.service.js';

const noStore = { 'cache-control': 'no-store' };

export function giftsRoutes(deps: { gifts: GiftsService; accounts: AccountsService; registration: RegistrationGuard; authRateLimitPerMinute: number }) {
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

    // Signed out: the account is made and signed in only once the code is known to be claimable (gifts.service.ts
    // `claimWithNewAccount`). The registration's per-address limit and the claim's per-account one, whichever is
    // lower, on the route; the registration guard and the claim limits inside.
    r.post('/api/gifts/claim-with-account', {
      config: {
        access: 'anonymous',
        rateLimit: {
          max: Math.min(deps.authRateLimitPerMinute, VOUCHER_LIMITS.attemptsPerAccountPerMinute),
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `gift-new:${clientKey(req.ip)}`,
        },
      },
      schema: { body: claimWithAccountBody, response: { 201: claimWithAccountResponse } },
    }, async (req, reply) => {
      const { code, fullName, email, password } = req.body;
      let user: SessionUser | null = null;
      const { claimed } = await deps.gifts.claimWithNewAccount(clientKey(req.ip), code, {
        before: () => deps.registration.check(req.ip),
        createAccount: async (giftPhone) => {
          // A taken email: registration's own answer, limit and mail to the owner (ADR 033); the visitor signs in.
          const made = await deps.accounts.registerAndSignIn({ fullName, email, password, phone: giftPhone ?? undefined }, toHeaders(req)).catch(async (err: unknown) => {
            if (err instanceof AppError && err.code === 'email_taken') await deps.registration.taken(req.ip, email, requestLanguage(req.headers.cookie, req.headers['accept-language']));
            throw err;
          });
          // Set now, so that a claim lost to a race still leaves the new account signed in.
          reply.header('set-cookie', made.setCookie);
          user = made.user;
          return made.user.id;
        },
      });
      return reply.status(201).headers(noStore).send({ user: user!, claimed });
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
