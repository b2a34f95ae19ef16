/**
 * Watch-list routes (docs/product/viewer.md §2 "/watchlist" and §5), for signed-in users only; they act on the session
 * user's list alone.
 *   GET /api/watchlist → watchlistResponse; POST /api/watchlist { movieId } | { seriesId } → 201 watchlistEntryResponse
 *   (409 conflict when already there); DELETE /api/watchlist/movie/:id, /api/watchlist/series/:id → 204 (404 when absent).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToWatchlistBody, watchlistEntryResponse, watchlistResponse } from '../../../shared/contracts/browse.js';
import { idParams } from '../../../shared/contracts/catalog.js';
import type { WatchlistService } from './watchlist.service.js';

/** The watch-list routes above, as a Fastify plugin. */
export function watchlistRoutes(deps: { watchlist: WatchlistService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const user = { access: 'user' } as const;
    r.get('/api/watchlist', { config: user, schema: { response: { 200: watchlistResponse } } }, async (req) => deps.watchlist.list((await req.requireUser()).id));
    r.post('/api/watchlist', { config: user, schema: { body: addToWatchlistBody, response: { 201: watchlistEntryResponse } } }, async (req, reply) =>
      reply.status(201).send(await deps.watchlist.add((await req.requireUser()).id, req.body)),
    );
    r.delete('/api/watchlist/movie/:id', { config: user, schema: { params: idParams } }, async (req, reply) => {
      await deps.watchlist.remove((await req.requireUser()).id, { movieId: req.params.id });
      return reply.status(204).send();
    });
    r.delete('/api/watchlist/series/:id', { config: user, schema: { params: idParams } }, async (req, reply) => {
      await deps.watchlist.remove((await req.requireUser()).id, { seriesId: req.params.id });
      return reply.status(204).send();
    });
  };
}
