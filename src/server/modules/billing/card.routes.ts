/**
 * Card payment routes (docs/decisions/044-card-payments.md):
 * - POST /api/billing/card-checkouts        user       { plan | movieId, currency } → 201 { payment, checkoutUrl }
 * - GET  /api/billing/card-return           anonymous  ?payment=&status=&tx_ref=&transaction_id= → 303 to the page
 *   bought from with ?paid= (the processor sends the payer's browser here; only a trigger to read the payment back)
 * - POST /api/billing/callbacks/card        anonymous  Flutterwave's webhook: refused (400 invalid_signature) unless its `verif-hash`
 *   is the secret hash; then only a trigger to read the transaction back by id, answered at once
 * - GET|POST /api/billing/card-sandbox/:id  anonymous  the sandbox's hosted checkout (Pay, Decline, Cancel), only
 *   when cards run on the sandbox (the embedded default)
 * (The refund of a card payment is an admin route: admin-payments.routes.ts.)
 * No card number reaches these routes: the payer types it on the processor's page (PCI DSS SAQ A).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callbackResponse, cardCheckoutBody, cardCheckoutResponse } from '../../../shared/contracts/billing.js';
import { AppError } from '../../lib/app-error.js';
import { acceptFormPosts } from '../../plugins/form-posts.js';
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import { perUser } from './billing.routes.js';
import type { CardPaymentsService } from './card-payments.service.js';
import { sandboxCheckoutPage } from './card-sandbox-page.js';

const returnQuery = z.object({
  payment: z.uuid('Not a valid id'),
  transaction_id: z.string().regex(/^\d{1,20}$/).optional().catch(undefined),
});
const sandboxParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Not a checkout') });
const sandboxChoice = z.object({ outcome: z.enum(['successful', 'failed', 'cancelled']) });

export function cardRoutes(deps: { cardPayments: CardPaymentsService; card: PaymentProviders['card'] }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/billing/card-checkouts', {
      config: { access: 'user', rateLimit: perUser('card', 5) },
      schema: { body: cardCheckoutBody, response: { 201: cardCheckoutResponse } },
    }, async (req, reply) => reply.status(201).send(await deps.cardPayments.createCardCheckout(await req.requireUser(), req.body)));

    r.get('/api/billing/card-return', {
      config: { access: 'anonymous', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { querystring: returnQuery },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await deps.cardPayments.cardReturn(req.query.payment, req.query.transaction_id), 303);
    });

    // The webhook's body is kept as text (at most 16 KB, as the other callbacks): it is read only after its
    // verif-hash passed, so a hostile body costs no JSON parsing, and no nesting reaches a serializer.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
      hook.withTypeProvider<ZodTypeProvider>().post('/api/billing/callbacks/card', {
        bodyLimit: 16 * 1024,
        config: { access: 'anonymous', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { response: { 200: callbackResponse } },
      }, async (req) => {
        const hint = deps.card?.client.checkWebhook(req.headers, typeof req.body === 'string' ? req.body : '');
        if (!hint) {
          req.log.warn({ provider: 'card' }, 'card webhook refused: missing or wrong verif-hash');
          throw new AppError(400, 'invalid_signature', 'Webhook signature missing or wrong.');
        }
        req.log.info({ provider: 'card', event: hint.event, transactionId: hint.transactionId }, 'card webhook received');
        deps.cardPayments.webhookLater(hint);
        return { received: true as const };
      });
    });

    const sandbox = deps.card?.sandbox;
    if (!sandbox) return;
    await app.register(async (scope) => {
      acceptFormPosts(scope);
      const s = scope.withTypeProvider<ZodTypeProvider>();
      s.get('/api/billing/card-sandbox/:id', { config: { access: 'anonymous' }, schema: { params: sandboxParams } }, async (req, reply) => {
        const c = sandbox.checkout(req.params.id);
        if (!c) throw new AppError(404, 'not_found', 'No such checkout');
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(sandboxCheckoutPage(req.params.id, c));
      });
      s.post('/api/billing/card-sandbox/:id', {
        config: { access: 'anonymous', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { params: sandboxParams, body: sandboxChoice },
      }, async (req, reply) => {
        if (!sandbox.checkout(req.params.id)?.open) throw new AppError(409, 'conflict', 'This checkout is closed.');
        return reply.redirect(sandbox.complete(req.params.id, req.body.outcome), 303);
      });
    });
  };
}
