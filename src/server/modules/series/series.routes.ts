/**
 * Series routes (docs/product/viewer.md §2 "/series/{id}", "/episode/..."), open to anonymous callers like the rest
 * of browsing:
 *   GET /api/series/:id → seriesResponse; GET /api/series/:id/seasons/:season/episodes/:episode → episodeResponse.
 * A bad id or number answers 400 `validation_failed`; a missing series or episode 404 `not_found`. Viewers are shown
 * ready episodes only, admins all (series.service.ts visibleTree; docs/decisions/023-playable-titles-and-film-parts.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { episodeResponse, seriesResponse } from '../../../shared/contracts/browse.js';
import { idParams } from '../../../shared/contracts/catalog.js';
import { audienceOf } from '../catalog/audience.js';
import { compressOnce } from '../catalog/compress-once.js';
import { serializeOnce } from '../catalog/serialize-once.js';
import type { SeriesService } from './series.service.js';

const number = z.coerce.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100000);
const episodeParams = idParams.extend({ season: number, episode: number });

/** The series routes above, as a Fastify plugin. */
export function seriesRoutes(deps: { series: SeriesService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const cached = { config: { access: 'anonymous' as const }, serializerCompiler: serializeOnce, onSend: compressOnce };
    r.get('/api/series/:id', { ...cached, schema: { params: idParams, response: { 200: seriesResponse } } }, async (req) => deps.series.detail(req.params.id, await audienceOf(req)));
    r.get('/api/series/:id/seasons/:season/episodes/:episode', { ...cached, schema: { params: episodeParams, response: { 200: episodeResponse } } }, async (req) =>
      deps.series.episode(req.params.id, req.params.season, req.params.episode, await audienceOf(req)),
    );
  };
}
