/**
 * Playback routes (issue 2 point 7):
 * - POST /api/playback/:id — signed master playlist URL for a movie; 10 a minute per user (viewer spec section 9).
 * - GET /media/v/:videoId/:token/* — playlists and segments; every request checks the signature and that the
 *   signed-in user is the token's user; 403 for an expired, altered or borrowed token.
 * - GET /media/posters/:videoId.webp — posters are public images.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import { PLAYBACK_RATE_LIMIT_PER_MINUTE, playbackResponse } from '../../../shared/contracts/playback.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStorage } from '../../providers/storage/local-storage.js';
import type { PlaybackService } from './playback.service.js';
import type { UrlSigner } from './url-signer.js';

const MEDIA_FILE = /^(?:[a-z0-9_-]{1,32}\/)?[a-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4|vtt)$/i;
const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
};

export function playbackRoutes(deps: { playback: PlaybackService; signer: UrlSigner; storage: MediaStorage }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/api/playback/:id', {
      config: {
        access: 'user',
        rateLimit: {
          max: PLAYBACK_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: async (req) => `playback:${(await req.currentUser())?.id ?? req.ip}`,
        },
      },
      schema: { params: idParams, response: { 200: playbackResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.playback.signedMaster(await req.requireUser(), req.params.id);
    });

    const deny = () => new AppError(403, 'forbidden', 'This video link is not valid for you, or it has expired.');
    const serve = async (reply: FastifyReply, videoId: string, rel: string, cache: string) => {
      const m = MEDIA_FILE.exec(rel);
      if (!m) throw new AppError(404, 'not_found', 'Not found');
      const file = await deps.storage.open(videoId, rel);
      if (!file) throw new AppError(404, 'not_found', 'Not found');
      return reply.header('content-type', CONTENT_TYPES[m[1]!.toLowerCase()]).header('content-length', file.size).header('cache-control', cache).send(file.stream);
    };

    r.get('/media/v/:videoId/:token/*', {
      config: { access: 'anonymous' },
      schema: { params: z.object({ videoId: z.uuid(), token: z.string().max(300), '*': z.string().max(200) }) },
    }, async (req, reply) => {
      const { videoId, token } = req.params;
      const verified = deps.signer.verify(videoId, token);
      if (!verified) throw deny();
      const user = await req.currentUser();
      if (!user || user.id !== verified.userId) throw deny();
      const rel = req.params['*'];
      // Segments never change; playlists are small. Both private: they are per-user URLs.
      return serve(reply, videoId, rel, rel.endsWith('.m3u8') ? 'private, max-age=60' : 'private, max-age=3600, immutable');
    });

    r.get('/media/posters/:file', { config: { access: 'anonymous' }, schema: { params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) } }, async (req, reply) => {
      const videoId = req.params.file.slice(0, 36);
      const file = await deps.storage.open(videoId, 'poster.webp');
      if (!file) throw new AppError(404, 'not_found', 'Not found');
      return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=86400').send(file.stream);
    });
  };
}
