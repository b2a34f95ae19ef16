/**
 * Playback routes (ADR 003, ADR 009; contracts in src/shared/contracts/playback.ts):
 * - POST /api/playback/:id — signed master playlist URL for a movie, part or episode, and its stream session;
 *   10 a minute per user (docs/product/viewer.md §9). A `Save-Data: on` header (WICG client hint) or `saveData` in the
 *   body turns the data saver on for a viewer who has not chosen (ADR 028). Sessions: heartbeat, list, stop.
 *   Settings: data saver on/off and its rung (144p or 240p).
 * - POST /api/downloads/:id, GET /api/downloads/quota — MP4 download links within the quota; for viewers only when
 *   ALLOW_FILE_DOWNLOADS is true (403 file_downloads_off otherwise), admins always (ADR 028).
 * - GET /media/v/:videoId/:token/* — playlists, segments and captions; every request checks the signature (403 for an
 *   expired or altered token). The token binds user, video, quality cap and expiry, so media playlists and segments
 *   are checked by it alone, without a database lookup (ADR 017: a CDN or nginx can do the same); `master.m3u8`, one
 *   per playback start, also checks that the signed-in user is the token's user (403 for a borrowed token) and is
 *   written per request for the token's quality cap; a rendition above the cap answers 403. Bytes go out through
 *   media-delivery.ts (Range in Node, or X-Accel-Redirect to nginx).
 * - GET /media/d/:videoId/:token/:file?name= — a download (signature scope 'd'), with byte ranges and If-Range,
 *   saved under the film's name (download-delivery.ts).
 * - Admin captions: GET/PUT/DELETE /api/admin/videos/:id/captions[/:language].
 * - GET /media/posters/:videoId.webp — posters are public images.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import {
  CAPTION_LANGUAGES,
  CAPTION_MAX_BYTES,
  type CaptionLanguage,
  captionListResponse,
  captionParams,
  captionTrackAdmin,
  downloadQuota,
  downloadResponse,
  heartbeatBody,
  heartbeatResponse,
  PLAYBACK_RATE_LIMIT_PER_MINUTE,
  playbackRequest,
  playbackResponse,
  playbackSettings,
  playbackSettingsBody,
  sessionParams,
  streamSessionListResponse,
} from '../../../shared/contracts/playback.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import { MEDIA_CONTENT_TYPES } from '../media/content-types.js';
import { toWebVtt } from './captions.js';
import { sanitizeFilename, type DownloadDelivery } from './download-delivery.js';
import type { MediaDelivery } from './media-delivery.js';
import { captionMediaPlaylist, renderViewerMaster } from './master-playlist.js';
import type { PlaybackRepository } from './playback.repository.js';
import { deviceLabel, type PlaybackService } from './playback.service.js';
import type { UrlSigner } from './url-signer.js';
import { clientKey } from '../../lib/client-address.js';

const MEDIA_FILE = /^(?:[a-z0-9_-]{1,32}\/)?[a-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4|vtt)$/;
const CONTENT_TYPES = MEDIA_CONTENT_TYPES as Record<'m3u8' | 'ts' | 'm4s' | 'mp4' | 'vtt', string>;
const CAPTION_PLAYLIST = new RegExp(`^captions/(${CAPTION_LANGUAGES.join('|')})\\.m3u8$`);
/** A rendition folder is named by its short side ("720p"), ladder.ts. */
const RENDITION_DIR = /^(\d{2,5})p\//;

/**
 * Whether a `Save-Data` request header asks to save data: its value is the token `on` (WICG "Save-Data" client hint,
 * https://wicg.github.io/savedata/: `sd-token = "on"`, case-insensitive, other tokens ignored). Not an RFC.
 */
export function saveDataHeader(value: string | string[] | undefined): boolean {
  const all = Array.isArray(value) ? value.join(',') : (value ?? '');
  return all.split(/[,;]/).some((t) => t.trim().toLowerCase() === 'on');
}

