/**
 * Offline download routes (contract and errors in src/shared/contracts/offline.ts; docs/decisions/027-offline-downloads.md).
 * Every route is `access: 'user'`. Creating a download, the options and the licence are rate limited like
 * POST /api/playback (PLAYBACK_RATE_LIMIT_PER_MINUTE a minute per user); the files route is not, since a film is
 * hundreds of segments. Answers are `no-store`: the device keeps files in its own storage.
 *
 * GET /api/offline/:downloadId/files/:name sends `index.m3u8` as text, the init segment as stored and each media
 * segment encrypted on the fly (AES-128-CBC, PKCS#7, IV = media sequence number; offline-hls.ts) with
 * Content-Length the padded size. No byte ranges: the device stores one whole file at a time.
 */
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offlineCreateBody, offlineDownload, offlineDownloadList, offlineDownloadParams, offlineLicense, offlineLicenseBody, offlineOptions, offlineOptionsQuery } from '../../../shared/contracts/offline.js';
import { idParams } from '../../../shared/contracts/catalog.js';
import { PLAYBACK_RATE_LIMIT_PER_MINUTE } from '../../../shared/contracts/playback.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { contentTypeOf } from '../media/content-types.js';
import { paddedSize, segmentCipher } from './offline-hls.js';
import type { OfflineService } from './offline.service.js';
import { clientKey } from '../../lib/client-address.js';

const fileParams = offlineDownloadParams.extend({ '*': z.string().max(120) });

export function offlineRoutes(deps: { offline: OfflineService; storage: MediaStorage }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const userRate = {
      max: PLAYBACK_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: async (req: FastifyRequest) => `offline:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
    };

    r.post('/api/offline', { config: { access: 'user', rateLimit: userRate }, schema: { body: offlineCreateBody, response: { 201: offlineDownload } } }, async (req, reply) => {
      const created = await deps.offline.create(await req.requireUser(), req.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    });
    r.get('/api/offline', { config: { access: 'user' }, schema: { response: { 200: offlineDownloadList } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.offline.list(await req.requireUser());
    });
    r.get('/api/offline/options/:id', { config: { access: 'user', rateLimit: userRate }, schema: { params: idParams, querystring: offlineOptionsQuery, response: { 200: offlineOptions } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.offline.options(await req.requireUser(), req.params.id, new Date(), req.query.deviceId ?? null);
    });
    r.get('/api/offline/:downloadId/files/*', { config: { access: 'user' }, schema: { params: fileParams } }, async (req, reply) => {
      const file = await deps.offline.file(await req.requireUser(), req.params.downloadId, req.params['*']);
      reply.header('cache-control', 'private, no-store');
      if (file.kind === 'playlist') return reply.header('content-type', contentTypeOf('index.m3u8')).send(file.body);
      const got = await deps.storage.read(file.objectKey);
      if (!got) throw new AppError(404, 'not_found', 'Not found');
      if (file.kind === 'init') return reply.header('content-type', contentTypeOf(file.objectKey)).header('content-length', got.size).send(got.stream);
      // Encrypted bytes are no longer a playable MPEG-TS or fMP4 segment on their own.
      const out = new PassThrough();
      pipeline(got.stream, segmentCipher(file.key, file.sequence), out).catch((err: unknown) => out.destroy(err as Error));
      return reply.header('content-type', 'application/octet-stream').header('content-length', paddedSize(got.size)).send(out);
    });
    r.post('/api/offline/:downloadId/license', { config: { access: 'user', rateLimit: userRate }, schema: { params: offlineDownloadParams, response: { 200: offlineLicense } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // The body is optional (offline play to credit, ADR 049), so it is validated here rather than by the schema.
      const body = offlineLicenseBody.parse(req.body ?? {});
      return deps.offline.license(await req.requireUser(), req.params.downloadId, new Date(), body);
    });
    r.delete('/api/offline/:downloadId', { config: { access: 'user' }, schema: { params: offlineDownloadParams } }, async (req, reply) => {
      await deps.offline.remove(await req.requireUser(), req.params.downloadId);
      return reply.status(204).send();
    });
  };
}
