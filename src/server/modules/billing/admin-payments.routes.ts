/**
 * The admin side of payments (docs/product/admin.md §11 "Payments"):
 * - GET  /api/admin/payments              admin        ?status=&method=&after=&limit= → { items: AdminPayment[], nextAfter }
 *   newest first, keyset paging after a payment id (admin-payments.service.ts); answered with `no-store`
 * - POST /api/admin/payments/:id/refund   super_admin  → { payment } (a successful card payment refunded in full
 *   through the processor, its pass or title taken back: docs/decisions/045-card-refunds.md)
 * Errors: 400 `validation_failed` (bad filter or page), 401/403 below the route's access; the refund's own errors
 * are listed in refunds.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPaymentsQuery, adminPaymentsResponse, paymentDetailResponse } from '../../../shared/contracts/billing.js';
import { idParams } from '../../../shared/contracts/catalog.js';
import type { AdminPaymentsService } from './admin-payments.service.js';
import { perUser } from './billing.routes.js';
import type { RefundsService } from './refunds.service.js';

export function adminPaymentsRoutes(deps: { payments: AdminPaymentsService; refunds: RefundsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/payments', {
      config: { access: 'admin' },
      schema: { querystring: adminPaymentsQuery, response: { 200: adminPaymentsResponse } },
    }, async (req, reply) => reply.header('cache-control', 'no-store').send(await deps.payments.list(req.query)));

    r.post('/api/admin/payments/:id/refund', {
      config: { access: 'super_admin', rateLimit: perUser('refund', 10) },
      schema: { params: idParams, response: { 200: paymentDetailResponse } },
    }, async (req) => ({ payment: await deps.refunds.refundPayment(req.params.id) }));
  };
}
