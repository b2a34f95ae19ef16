/**
 * Progress routes (rules: src/shared/domain/resume.ts), all for signed-in viewers:
 * - GET /api/progress/continue-watching — the home page's Continue Watching row.
 * - GET /api/progress/:id — the saved position and where to resume (`:id` a video, movie, part or episode id).
 * - PUT /api/progress/:id — save a position (JSON body `progressBody`).
 * - POST /api/progress/:id — the same, also accepting `text/plain` JSON, as navigator.sendBeacon sends on leaving.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import { continueWatchingResponse, progressBody, progressResponse } from '../../../shared/contracts/playback.js';
import { AppError } from '../../lib/app-error.js';
import type { ProgressService } from './progress.service.js';

export function progressRoutes(deps: { progress: ProgressService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/progress/continue-watching', { config: { access: 'user' }, schema: { response: { 200: continueWatchingResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await deps.progress.continueWatching((await req.requireUser()).id) };
    });
    r.get('/api/progress/:id', { config: { access: 'user' }, schema: { params: idParams, response: { 200: progressResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.progress.get((await req.requireUser()).id, req.params.id);
    });
    r.put('/api/progress/:id', { config: { access: 'user' }, schema: { params: idParams, body: progressBody, response: { 200: progressResponse } } }, async (req) =>
      deps.progress.save((await req.requireUser()).id, req.params.id, req.body),
    );
    r.post('/api/progress/:id', { config: { access: 'user' }, schema: { params: idParams, response: { 200: progressResponse } } }, async (req) => {
      let raw: unknown = req.body;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          throw new AppError(400, 'validation_failed', 'The request body is not JSON.');
        }
      }
      return deps.progress.save((await req.requireUser()).id, req.params.id, progressBody.parse(raw));
    });
  };
}
