/**
 * Payout routes (docs/decisions/052-payout-run.md; contracts in src/shared/contracts/payouts.ts): thin — schema in,
 * one service call, schema out. Super admins only: a month's payouts with status and reason, the run, a retry.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import { payoutRetryBody, payoutRetryResponse, payoutRunBody, payoutRunResponse, payoutsQuery, payoutsResponse } from '../../../shared/contracts/payouts.js';
import type { PayoutsService } from './payouts.service.js';

const noStore = { 'cache-control': 'no-store' };

export function payoutsRoutes(deps: { payouts: PayoutsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/payouts', {
      config: { access: 'super_admin' },
      schema: { querystring: payoutsQuery, response: { 200: payoutsResponse } },
    }, async (req, reply) => reply.headers(noStore).send(await deps.payouts.list(req.query.month)));

    // One status pass and no long wait: a request does not hang on the operators; the CLI waits (PAYOUT_WAIT_SECONDS).
    r.post('/api/admin/payouts/run', {
      config: { access: 'super_admin' },
      schema: { body: payoutRunBody, response: { 200: payoutRunResponse } },
    }, async (req, reply) => reply.headers(noStore).send(await deps.payouts.run(req.body.month, { waitSeconds: 0 })));

    r.post('/api/admin/payouts/:id/retry', {
      config: { access: 'super_admin' },
      schema: { params: idParams, body: payoutRetryBody, response: { 201: payoutRetryResponse } },
    }, async (req, reply) => reply.status(201).headers(noStore).send({ payout: await deps.payouts.retry(req.params.id, req.body.msisdn) }));
  };
}
