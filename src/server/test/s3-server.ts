/**
 * A throwaway S3-compatible server for tests: the npm package s3rver (https://github.com/jamhall/s3rver, v3.7) on
 * a free loopback port, storing into a fresh temporary folder that `stop()` removes. It speaks the S3 REST API with
 * path-style addressing and AWS Signature V4, and accepts the fixed key pair `S3RVER` / `S3RVER`
 * (node_modules/s3rver/lib/models/account.js). The bucket is reached only through the S3 API.
 *
 * It runs in a child process, for three reasons:
 * - s3rver encrypts ListObjectsV2 continuation tokens with DES (lib/controllers/bucket.js), which OpenSSL 3 (Node
 *   18+) only offers with `--openssl-legacy-provider`: without it every truncated listing answers 500
 *   InternalError ("digital envelope routines::unsupported"). The flag is given to the child only.
 * - Its logger installs process-wide exception handlers, which have no business in a test worker.
 * - One helper serves in-process tests and scenario tests alike; the child dies with its parent (stdin closes).
 * ListParts and AbortMultipartUpload, which s3rver lacks and @tus/s3-store uses to continue an upload, are answered
 * by a middleware in the child from s3rver's own part files.
 * One s3rver bug is patched in the child: a `Range: bytes=0-0` request (the first byte) is answered with the whole
 * object, because lib/stores/filesystem.js reads the end as `options.end || Infinity`.
 * s3rver ignores the CRC32 checksum headers that @aws-sdk/client-s3 3.729+ sends by default, so no client setting
 * is needed for it (the storage's client sets `WHEN_REQUIRED` anyway, for R2 and others: createS3Client).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3StorageConfig } from '../providers/storage/s3-storage.js';

export interface TestS3Server {
  /** `http://127.0.0.1:{port}` */
  endpoint: string;
  /** A bucket created at start, with a random name. */
  bucket: string;
  /** Ready for createS3Storage (path style, us-east-1, the s3rver key pair). */
  config: S3StorageConfig;
  /**
   * Every request the server received so far, in order (`{ method: 'PUT', url: '/bucket/key?partNumber=1&...' }`),
   * for tests that check what went over the wire. Filled asynchronously from the child's output.
   */
  requests: Array<{ method: string; url: string }>;
  stop(): Promise<void>;
}

/** CommonJS run by the child: patches s3rver, starts it, prints `{"port":n}` then one JSON line per request. */
const CHILD = String.raw`
const path = require('node:path');
const fs = require('node:fs');
const { S3RVER_MAIN, S3RVER_DIR, S3RVER_BUCKET } = process.env;
const S3rver = require(S3RVER_MAIN);
const Store = require(path.join(path.dirname(S3RVER_MAIN), 'stores', 'filesystem.js'));
const getObject = Store.prototype.getObject;
Store.prototype.getObject = async function (bucket, key, options) {
  if (!options || options.end !== 0) return getObject.call(this, bucket, key, options);
  const object = await getObject.call(this, bucket, key, { start: 0, end: 1 });
  if (object && object.content) {
    object.content.destroy();
    object.content = fs.createReadStream(this.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 });
    object.range = { start: 0, end: 0 };
  }
  return object;
};
if (process.env.S3RVER_REFUSE_BATCH_DELETE === '1') {
  const S3Error = require(path.join(path.dirname(S3RVER_MAIN), 'models', 'error.js'));
  require(path.join(path.dirname(S3RVER_MAIN), 'controllers', 'object.js')).deleteMultipleObjects = async () => {
    throw new S3Error('NotImplemented', 'A header you provided implies functionality that is not implemented');
  };
}
const server = new S3rver({
  port: 0, address: '127.0.0.1', silent: true, directory: S3RVER_DIR, configureBuckets: [{ name: S3RVER_BUCKET }],
});
// ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId) are missing from s3rver 3.7, and
// @tus/s3-store needs both to continue an upload: answered here from the folder where s3rver keeps the parts.
server.middleware.unshift(async (ctx, next) => {
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  const uploadId = ctx.query.uploadId;
  if (!match || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId) || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
  const dir = path.join(server.store.getResourcePath(match[1], undefined, 'uploads'), uploadId);
  if (!fs.existsSync(dir)) {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
    return;
  }
  if (ctx.method === 'DELETE') {
    fs.rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const parts = fs.readdirSync(dir).filter((f) => /^\d+$/.test(f)).map(Number).sort((a, b) => a - b);
  const xml = parts.map((n) => {
    const file = path.join(dir, String(n));
    const md5 = fs.existsSync(file + '.md5') ? fs.readFileSync(file + '.md5', 'utf8') : '';
    const st = fs.statSync(file);
    return '<Part><PartNumber>' + n + '</PartNumber><LastModified>' + st.mtime.toISOString() + '</LastModified><ETag>"' + md5 + '"</ETag><Size>' + st.size + '</Size></Part>';
  }).join('');
  ctx.type = 'application/xml';
  ctx.body = '<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>' + match[1] + '</Bucket><Key>' + decodeURIComponent(match[2]) + '</Key><UploadId>' + uploadId + '</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>' + (parts[parts.length - 1] || 0) + '</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>' + xml + '</ListPartsResult>';
});
server.run().then((address) => {
  server.httpServer.on('request', (req) => process.stdout.write(JSON.stringify({ method: req.method, url: req.url }) + '\n'));
  process.stdout.write(JSON.stringify({ port: address.port }) + '\n');
}, (err) => {
  console.error(err);
  process.exit(1);
});
process.stdin.on('end', () => process.exit(0)).resume();
process.on('SIGTERM', () => process.exit(0));
`;

export interface TestS3ServerOptions {
  /** Answer DeleteObjects (POST ?delete) with 501 NotImplemented, as some S3-compatible gateways do. */
  refuseBatchDelete?: boolean;
}

/**
 * Starts s3rver on 127.0.0.1 with one empty bucket.
 * @throws when the server does not start within 20 seconds (its stderr in the message).
 */
export async function startS3Server(options: TestS3ServerOptions = {}): Promise<TestS3Server> {
  const main = createRequire(import.meta.url).resolve('s3rver');
  const directory = await mkdtemp(path.join(tmpdir(), 'sobanura-s3-'));
  const bucket = `test-${randomUUID().slice(0, 8)}`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    env: {
      ...process.env,
      S3RVER_MAIN: main,
      S3RVER_DIR: directory,
      S3RVER_BUCKET: bucket,
      S3RVER_REFUSE_BATCH_DELETE: options.refuseBatchDelete ? '1' : '0',
      NODE_OPTIONS: '',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(directory, { recursive: true, force: true });
  };

  const requests: TestS3Server['requests'] = [];
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${stderr}`)), 20_000);
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${stderr}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = JSON.parse(line) as { port?: number; method?: string; url?: string };
        if (message.port !== undefined) {
          clearTimeout(timer);
          resolve(message.port);
        } else {
          requests.push({ method: message.method ?? '', url: message.url ?? '' });
        }
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    requests,
    config: { endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    stop,
  };
}
