/**
 * The admin API of rights and licences (src/shared/contracts/rights.ts; docs/product/admin.md "Rights and licences";
 * ADR 050). Every route is `access: 'admin'` (admin and super_admin). The licence document is uploaded as raw bytes
 * (its name in `?name=`) and streamed back only through this admin route, with `cache-control: no-store`: it has no
 * public URL.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endingQuery, endingResponse, MAX_RIGHTS_DOCUMENT_BYTES, rightsBody, titleIdParams, titleRightsResponse } from '../../../shared/contracts/rights.js';
import { AppError } from '../../lib/app-error.js';
import type { RightsService } from './rights.service.js';

const documentQuery = z.object({ name: z.string().trim().max(200).optional() });

export function rightsRoutes(deps: { rights: RightsService }) {
  const svc = deps.rights;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' } as const;

    r.get('/api/admin/rights/ending', { config: admin, schema: { querystring: endingQuery, response: { 200: endingResponse } } }, (req) => svc.ending(req.query.days));
    r.get('/api/admin/rights/:titleId', { config: admin, schema: { params: titleIdParams, response: { 200: titleRightsResponse } } }, async (req) => ({ rights: await svc.get(req.params.titleId) }));
    r.put('/api/admin/rights/:titleId', { config: admin, schema: { params: titleIdParams, body: rightsBody, response: { 200: titleRightsResponse } } }, async (req) => ({
      rights: await svc.replace(req.params.titleId, req.body),
    }));
    r.get('/api/admin/rights/:titleId/document', { config: admin, schema: { params: titleIdParams } }, async (req, reply) => {
      const doc = await svc.readDocument(req.params.titleId);
      return reply
        .header('content-type', doc.type)
        .header('content-length', doc.size)
        .header('content-disposition', `inline; filename="${doc.name.replace(/"/g, '')}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(doc.stream);
    });

    // The document: raw bytes in, checked by content (rights.service.ts).
    await app.register(async (doc) => {
      doc.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_RIGHTS_DOCUMENT_BYTES - 1 }, (_req, body, done) => done(null, body));
      doc.setErrorHandler((err: { statusCode?: number }) => {
        if (err.statusCode === 413) throw new AppError(413, 'payload_too_large', 'The document must be under 10 MB.');
        throw err;
      });
      doc
        .withTypeProvider<ZodTypeProvider>()
        .put('/api/admin/rights/:titleId/document', { config: admin, bodyLimit: MAX_RIGHTS_DOCUMENT_BYTES - 1, schema: { params: titleIdParams, querystring: documentQuery, response: { 200: titleRightsResponse } } }, async (req) => {
          if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'document_rejected', 'Please select a PDF or an image (JPEG, PNG, WebP) under 10 MB.');
          return { rights: await svc.storeDocument(req.params.titleId, req.body, req.query.name) };
        });
    });
  };
}
