/**
 * Plans, payments, billing history, receipts, provider callbacks and title prices (ADR 004, 008, 011).
 * Every viewer route reads only the caller's own payments and is rate limited per user; the
 * callbacks are open by nature, rate limited per address, answered at once, and only trigger a status query.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingHistoryResponse,
  callbackParams,
  callbackProviderParams,
  callbackResponse,
  createPaymentBody,
  paymentDetailResponse,
  plansResponse,
  receiptResponse,
  setTitlePriceBody,
  titlePriceResponse,
} from '../../../shared/contracts/billing.js';
import { idParams } from '../../../shared/contracts/catalog.js';
import { DEFAULT_CURRENCY_PRICES, type OtherPriceCurrency, PLAN_IDS, PLANS, type PricedPlan, withCurrencyPrices } from '../../../shared/domain/plans.js';
import type { BillingService } from './billing.service.js';
import type { PaymentLimits } from './payment-limits.js';
import { clientKey } from '../../lib/client-address.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A per-user rate limit (falls back to the address for signed-out callers, whom the guard refuses anyway). */
export const perUser = (prefix: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: async (req: FastifyRequest) => `${prefix}:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
});

/** What a callback body may name: our payment id (MTN `externalId`) or our reference (Airtel `transaction.id`). */
function callbackHint(body: unknown): { paymentId?: string; reference?: string; status?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  const tx = (b.transaction && typeof b.transaction === 'object' ? b.transaction : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const paymentId = str(b.externalId);
  const reference = str(tx.id) ?? str(b.referenceId);
  const status = str(b.status) ?? str(tx.status_code);
  return {
    paymentId: paymentId && UUID.test(paymentId) ? paymentId : undefined,
    reference: reference && UUID.test(reference) ? reference : undefined,
    status: status && /^[A-Z_]{1,20}$/.test(status) ? status : undefined,
  };
}

export function billingRoutes(deps: {
  billing: BillingService;
  paymentLimits: PaymentLimits;
  /** The plans at the prices in force in every currency (site settings, ADR 022 and ADR 043); default the plan table's. */
  plans?: () => Promise<PricedPlan[]>;
  /** One title's price alone in each currency other than RWF (ADR 043); default DEFAULT_CURRENCY_PRICES'. */
  titlePrices?: () => Promise<Record<OtherPriceCurrency, number>>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/plans', { config: { access: 'anonymous' }, schema: { response: { 200: plansResponse } } }, async () => ({
      plans: deps.plans ? await deps.plans() : withCurrencyPrices(PLAN_IDS.map((id) => PLANS[id])),
      operators: deps.billing.operators(),
      titlePrices: deps.titlePrices ? await deps.titlePrices() : { UGX: DEFAULT_CURRENCY_PRICES.UGX.title, USD: DEFAULT_CURRENCY_PRICES.USD.title },
      card: deps.billing.cardsOffered(),
    }));

    r.post('/api/billing/payments', {
      config: { access: 'user', rateLimit: perUser('pay', 5) },
      schema: { body: createPaymentBody, response: { 202: paymentDetailResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      // At most so many prompts per account and per phone number, whatever the address (payment-limits.ts, ADR 018);
      // a number this account has paid from before counts per account only.
      const ownNumber = await deps.billing.hasPaidFrom(user.id, req.body.phone, req.body.country);
      await deps.paymentLimits.admit(user.id, req.body.phone, { ownNumber, country: req.body.country });
      return reply.status(202).send({ payment: await deps.billing.createPayment(user.id, req.body) });
    });

    r.get('/api/billing/payments/:id', {
      config: { access: 'user', rateLimit: perUser('poll', 120) },
      schema: { params: idParams, response: { 200: paymentDetailResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { payment: await deps.billing.getPayment((await req.requireUser()).id, req.params.id) };
    });

    r.get('/api/billing/payments/:id/receipt', {
      config: { access: 'user', rateLimit: perUser('receipt', 60) },
      schema: { params: idParams, response: { 200: receiptResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { receipt: await deps.billing.receipt(await req.requireUser(), req.params.id) };
    });

    r.get('/api/billing/history', {
      config: { access: 'user', rateLimit: perUser('history', 60) },
      schema: { response: { 200: billingHistoryResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.billing.history((await req.requireUser()).id);
    });

    r.put('/api/admin/movies/:id/price', {
      config: { access: 'admin' },
      schema: { params: idParams, body: setTitlePriceBody, response: { 200: titlePriceResponse } },
    }, async (req) => deps.billing.setTitlePrice(req.params.id, req.body.priceRwf));

    // Provider callbacks: any body (JSON or not, at most 16 KB), never trusted; 200 at once.
    await app.register(async (cb) => {
      cb.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
      const c = cb.withTypeProvider<ZodTypeProvider>();
      const rateLimit = { max: 120, timeWindow: '1 minute' };
      const answer = { 200: callbackResponse };
      const log = (req: FastifyRequest, provider: string, paymentId: string | undefined, hint: string | undefined) =>
        req.log.info({ provider, paymentId, hint }, 'payment callback received');

      c.route({
        method: ['PUT', 'POST'],
        url: '/api/billing/callbacks/:provider/:paymentId',
        bodyLimit: 16 * 1024,
        config: { access: 'anonymous', rateLimit },
        schema: { params: callbackParams, response: answer },
        handler: async (req) => {
          const hint = callbackHint(req.body);
          log(req, req.params.provider, req.params.paymentId, hint.status);
          deps.billing.handleCallbackLater(req.params.provider, { paymentId: req.params.paymentId });
          return { received: true as const };
        },
      });
      c.post('/api/billing/callbacks/:provider', {
        bodyLimit: 16 * 1024,
        config: { access: 'anonymous', rateLimit },
        schema: { params: callbackProviderParams, response: answer },
      }, async (req) => {
        const hint = callbackHint(req.body);
        log(req, req.params.provider, hint.paymentId, hint.status);
        if (hint.paymentId || hint.reference) deps.billing.handleCallbackLater(req.params.provider, { paymentId: hint.paymentId, reference: hint.paymentId ? undefined : hint.reference });
        return { received: true as const };
      });
    });
  };
}
