/**
 * Resumable uploads over the tus 1.0 protocol (https://tus.io/protocols/resumable-upload) at /api/uploads,
 * admins only (docs/product/admin.md §5 "Video file"). Upload-Metadata must carry `movieId` (or `episodeId`,
 * docs/decisions/010-admin-api.md) and `filename`; the 5 GB limit is enforced here (Upload-Length) and by the tus
 * server (maxSize). The upload id is the video asset's id.
 * Offsets live with the upload in the upload store (DATA_DIR/uploads, or the bucket: providers/storage/upload-sources.ts),
 * so an upload resumes after a reload, a restart, or on another instance; at scale a shared locker (Redis) keeps two
 * instances from writing one upload at once (docs/decisions/016-object-storage-and-roles.md).
 */
import { Server as TusServer } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_VIDEO_BYTES, TUS_ENDPOINT } from '../../../shared/contracts/media.js';
import { AppError } from '../../lib/app-error.js';
import { controlCharacterAt, fieldRefused } from '../../plugins/input-guard.js';
import type { MediaService } from './media.service.js';
import type { UploadSources } from '../../providers/storage/upload-sources.js';

/** Asset ids chosen by the route for a creation request, handed to the tus server's naming function. */
const uploadIds = new WeakMap<object, string>();
type WithNodeRequest = { runtime?: { node?: { req?: object } } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses a tus Upload-Metadata header: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** `locker`: the tus locker shared by every instance (Redis at scale); default @tus/server's in-process MemoryLocker. */
export function uploadRoutes(deps: { media: MediaService; sources: UploadSources; locker?: Locker }) {
  return async (app: FastifyInstance) => {
    const tus = new TusServer({
      path: TUS_ENDPOINT,
      datastore: deps.sources.datastore,
      ...(deps.locker ? { locker: deps.locker } : {}),
      maxSize: MAX_VIDEO_BYTES,
      relativeLocation: true,
      respectForwardedHeaders: false,
      namingFunction: (req) => {
        const nodeReq = (req as unknown as WithNodeRequest).runtime?.node?.req;
        const id = nodeReq && uploadIds.get(nodeReq);
        if (!id) throw { status_code: 500, body: 'upload id missing' };
        return id;
      },
      onUploadFinish: async (_req, upload) => {
        try {
          const video = await deps.media.finishUpload(upload.id);
          return { status_code: 204, headers: { 'x-video-id': video.id } };
        } catch (err) {
          if (err instanceof AppError) {
            throw { status_code: err.statusCode, body: JSON.stringify({ error: { code: err.code, message: err.message } }) };
          }
          throw err;
        }
      },
    });

    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.method === 'POST') {
        const meta = parseUploadMetadata(req.headers['upload-metadata'] as string | undefined);
        // Decoded values may hold U+0000, which PostgreSQL text cannot store (plugins/input-guard.ts).
        const badField = controlCharacterAt(meta, 'metadata');
        if (badField) throw fieldRefused(badField);
        const movieId = meta.movieId ?? '';
        // An episode's video (docs/decisions/010-admin-api.md): `episodeId` instead of `movieId`.
        const episodeId = meta.episodeId ?? '';
        if (!UUID.test(movieId) && !UUID.test(episodeId)) {
          throw new AppError(400, 'validation_failed', 'Upload-Metadata must name the movie (movieId).', { fields: [{ field: 'metadata.movieId', message: 'Required' }] });
        }
        const lengthHeader = req.headers['upload-length'];
        const sizeBytes = lengthHeader === undefined ? null : Number(lengthHeader);
        if (sizeBytes !== null && (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0)) throw new AppError(400, 'validation_failed', 'Upload-Length must be a whole number of bytes.');
        if (meta.filetype && !meta.filetype.startsWith('video/') && meta.filetype !== 'application/octet-stream') {
          throw new AppError(415, 'media_rejected', 'Please select a video file');
        }
        const user = await req.currentUser();
        const id = await deps.media.beginUpload({ ...(UUID.test(movieId) ? { movieId } : { movieId: '', episodeId }), sizeBytes, filename: meta.filename ?? 'video', createdBy: user?.id ?? null });
        uploadIds.set(req.raw, id);
      }
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    app.all(TUS_ENDPOINT, { config: { access: 'admin' } }, handler);
    app.all(`${TUS_ENDPOINT}/*`, { config: { access: 'admin' } }, handler);
  };
}
