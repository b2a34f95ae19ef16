/**
 * The minutes-watched ledger's admin read (contract src/shared/contracts/viewing.ts; docs/product/viewer.md §12): GET /api/admin/analytics/minutes, `access: 'admin'`, never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { minutesWatchedQuery, minutesWatchedReport } from '../../../shared/contracts/viewing.js';
import type { ViewingService } from './viewing.service.js';

export function viewingRoutes(deps: { minutes: ViewingService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/analytics/minutes', { config: { access: 'admin' }, schema: { querystring: minutesWatchedQuery, response: { 200: minutesWatchedReport } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.minutes.minutesByTitleDay(req.query);
    });
  };
}
