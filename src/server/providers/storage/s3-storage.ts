/**
 * Media storage in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO, Ceph RGW), through
 * @aws-sdk/client-s3, with @aws-sdk/lib-storage `Upload` for streams and files (multipart: 8 MiB parts, 4 in
 * flight, so memory stays near 32 MiB whatever the size). docs/decisions/016-object-storage-and-roles.md.
 * Object keys are the bucket's keys unchanged. Sizes and offsets are bytes. API reference:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/ (GetObject, HeadObject, ListObjectsV2, DeleteObjects).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, MediaStorage, ObjectInfo, PutOptions } from './media-storage.js';
import { assertKey } from './media-storage.js';
import { assertRangeShape } from './byte-range.js';
import { reportErrors, type StorageOptions } from './storage-error-hook.js';
import { s3ClientConfig } from './s3-client-config.js';

/** Where the bucket is and how to reach it: the S3_* settings (config.ts S3Config), and the listing page size. */
export interface S3StorageConfig extends S3Config {
  /** Keys per ListObjectsV2 page (MaxKeys), 1..1000; default 1000, the S3 maximum. Small values are for tests. */
  pageSize?: number;
}

/** Multipart part size, bytes (S3 minimum is 5 MiB). */
export const PART_SIZE = 8 * 1024 * 1024;
/** Parts uploaded at once per upload. */
export const PART_QUEUE = 4;
/** DeleteObjects takes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

/** An S3 client for AWS or an S3-compatible endpoint, with the settings of s3-client-config.ts. */
export function createS3Client(cfg: S3StorageConfig): S3Client {
  const { bucket: _bucket, ...config } = s3ClientConfig(cfg);
  return new S3Client(config);
}

interface SdkError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}
const errName = (err: unknown) => (err as SdkError)?.name ?? (err as SdkError)?.Code ?? '';
const errStatus = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;

/** True when S3 says the object is not there (a missing bucket is an error, not a missing object). */
function isMissing(err: unknown): boolean {
  const name = errName(err);
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return errStatus(err) === 404 && name !== 'NoSuchBucket';
}

/** The SDK's body as a Node Readable (in Node it already is one: an IncomingMessage with sdkStreamMixin). */
function toNodeReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (body && typeof (body as WebReadableStream).getReader === 'function') {
    return Readable.fromWeb(body as WebReadableStream);
  }
  throw new Error('S3 GetObject returned no readable body');
}

/** `Content-Range: bytes 0-9/1234` (RFC 9110 section 14.4) as the range sent and the whole object's size. */
function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | null {
  const match = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim()) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
}

/**
 * Media storage in one S3 bucket.
 * @param cfg bucket, region, endpoint, credentials (see S3StorageConfig).
 * @param options `onError` hook for unexpected failures (see storage-error-hook.ts).
 * @throws RangeError when `pageSize` is not 1..1000.
 */
export function createS3Storage(cfg: S3StorageConfig, options: StorageOptions = {}): MediaStorage {
  const pageSize = cfg.pageSize ?? 1000;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw new RangeError(`S3 page size ${pageSize}`);
  const client = createS3Client(cfg);
  const Bucket = cfg.bucket;
  /** Set once the server answered DeleteObjects with NotImplemented (some gateways): delete one by one after. */
  let batchDeleteUnsupported = false;

  const meta = (opts?: PutOptions) => ({ ContentType: opts?.contentType, CacheControl: opts?.cacheControl });

  const upload = async (key: string, body: Readable, opts?: PutOptions) => {
    await new Upload({
      client,
      params: { Bucket, Key: key, Body: body, ...meta(opts) },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
    }).done();
  };

  const deleteOneByOne = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += 8) {
      await Promise.all(keys.slice(i, i + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    }
  };

  const deleteBatch = async (keys: string[]) => {
    if (!batchDeleteUnsupported) {
      try {
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = res.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(`S3 could not delete ${failed.length} objects, first ${first.Key}: ${first.Code} ${first.Message}`);
        }
        return;
      } catch (err) {
        if (errName(err) !== 'NotImplemented' && errStatus(err) !== 501) throw err;
        batchDeleteUnsupported = true;
      }
    }
    await deleteOneByOne(keys);
  };

  const storage: MediaStorage = {
    kind: 's3',

    async put(key, body, opts) {
      assertKey(key);
      if (body instanceof Readable) return upload(key, body, opts);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ...meta(opts) }));
    },

    async putFile(key, file, opts) {
      assertKey(key);
      await upload(key, createReadStream(file), opts);
    },

    async read(key, range?: ByteRange) {
      assertKey(key);
      if (range) assertRangeShape(range);
      let res;
      try {
        res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
      } catch (err) {
        if (isMissing(err)) return null;
        if (errName(err) === 'InvalidRange' || errStatus(err) === 416) {
          throw new RangeError(`byte range ${range?.start}-${range?.end} starts past the end of ${key}`);
        }
        throw err;
      }
      const stream = toNodeReadable(res.Body);
      const sent = parseContentRange(res.ContentRange);
      if (sent) return { stream, size: sent.size, range: { start: sent.start, end: sent.end } };
      // A whole object (no Range asked, or a server that ignored it: the returned range says what is streamed).
      const size = res.ContentLength ?? 0;
      return { stream, size, range: { start: 0, end: size - 1 } };
    },

    async readBuffer(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) throw new Error('S3 GetObject returned no body');
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async stat(key) {
      assertKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { key, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async list(prefix) {
      assertKey(prefix, true);
      const found: ObjectInfo[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: pageSize, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key !== undefined) found.push({ key: item.Key, size: item.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // S3 lists in UTF-8 binary order already; sorting keeps the contract on servers that do not.
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      const keys = (await storage.list(prefix)).map((o) => o.key);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) await deleteBatch(keys.slice(i, i + DELETE_BATCH));
      return keys.length;
    },

    /** Presigned GET URL (AWS Signature V4 query authentication); `seconds` is at most 604800 (7 days). */
    async readLocation(key, seconds) {
      assertKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: seconds });
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return reportErrors(storage, options.onError);
}
