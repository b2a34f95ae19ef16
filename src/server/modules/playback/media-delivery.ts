/**
 * Sends a stored media object as an HTTP answer (docs/decisions/017-media-delivery-at-scale.md):
 * - embedded default: Node streams the bytes from the media storage, with byte ranges (RFC 9110 section 14:
 *   `Accept-Ranges: bytes`, 206 with `Content-Range` for one satisfiable range, 416 for an unsatisfiable one;
 *   several ranges are answered with the whole object);
 * - behind nginx (`MEDIA_ACCEL_PREFIX`, e.g. `/_media/`), and only for a request whose socket peer is a TRUST_PROXY
 *   proxy (`accel`; amended 2026-11-28 in ADR 017): an empty answer with `X-Accel-Redirect`, and nginx sends
 *   the bytes itself: `{prefix}{objectKey}` for the local folder (an `alias` location), `{prefix}{path and query of a
 *   presigned GET URL}` for S3 (a `proxy_pass` location). nginx keeps this answer's Cache-Control and
 *   Content-Disposition, and its Content-Type as long as the location hides the bucket's own (deploy/nginx/sobanura.conf
 *   does: `proxy_hide_header Content-Type`); it handles Range itself. A request that reached the instance directly
 *   (no trusted proxy in front) is streamed by Node as in the embedded default: the header would otherwise hand the
 *   client a presigned bucket URL, shared by every viewer of that object for minutes.
 * Errors: AppError 404 `not_found` when there is no such object (Node path; behind nginx the store answers 404).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import rangeParser from 'range-parser';
import { AppError } from '../../lib/app-error.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

/**
 * Seconds a presigned URL handed to nginx stays valid, and how long one is reused for the same object: presigning
 * (AWS Signature V4, several HMAC-SHA256 rounds) cost about 2.5 ms of CPU a call on the 2-core bench machine, as much
 * as the rest of the request (bench/delivery). nginx uses the URL at once, so reuse stops a minute before it expires.
 */
const ACCEL_URL_SECONDS = 300;
const ACCEL_URL_REUSE_MS = 240_000;
/** Presigned URLs kept, one per object key (a few hundred bytes each). */
const ACCEL_URL_CACHE_ENTRIES = 20_000;

export interface MediaDelivery {
  /** Whether `req` came through a trusted proxy that will follow X-Accel-Redirect (so nginx sends the bytes). */
  accel(req: FastifyRequest): boolean;
  /** Answers `req` with the object at `key`, `contentType` and `cacheControl` as given. */
  send(req: FastifyRequest, reply: FastifyReply, key: string, headers: { contentType: string; cacheControl: string }): Promise<FastifyReply>;
}

const notFound = () => new AppError(404, 'not_found', 'Not found');

/**
 * @param accelPrefix MEDIA_ACCEL_PREFIX, null for Node to send every object
 * @param viaProxy whether a request's socket peer (`req.socket.remoteAddress`, never X-Forwarded-For) is a trusted
 *   proxy (lib/trust-proxy.ts `trustedPeer`); X-Accel-Redirect is answered only to those. Default: none is.
 */
export function createMediaDelivery(storage: MediaStorage, accelPrefix: string | null, viaProxy: (address: string | undefined) => boolean = () => false): MediaDelivery {
  const presigned = new LRUCache<string, string>({ max: ACCEL_URL_CACHE_ENTRIES, ttl: ACCEL_URL_REUSE_MS });
  const accelTarget = async (key: string): Promise<string> => {
    if (storage.kind !== 's3') return key;
    let target = presigned.get(key);
    if (!target) {
      const url = new URL(await storage.readLocation(key, ACCEL_URL_SECONDS));
      target = `${url.pathname}${url.search}`.slice(1);
      presigned.set(key, target);
    }
    return target;
  };
  const accel = (req: FastifyRequest) => accelPrefix !== null && viaProxy(req.socket.remoteAddress);
  return {
    accel,
    async send(req, reply, key, headers) {
      reply.header('content-type', headers.contentType).header('cache-control', headers.cacheControl);
      if (accel(req)) return reply.header('x-accel-redirect', `${accelPrefix}${await accelTarget(key)}`).send('');
      reply.header('accept-ranges', 'bytes');
      const rangeHeader = req.headers.range;
      if (typeof rangeHeader === 'string') {
        const info = await storage.stat(key);
        if (!info) throw notFound();
        const ranges = rangeParser(info.size, rangeHeader, { combine: true });
        if (ranges === -1) {
          return reply.status(416).header('content-range', `bytes */${info.size}`).send('');
        }
        if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
          const r = ranges[0]!;
          const got = await storage.read(key, { start: r.start, end: r.end }).catch((err: unknown) => {
            if (err instanceof RangeError) return 'unsatisfiable' as const;
            throw err;
          });
          if (got === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send('');
          if (!got) throw notFound();
          return reply
            .status(206)
            .header('content-range', `bytes ${got.range.start}-${got.range.end}/${got.size}`)
            .header('content-length', got.range.end - got.range.start + 1)
            .send(got.stream);
        }
      }
      const got = await storage.read(key);
      if (!got) throw notFound();
      return reply.header('content-length', got.size).send(got.stream);
    },
  };
}
