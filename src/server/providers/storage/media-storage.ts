/**
 * The media storage provider: every byte Sobanura keeps outside the database (HLS ladders, posters, captions,
 * remuxed downloads, admin images, uploaded sources) goes through this interface, so the same services run on a
 * local folder (the embedded default) and on S3-compatible object storage (AWS S3, Cloudflare R2, Backblaze B2,
 * MinIO, Ceph RGW). docs/decisions/016-object-storage-and-roles.md.
 *
 * Keys are object keys: `/`-separated, relative, made of `[A-Za-z0-9._-]` segments, never `.` or `..`, at most
 * 512 bytes (checked by `assertKey`). A prefix is a key ending in `/`. The layout:
 *   videos/{videoId}/master.m3u8, videos/{videoId}/{rendition}/index.m3u8 and segments, videos/{videoId}/poster.webp,
 *   videos/{videoId}/captions/{lang}.vtt, videos/{videoId}/downloads/{rendition}.mp4, images/{imageId}/{width}.webp.
 * Uploaded sources are not in this layout: tus writes them (src/server/providers/storage/upload-sources.ts), under
 * DATA_DIR/uploads for the local folder and at the bucket's root as `{videoId}`, `{videoId}.info` (the layout of
 * @tus/s3-store) for S3.
 * Sizes and offsets are bytes.
 */
import type { Readable } from 'node:stream';

/** A stored object's facts. */
export interface ObjectInfo {
  key: string;
  /** Bytes. */
  size: number;
}

/** An inclusive byte range, as in RFC 9110 section 14.1.2 (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `read` returns: the bytes asked for and the whole object's size. */
export interface ObjectRead {
  stream: Readable;
  /** Size of the whole object, bytes. */
  size: number;
  /** The range actually streamed (the whole object when none was asked). */
  range: ByteRange;
}

export interface PutOptions {
  contentType?: string;
  /** Cache-Control stored with the object (S3 metadata; ignored by the local folder). */
  cacheControl?: string;
}

export interface MediaStorage {
  /** `local` or `s3`, for logs, /api/ready and the delivery route. */
  readonly kind: 'local' | 's3';
  /** Stores bytes, a string (UTF-8) or a stream at `key`, replacing what was there. Streams go up in parts (multipart on S3). */
  put(key: string, body: Buffer | string | Readable, options?: PutOptions): Promise<void>;
  /** Stores a local file at `key` (multipart on S3, so a 5 GB source never sits in memory). */
  putFile(key: string, file: string, options?: PutOptions): Promise<void>;
  /**
   * Reads an object, or the inclusive byte range of it; null when there is no such object.
   * @throws RangeError when the range starts past the end of the object (the caller answers 416).
   */
  read(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  /** Reads a whole small object (a playlist, a caption) into memory; null when absent. */
  readBuffer(key: string): Promise<Buffer | null>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Every object under `prefix` (which ends in `/`), in key order. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Deletes one object; no error when it is absent. */
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix` (which ends in `/`); returns how many were deleted. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A location a child process (ffprobe, ffmpeg) can read the object from for `seconds`: a file path for the local
   * folder, a presigned GET URL for S3 (AWS Signature V4 query authentication).
   */
  readLocation(key: string, seconds: number): Promise<string>;
  /** Throws when the store cannot be reached (the folder is missing or the bucket answers an error); for /api/ready. */
  check(): Promise<void>;
}

/** Thrown for a key that is empty, absolute, too long, or has `.`/`..` or characters outside `[A-Za-z0-9._-/]`. */
export class BadKeyError extends Error {
  constructor(key: string) {
    super(`not a valid object key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'BadKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Checks an object key (or a prefix when `prefix` is true: it must then end in `/`) and returns it.
 * @throws BadKeyError
 */
export function assertKey(key: string, prefix = false): string {
  if (typeof key !== 'string' || key.length === 0 || Buffer.byteLength(key) > 512) throw new BadKeyError(String(key));
  if (prefix !== key.endsWith('/')) throw new BadKeyError(key);
  const parts = (prefix ? key.slice(0, -1) : key).split('/');
  for (const part of parts) if (!SEGMENT.test(part) || part === '.' || part === '..') throw new BadKeyError(key);
  return key;
}

/** Object keys of the layout above; ids are checked to be UUIDs. */
export const keys = {
  video: (videoId: string) => `videos/${uuid(videoId)}/`,
  videoFile: (videoId: string, rel: string) => assertKey(`videos/${uuid(videoId)}/${rel}`),
  image: (imageId: string) => `images/${uuid(imageId)}/`,
  imageFile: (imageId: string, file: string) => assertKey(`images/${uuid(imageId)}/${file}`),
};

function uuid(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new BadKeyError(id);
  return id;
}
