/**
 * MP4 downloads as HTTP answers (docs/product/viewer.md §9 "downloads"; docs/decisions/017-media-delivery-at-scale.md): a download
 * cut off on mobile data resumes where it stopped instead of starting over, and is saved under the film's name.
 * - Node path (the embedded default): `Accept-Ranges: bytes`, an `ETag` (and `Last-Modified` for the local folder)
 *   so a browser's resume (`Range` + `If-Range`) is honoured; one satisfiable range answers 206 with
 *   `Content-Range: bytes a-b/size`, a range starting past the end 416 with `Content-Range: bytes *\/size`, several
 *   ranges or an `If-Range` that does not match the current object the whole file (200), RFC 9110 sections 13.1.5
 *   and 14.
 * - nginx path (MEDIA_ACCEL_PREFIX, request from a TRUST_PROXY proxy): media-delivery.ts answers with X-Accel-Redirect; nginx serves the ranges and
 *   the validators (the local folder's file, or the bucket's own ETag and Last-Modified, deploy/nginx/sobanura.conf
 *   passes Range and If-Range to it) and keeps this answer's Content-Disposition.
 * Both paths send `Content-Disposition: attachment` with an ASCII `filename` and the RFC 5987 `filename*` (RFC 6266).
 * Why these validators and names: docs/decisions/025-localised-figures-and-download-validators.md.
 * Errors: AppError 404 `not_found` when the MP4 is not stored.
 */
import { stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { AppError } from '../../lib/app-error.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import type { MediaDelivery } from './media-delivery.js';

/** Longest file name kept, characters before ".mp4" (file systems allow 255 bytes; UTF-8 may take 4 a character). */
const NAME_MAX = 60;

/** What a download is of: the fields of the playback repository's `Playable` that name it. */
export interface DownloadSubject {
  kind: 'movie' | 'part' | 'episode';
  /** Movie or series title. */
  title: string;
  partNumber: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
}

/**
 * A file name safe on Windows, macOS, Linux, Android and iOS: no control characters, none of `\/:*?"<>|`, spaces
 * collapsed, no leading or trailing dots or spaces, at most NAME_MAX characters (whole code points); "video" when
 * nothing is left. Letters of any language stay ("Ubuzima bw'umuryango", "L'été").
 */
export function sanitizeFilename(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/\p{Cc}|[\\/:*?"<>|]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = Array.from(cleaned).slice(0, NAME_MAX).join('').trim();
  return cut || 'video';
}

/**
 * The name a download is saved under, without extension: "Title", "Title - Part 2", "Series S01E02" (sanitised).
 */
export function downloadBaseName(s: DownloadSubject): string {
  const two = (n: number | null) => String(n ?? 0).padStart(2, '0');
  if (s.kind === 'part' && s.partNumber !== null) return sanitizeFilename(`${s.title} - Part ${s.partNumber}`);
  if (s.kind === 'episode') return sanitizeFilename(`${s.title} S${two(s.seasonNumber)}E${two(s.episodeNumber)}`);
  return sanitizeFilename(s.title);
}

/** RFC 5987 `value-chars` encoding: UTF-8 percent-encoded, attr-chars kept. */
const rfc5987 = (v: string) => encodeURIComponent(v).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` for `filename` (with its extension): an ASCII fallback (accents dropped, other
 * characters as "_") for old clients and `filename*=UTF-8''…` that every current browser prefers (RFC 6266 4.3).
 */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`;
}

interface Validators {
  etag: string;
  lastModified: Date | null;
}

/**
 * Strong validators of a stored MP4. The remuxed file is written once under its key and only replaced when the video
 * is transcoded again (download-remux.ts); the ETag hashes the key, the size and, for the local folder, the file's
 * modification time. For S3 (no modification time through MediaStorage) key and size: a new remux of a new
 * transcode has another size in practice, and the bucket's own validators apply behind nginx.
 */
async function validatorsOf(storage: MediaStorage, key: string, size: number): Promise<Validators> {
  let lastModified: Date | null = null;
  if (storage.kind === 'local') {
    const info = await stat(await storage.readLocation(key, 60)).catch(() => null);
    if (info) lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
  }
  const etag = `"${createHash('sha256').update(`${key}\n${size}\n${lastModified?.getTime() ?? ''}`).digest('base64url').slice(0, 27)}"`;
  return { etag, lastModified };
}

/** RFC 9110 section 13.1.5: a strong ETag equal to ours, or an HTTP date equal to our Last-Modified. */
function ifRangeMatches(value: string, v: Validators): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('W/')) return false;
  if (trimmed.startsWith('"')) return trimmed === v.etag;
  const date = Date.parse(trimmed);
  return v.lastModified !== null && !Number.isNaN(date) && date === v.lastModified.getTime();
}

export interface DownloadDelivery {
  /** Answers `req` with the MP4 at `key`, saved as `filename` (with extension). */
  send(req: FastifyRequest, reply: FastifyReply, key: string, options: { filename: string; cacheControl: string }): Promise<FastifyReply>;
}

/**
 * @param deps.delivery the media delivery, used as is for a request that came through nginx (`delivery.accel`:
 *   MEDIA_ACCEL_PREFIX set and the socket peer a TRUST_PROXY proxy, ADR 017)
 */
export function createDownloadDelivery(deps: { storage: MediaStorage; delivery: MediaDelivery }): DownloadDelivery {
  return {
    async send(req, reply, key, options) {
      reply.header('content-disposition', contentDisposition(options.filename));
      if (deps.delivery.accel(req)) return deps.delivery.send(req, reply, key, { contentType: 'video/mp4', cacheControl: options.cacheControl });
      const info = await deps.storage.stat(key);
      if (!info) throw new AppError(404, 'not_found', 'Not found');
      const v = await validatorsOf(deps.storage, key, info.size);
      reply.header('content-type', 'video/mp4').header('cache-control', options.cacheControl).header('accept-ranges', 'bytes').header('etag', v.etag);
      if (v.lastModified) reply.header('last-modified', v.lastModified.toUTCString());
      const range = req.headers.range;
      const ifRange = req.headers['if-range'];
      if (typeof range === 'string' && (typeof ifRange !== 'string' || ifRangeMatches(ifRange, v))) {
        const ranges = rangeParser(info.size, range, { combine: true });
        if (ranges === -1) return reply.status(416).header('content-range', `bytes */${info.size}`).send('');
        if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
          const r = ranges[0]!;
          const got = await deps.storage.read(key, { start: r.start, end: r.end }).catch((err: unknown) => {
            if (err instanceof RangeError) return 'unsatisfiable' as const;
            throw err;
          });
          if (got === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send('');
          if (!got) throw new AppError(404, 'not_found', 'Not found');
          return reply
            .status(206)
            .header('content-range', `bytes ${got.range.start}-${got.range.end}/${got.size}`)
            .header('content-length', got.range.end - got.range.start + 1)
            .send(got.stream);
        }
      }
      const got = await deps.storage.read(key);
      if (!got) throw new AppError(404, 'not_found', 'Not found');
      return reply.header('content-length', got.size).send(got.stream);
    },
  };
}
