/**
 * A translator's studio (contract src/shared/contracts/studio.ts): GET /api/studio, `access: 'user'` (the service
 * refuses an account no translator is linked to), never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studioQuery, studioReport } from '../../../shared/contracts/studio.js';
import type { StudioService } from './studio.service.js';

export function studioRoutes(deps: { studio: StudioService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/studio', { config: { access: 'user' }, schema: { querystring: studioQuery, response: { 200: studioReport } } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return deps.studio.report((await req.requireUser()).id, req.query);
    });
  };
}
