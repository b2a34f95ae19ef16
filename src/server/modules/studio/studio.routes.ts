/**
 * A translator's studio (contract src/shared/contracts/studio.ts): GET /api/studio, GET /api/studio/statements and
 * GET /api/studio/statements/:month/page, `access: 'user'` (the service refuses an account no translator is linked
 * to), never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statementMonthParams } from '../../../shared/contracts/statements.js';
import { studioMoney, studioQuery, studioReport } from '../../../shared/contracts/studio.js';
import type { StudioService } from './studio.service.js';

export function studioRoutes(deps: { studio: StudioService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/studio', { config: { access: 'user' }, schema: { querystring: studioQuery, response: { 200: studioReport } } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return deps.studio.report((await req.requireUser()).id, req.query);
    });
    // The translator's own closed statements and payouts (ADR 051, ADR 052): the holder is the caller's translator.
    r.get('/api/studio/statements', { config: { access: 'user' }, schema: { response: { 200: studioMoney } } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return deps.studio.money((await req.requireUser()).id);
    });
    r.get('/api/studio/statements/:month/page', { config: { access: 'user' }, schema: { params: statementMonthParams } }, async (req, reply) => {
      const html = await deps.studio.statementPage((await req.requireUser()).id, req.params.month);
      return reply.headers({ 'cache-control': 'private, no-store', 'content-type': 'text/html; charset=utf-8' }).send(html);
    });
  };
}
