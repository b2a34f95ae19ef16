/**
 * Where uploaded source videos wait for their transcode (docs/decisions/016-object-storage-and-roles.md): the tus
 * data store that receives the chunks, and what the ingest needs afterwards (probe it, hand a local copy to ffmpeg,
 * delete it). Two implementations:
 * - local: @tus/file-store under DATA_DIR/uploads (the embedded default); the reference kept in
 *   `video_assets.source_path` is the file's absolute path, and ffmpeg reads it in place;
 * - s3: @tus/s3-store in the media bucket (S3 multipart upload, so any web instance continues any upload), at the
 *   bucket's root as `{videoId}` and `{videoId}.info` (that library's layout); the reference is `s3:{videoId}`;
 *   ffprobe reads it through a presigned URL, and a worker downloads it into its temp folder.
 */
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { S3Config } from '../../config.js';
import { s3ClientConfig } from './s3-client-config.js';
import type { ByteSource } from '../transcoder/mp4-boxes.js';
import type { MediaStorage } from './media-storage.js';
import { UploadStore } from './upload-store.js';

/** Seconds a presigned URL handed to ffprobe stays valid (probing takes a second or two). */
const PROBE_URL_SECONDS = 15 * 60;
/** S3 multipart part size for tus chunks, bytes (S3's minimum part is 5 MiB). */
const S3_PART_BYTES = 8 * 1024 * 1024;

export interface UploadSources {
  readonly kind: 'local' | 's3';
  /** The tus data store behind /api/uploads. */
  readonly datastore: DataStore;
  /** The reference stored in `video_assets.source_path` for a finished upload of `videoId`. */
  reference(videoId: string): string;
  /**
   * Where ffprobe reads a finished upload from: a file path, or a presigned GET URL with `bytes`, random access to the
   * same object by byte ranges (its size and the cut-short MP4 check, mp4-boxes.ts).
   * @throws Error when the source is gone.
   */
  probeSource(reference: string): Promise<{ location: string; bytes?: ByteSource }>;
  /** Size of a finished upload in bytes; null when it is gone. */
  size(reference: string): Promise<number | null>;
  /**
   * A local file ffmpeg can read: the upload itself (local), or a download of it into `dir` (s3).
   * @throws Error when the source is gone.
   */
  localCopy(reference: string, dir: string): Promise<string>;
  /** Deletes the source and the store's bookkeeping of it; no error when it is already gone. */
  remove(reference: string): Promise<void>;
  /** Stores a file already on this machine as the finished upload of `videoId` (the command line's import); returns its reference. */
  importFile(videoId: string, file: string): Promise<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function idOf(reference: string): string {
  const id = reference.startsWith('s3:') ? reference.slice(3) : path.basename(reference);
  if (!UUID.test(id)) throw new Error(`not an upload reference: ${reference}`);
  return id;
}

/** Options of both upload stores. */
export interface UploadStoreOptions {
  /**
   * Hours after its creation an unfinished upload expires (UPLOAD_EXPIRY_HOURS): tus answers 410 Gone for it and
   * the store's `deleteExpired` removes it (tus expiration extension). Unset: never.
   */
  expiryHours?: number;
}
const expiryMs = (o: UploadStoreOptions) => (o.expiryHours ? Math.round(o.expiryHours * 3600 * 1000) : 0);

/** Uploads under `uploadDir` on this machine (the embedded default). */
export function createLocalUploadSources(uploadDir: string, options: UploadStoreOptions = {}): UploadSources {
  const datastore = new UploadStore({ directory: uploadDir, expirationPeriodInMilliseconds: expiryMs(options) });
  const fileOf = (reference: string) => path.join(uploadDir, idOf(reference));
  return {
    kind: 'local',
    datastore,
    reference: (videoId) => path.join(uploadDir, idOf(videoId)),
    probeSource: async (reference) => ({ location: fileOf(reference) }),
    size: async (reference) => (await stat(fileOf(reference)).catch(() => null))?.size ?? null,
    async localCopy(reference) {
      const file = fileOf(reference);
      await stat(file);
      return file;
    },
    async remove(reference) {
      const file = fileOf(reference);
      // @tus/file-store keeps the upload's metadata beside it in `{id}.json`.
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
    },
    async importFile(videoId, file) {
      await mkdir(uploadDir, { recursive: true });
      const dest = path.join(uploadDir, idOf(videoId));
      await copyFile(file, dest);
      return dest;
    },
  };
}

/**
 * Uploads in the media bucket (`storage` must be the S3 media storage over the same bucket). Expiry: @tus/s3-store's
 * `deleteExpired` aborts the bucket's multipart uploads started more than the period ago and deletes their `.info` and
 * `.part`; its object tags (`useTags`) are turned off, because several S3-compatible servers (R2 among them) refuse
 * object tagging.
 */
export function createS3UploadSources(s3: S3Config, storage: MediaStorage, options: UploadStoreOptions = {}): UploadSources {
  const { bucket, ...clientConfig } = s3ClientConfig(s3);
  const datastore = new S3Store({ partSize: S3_PART_BYTES, expirationPeriodInMilliseconds: expiryMs(options), useTags: false, s3ClientConfig: { ...clientConfig, bucket } });
  const keyOf = (reference: string) => idOf(reference);
  return {
    kind: 's3',
    datastore,
    reference: (videoId) => `s3:${idOf(videoId)}`,
    async probeSource(reference) {
      const key = keyOf(reference);
      const info = await storage.stat(key);
      if (!info) throw new Error('The uploaded file is missing; upload it again.');
      const bytes: ByteSource = {
        size: info.size,
        async read(offset, length) {
          if (offset >= info.size || length <= 0) return Buffer.alloc(0);
          const got = await storage.read(key, { start: offset, end: Math.min(offset + length, info.size) - 1 });
          if (!got) return Buffer.alloc(0);
          const chunks: Buffer[] = [];
          for await (const chunk of got.stream) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
      };
      return { location: await storage.readLocation(key, PROBE_URL_SECONDS), bytes };
    },
    size: async (reference) => (await storage.stat(keyOf(reference)))?.size ?? null,
    async localCopy(reference, dir) {
      const got = await storage.read(keyOf(reference));
      if (!got) throw new Error('The uploaded file is missing; upload it again.');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, 'source');
      await pipeline(got.stream, createWriteStream(file));
      return file;
    },
    async remove(reference) {
      const id = keyOf(reference);
      // An unfinished upload is an S3 multipart upload: the store aborts it (freeing its parts) and forgets its cached
      // offset; for a finished one there is nothing to abort and it reports the upload missing, which is fine here.
      await datastore.remove(id).catch(() => {});
      await Promise.all([storage.delete(id), storage.delete(`${id}.info`), storage.delete(`${id}.part`)]);
    },
    async importFile(videoId, file) {
      await storage.putFile(idOf(videoId), file, { contentType: 'application/octet-stream' });
      return `s3:${idOf(videoId)}`;
    },
  };
}
