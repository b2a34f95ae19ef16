/** Admin view of a video asset's ingest state (polled by the panel, ADR 006): GET /api/admin/videos/:id. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import { videoAssetResponse } from '../../../shared/contracts/media.js';
import { notFound } from '../../lib/app-error.js';
import type { MediaService } from './media.service.js';
import { toVideoAsset } from './media.service.js';

export function mediaRoutes(deps: { media: MediaService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/api/admin/videos/:id', {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: videoAssetResponse } },
    }, async (req) => {
      const row = await deps.media.get(req.params.id);
      if (!row) throw notFound('Video');
      return { video: toVideoAsset(row) };
    });
  };
}