export function playbackRoutes(deps: { playback: PlaybackService; signer: UrlSigner; storage: MediaStorage; delivery: MediaDelivery; downloadDelivery: DownloadDelivery; repo: PlaybackRepository }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Caption uploads arrive as raw text (WebVTT or SRT); text/plain is parsed by Fastify already.
    app.addContentTypeParser(['text/vtt', 'application/x-subrip', 'application/octet-stream'], { parseAs: 'string', bodyLimit: CAPTION_MAX_BYTES }, (_req, body, done) => done(null, body));

    const userRate = {
      max: PLAYBACK_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: async (req: import('fastify').FastifyRequest) => `playback:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
    };
    r.post('/api/playback/:id', {
      config: { access: 'user', rateLimit: userRate },
      schema: { params: idParams, response: { 200: playbackResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // The body is optional (an empty POST starts a stream), so it is validated here rather than by the schema.
      const body = playbackRequest.parse(req.body ?? {});
      // The browser asks to save data by the WICG Save-Data client hint or by `saveData` in the body (ADR 028).
      const saveData = body.saveData === true || saveDataHeader(req.headers['save-data']);
      return deps.playback.signedMaster(await req.requireUser(), req.params.id, { ...body, saveData, device: deviceLabel(req.headers['user-agent']) });
    });
    r.post('/api/playback/sessions/:sessionId/heartbeat', { config: { access: 'user' }, schema: { params: sessionParams, response: { 200: heartbeatResponse } } }, async (req) => {
      // The body is optional (the player's state for the minutes-watched ledger, ADR 049), so it is validated here.
      const body = heartbeatBody.parse(req.body ?? {});
      return deps.playback.heartbeat(await req.requireUser(), req.params.sessionId, new Date(), body.state ?? 'playing');
    });
    r.get('/api/playback/sessions', { config: { access: 'user' }, schema: { response: { 200: streamSessionListResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.playback.sessions(await req.requireUser());
    });
    r.delete('/api/playback/sessions/:sessionId', { config: { access: 'user' }, schema: { params: sessionParams } }, async (req, reply) => {
      await deps.playback.stop((await req.requireUser()).id, req.params.sessionId);
      return reply.status(204).send();
    });
    // The same as DELETE, for navigator.sendBeacon (which can only POST) as the page goes: a closed tab frees its
    // slot at once instead of after the heartbeat lapses, so the viewer can go on on another device.
    r.post('/api/playback/sessions/:sessionId/end', { config: { access: 'user' }, schema: { params: sessionParams } }, async (req, reply) => {
      await deps.playback.stop((await req.requireUser()).id, req.params.sessionId);
      return reply.status(204).send();
    });
    r.get('/api/playback/settings', { config: { access: 'user' }, schema: { response: { 200: playbackSettings } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.playback.settings((await req.requireUser()).id);
    });
    r.put('/api/playback/settings', { config: { access: 'user' }, schema: { body: playbackSettingsBody, response: { 200: playbackSettings } } }, async (req) =>
      deps.playback.setSettings((await req.requireUser()).id, req.body.dataSaver, new Date(), req.body.dataSaverMaxHeight),
    );

    r.post('/api/downloads/:id', { config: { access: 'user', rateLimit: userRate }, schema: { params: idParams, response: { 200: downloadResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.playback.download(await req.requireUser(), req.params.id);
    });
    r.get('/api/downloads/quota', { config: { access: 'user' }, schema: { response: { 200: downloadQuota } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.playback.downloadQuota(await req.requireUser());
    });

    // --- admin captions ---
    const videoExists = async (id: string) => {
      if (!(await deps.repo.video(id))) throw notFound('Video');
    };
    const adminCaption = (c: Awaited<ReturnType<PlaybackRepository['captions']>>[number]) => ({ language: c.language, sourceFormat: c.sourceFormat, cues: c.cues, sizeBytes: c.sizeBytes, updatedAt: c.updatedAt.toISOString() });
    r.get('/api/admin/videos/:id/captions', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: captionListResponse } } }, async (req) => {
      await videoExists(req.params.id);
      return { items: (await deps.repo.captions(req.params.id)).map(adminCaption) };
    });
    r.put('/api/admin/videos/:id/captions/:language', { config: { access: 'admin' }, bodyLimit: CAPTION_MAX_BYTES, schema: { params: captionParams, response: { 200: captionTrackAdmin } } }, async (req) => {
      const admin = await req.requireUser();
      await videoExists(req.params.id);
      const body = req.body as unknown;
      const text = typeof body === 'string' ? body : typeof (body as { content?: unknown })?.content === 'string' ? (body as { content: string }).content : null;
      if (text === null) throw new AppError(400, 'caption_invalid', 'Send the WebVTT or SRT file as the request body.', { reason: 'empty' });
      const converted = toWebVtt(text);
      const bytes = Buffer.from(converted.vtt, 'utf8');
      await deps.storage.put(keys.videoFile(req.params.id, `captions/${req.params.language}.vtt`), bytes, { contentType: CONTENT_TYPES.vtt });
      const row = await deps.repo.upsertCaption({ videoId: req.params.id, language: req.params.language, sourceFormat: converted.sourceFormat, cues: converted.cues, sizeBytes: bytes.length, updatedBy: admin.id, updatedAt: new Date() });
      return adminCaption(row);
    });
    r.delete('/api/admin/videos/:id/captions/:language', { config: { access: 'admin' }, schema: { params: captionParams } }, async (req, reply) => {
      if (!(await deps.repo.deleteCaption(req.params.id, req.params.language))) throw notFound('Caption track');
      await deps.storage.delete(keys.videoFile(req.params.id, `captions/${req.params.language}.vtt`));
      return reply.status(204).send();
    });

    // --- media ---
    const deny = () => new AppError(403, 'forbidden', 'This video link is not valid for you, or it has expired.');
    const serve = async (req: FastifyRequest, reply: FastifyReply, videoId: string, rel: string, cache: string) => {
      const m = MEDIA_FILE.exec(rel);
      if (!m) throw new AppError(404, 'not_found', 'Not found');
      return deps.delivery.send(req, reply, keys.videoFile(videoId, rel), { contentType: CONTENT_TYPES[m[1] as keyof typeof CONTENT_TYPES], cacheControl: cache });
    };

    r.get('/media/v/:videoId/:token/*', {
      config: { access: 'anonymous' },
      schema: { params: z.object({ videoId: z.uuid(), token: z.string().max(300), '*': z.string().max(200) }) },
    }, async (req, reply) => {
      const { videoId, token } = req.params;
      const verified = deps.signer.verify(videoId, token);
      if (!verified) throw deny();
      const rel = req.params['*'];
      if (rel === 'master.m3u8') {
        const user = await req.currentUser();
        if (!user || user.id !== verified.userId) throw deny();
        const variants = await deps.playback.storedVariants(videoId);
        if (!variants) throw new AppError(404, 'not_found', 'Not found');
        const body = renderViewerMaster(variants, verified.maxHeight, await deps.playback.captionLanguages(videoId));
        // Cacheable for a minute, like the media playlists: the web app fetches it early and hls.js reads it from
        // the browser's cache (ADR 013). The token fixes the viewer and the quality cap, so the body cannot go stale
        // except for a caption uploaded meanwhile.
        return reply.header('content-type', CONTENT_TYPES.m3u8).header('cache-control', 'private, max-age=60').send(body);
      }
      if (rel.startsWith('downloads/')) throw deny();
      const rung = RENDITION_DIR.exec(rel);
      if (rung && verified.maxHeight !== null && Number(rung[1]) > verified.maxHeight) {
        throw new AppError(403, 'forbidden', 'This quality is not included in your pass.');
      }
      const captionPlaylist = CAPTION_PLAYLIST.exec(rel);
      if (captionPlaylist) {
        const langs = await deps.playback.captionLanguages(videoId);
        if (!langs.includes(captionPlaylist[1] as CaptionLanguage)) throw new AppError(404, 'not_found', 'Not found');
        const duration = (await deps.playback.videoDuration(videoId)) ?? 1;
        return reply.header('content-type', CONTENT_TYPES.m3u8).header('cache-control', 'private, max-age=60').send(captionMediaPlaylist(captionPlaylist[1]!, duration));
      }
      // Segments and init segments never change; playlists and captions are small and may be replaced. All private: per-user URLs.
      return serve(req, reply, videoId, rel, rel.endsWith('.ts') || rel.endsWith('.m4s') || rel.endsWith('/init.mp4') ? 'private, max-age=3600, immutable' : 'private, max-age=60');
    });

    r.get('/media/d/:videoId/:token/:file', {
      config: { access: 'anonymous' },
      schema: { params: z.object({ videoId: z.uuid(), token: z.string().max(300), file: z.string().regex(/^\d{2,5}p\.mp4$/) }), querystring: z.object({ name: z.string().max(300).optional() }) },
    }, async (req, reply) => {
      const { videoId, token, file } = req.params;
      const verified = deps.signer.verify(videoId, token, undefined, 'd');
      if (!verified) throw deny();
      const user = await req.currentUser();
      if (!user || user.id !== verified.userId) throw deny();
      if (verified.maxHeight !== null && Number.parseInt(file, 10) > verified.maxHeight) throw deny();
      // Ranges, If-Range and the film's name as the saved file's name: download-delivery.ts. The name (from the
      // link POST /api/downloads/:id made) is only ever the viewer's own: the token is bound to them.
      const filename = `${sanitizeFilename(req.query.name ?? file.replace(/\.mp4$/, ''))}.mp4`;
      return deps.downloadDelivery.send(req, reply, keys.videoFile(videoId, `downloads/${file}`), { filename, cacheControl: 'private, max-age=3600' });
    });

    r.get('/media/posters/:file', { config: { access: 'anonymous' }, schema: { params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) } }, async (req, reply) => {
      const videoId = req.params.file.slice(0, 36);
      return deps.delivery.send(req, reply, keys.videoFile(videoId, 'poster.webp'), { contentType: 'image/webp', cacheControl: 'public, max-age=86400' });
    });
  };
}
