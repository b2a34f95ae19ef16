/**
 * `storage migrate --to s3` against a real S3-compatible server (s3rver, src/server/test/s3-server.ts): a local
 * media folder with nested keys and one object big enough for a multipart upload, copied into the bucket and
 * checked; re-runs, a wrong-sized object, a bucket that lies about sizes, missing settings and an unreachable bucket.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { createS3Client, createS3Storage, PART_SIZE } from '../providers/storage/s3-storage.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { runCli } from './commands.js';
import { runStorageMigrate } from './storage-migrate.js';

describe('storage migrate --to s3', () => {
  let s3: TestS3Server;
  let bucket: MediaStorage;
  const dirs: string[] = [];
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = createS3Storage(s3.config);
  }, 30_000);
  afterAll(async () => {
    await s3?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A DATA_DIR whose media folder holds `files` (key -> bytes); returns the environment naming it and the bucket. */
  const site = (files: Record<string, Buffer | string>) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-migrate-'));
    dirs.push(dataDir);
    for (const [key, body] of Object.entries(files)) {
      const file = path.join(dataDir, 'media', key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    return {
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      /** Read when a test runs, once the S3 server is up. */
      get env(): NodeJS.ProcessEnv {
        return {
          DATA_DIR: dataDir,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: 'us-east-1',
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        };
      },
    };
  };
  const cli = (env: NodeJS.ProcessEnv, ...args: string[]) => runCli(['storage', 'migrate', ...args], { cwd: process.cwd(), env });
  /** The PUT requests s3rver received from index `from` on (single PUTs and multipart parts). */
  const putsSince = (from: number) => s3.requests.slice(from).filter((r) => r.method === 'PUT' || r.method === 'POST');
  /** Every file of a folder with its size and modification time, to show the local side is left alone. */
  const snapshot = (dir: string) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .sort()
      .map((rel) => {
        const info = statSync(path.join(dir, rel));
        return `${rel} ${info.isFile() ? info.size : 'dir'} ${info.mtimeMs}`;
      });

  describe('a media folder with nested keys and a big object', () => {
    const video = randomUUID();
    const image = randomUUID();
    const big = randomBytes(12 * 1024 * 1024 + 123);
    const segment = randomBytes(50_000);
    // An fMP4 rendition (ADR 026: init segment + .m4s) and an MPEG-TS one of a video transcoded before it.
    const files = {
      [`videos/${video}/master.m3u8`]: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n720p/index.m3u8\n',
      [`videos/${video}/720p/index.m3u8`]: '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_001.m4s\n',
      [`videos/${video}/720p/init.mp4`]: randomBytes(900),
      [`videos/${video}/720p/seg_001.m4s`]: segment,
      [`videos/${video}/240p/seg_00001.ts`]: randomBytes(1880),
      [`videos/${video}/downloads/720p.mp4`]: big,
      [`images/${image}/640.webp`]: randomBytes(3000),
    };
    const keys = Object.keys(files).sort();
    const media = site(files);
    const mediaDir = media.mediaDir;

    it('dry run: counts what it would copy, and copies nothing', async () => {
      const before = s3.requests.length;
      const r = await cli(media.env, '--to', 's3', '--dry-run');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/7 objects \(12\.6 MB\) in MEDIA_DIR; 0 already in the bucket with the same size; 7 to copy/);
      expect(r.out).toMatch(/dry run: would copy 7 of 7 objects.*nothing was copied.*STORAGE is unchanged/);
      expect(putsSince(before)).toEqual([]);
      expect(await bucket.list(`videos/${video}/`)).toEqual([]);
    });

    it('copies every object, multipart for the big one, and checks every size', async () => {
      const local = snapshot(mediaDir);
      const before = s3.requests.length;
      const r = await cli(media.env, '--to', 's3', '--concurrency', '2');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/copied 7\/7 objects, 12\.6 MB\/12\.6 MB/);
      expect(r.out).toMatch(/All 7 objects are in the bucket\. Set STORAGE=s3 \(and keep the S3_\* variables\) and restart\.\n$/);
      const stored = [...(await bucket.list('videos/')), ...(await bucket.list('images/'))].filter((o) => o.key.includes(video) || o.key.includes(image)).sort((a, b) => (a.key < b.key ? -1 : 1));
      expect(stored.map((o) => [o.key, o.size])).toEqual(keys.map((key) => [key, Buffer.byteLength(files[key]!)]));
      expect((await bucket.readBuffer(`videos/${video}/downloads/720p.mp4`))!.equals(big)).toBe(true);
      expect((await bucket.readBuffer(`videos/${video}/720p/seg_001.m4s`))!.equals(segment)).toBe(true);
      const bigParts = putsSince(before).filter((q) => q.url.includes(`${video}/downloads/720p.mp4`) && q.url.includes('partNumber='));
      expect(bigParts.length).toBe(Math.ceil(big.length / PART_SIZE));
      // Stored with the content type the services give such objects when they write them.
      const head = await createS3Client(s3.config).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `videos/${video}/master.m3u8` }));
      expect(head.ContentType).toBe('application/vnd.apple.mpegurl');
      const typeOf = async (key: string) => (await createS3Client(s3.config).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentType;
      expect(await typeOf(`videos/${video}/720p/init.mp4`)).toBe('video/mp4');
      expect(await typeOf(`videos/${video}/720p/seg_001.m4s`)).toBe('video/iso.segment');
      expect(await typeOf(`videos/${video}/240p/seg_00001.ts`)).toBe('video/mp2t');
      expect(snapshot(mediaDir)).toEqual(local);
    });

    it('a second run copies nothing and succeeds', async () => {
      const before = s3.requests.length;
      const r = await cli(media.env, '--to', 's3');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/7 already in the bucket with the same size; 0 to copy/);
      expect(r.out).toMatch(/copied 0 objects \(0 B\), 7 were already there/);
      expect(r.out).toMatch(/All 7 objects are in the bucket/);
      expect(putsSince(before)).toEqual([]);
    });

    it('copies again an object the bucket holds with another size', async () => {
      const key = `videos/${video}/720p/seg_001.m4s`;
      await bucket.put(key, Buffer.from('too short'));
      const before = s3.requests.length;
      const r = await cli(media.env, '--to', 's3');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/6 already in the bucket with the same size; 1 to copy/);
      expect(putsSince(before).map((q) => q.url.split('?')[0])).toEqual([`/${s3.bucket}/${key}`]);
      expect((await bucket.readBuffer(key))!.equals(segment)).toBe(true);
    });

    it('fails, switching nothing, when the bucket reports a wrong size after the copy', async () => {
      const liar = (key: string) => (real: MediaStorage): MediaStorage => ({
        ...real,
        kind: real.kind,
        stat: async (k) => {
          const info = await real.stat(k);
          return info && k === key ? { ...info, size: info.size - 1 } : info;
        },
      });
      const out: string[] = [];
      const errors: string[] = [];
      const code = await runStorageMigrate({
        to: 's3',
        dryRun: false,
        concurrency: 4,
        env: media.env,
        progress: (l) => out.push(l),
        print: (l) => out.push(l),
        printError: (l) => errors.push(l),
        openTarget: (cfg) => liar(`videos/${video}/720p/index.m3u8`)(createS3Storage(cfg)),
      });
      expect(code).toBe(1);
      expect(errors.join('\n')).toMatch(/1 of 7 objects are not in the bucket with the right size:\n {2}videos\/.*\/720p\/index\.m3u8: \d+ bytes in the bucket, \d+ in MEDIA_DIR/);
      expect(errors.join('\n')).toMatch(/STORAGE is unchanged/);
      expect(out.join('\n')).not.toMatch(/All 7 objects/);
    });
  });

  it('says that uploads in DATA_DIR/uploads are not migrated', async () => {
    const { dataDir, env } = site({ [`images/${randomUUID()}/320.webp`]: 'webp' });
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', randomUUID()), 'half an upload');
    const r = await cli(env, '--to', 's3');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/not migrated: 1 files in DATA_DIR\/uploads .*finish on local storage/);
    expect(r.out).toMatch(/All 1 objects are in the bucket/);
  });

  it('fails naming the variable when an S3 setting is missing, and copies nothing', async () => {
    const { env } = site({ [`images/${randomUUID()}/320.webp`]: 'webp' });
    const before = s3.requests.length;
    const r = await cli({ ...env, S3_BUCKET: undefined }, '--to', 's3');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/S3_BUCKET: required/);
    expect(r.err).toMatch(/STORAGE is unchanged/);
    const half = await cli({ ...env, S3_SECRET_ACCESS_KEY: undefined }, '--to', 's3');
    expect(half.code).toBe(1);
    expect(half.err).toMatch(/S3_SECRET_ACCESS_KEY/);
    expect(s3.requests.length).toBe(before);
  });

  it('fails before copying anything when the bucket cannot be reached', async () => {
    const { env } = site({ [`images/${randomUUID()}/320.webp`]: 'webp' });
    let puts = 0;
    const errors: string[] = [];
    const code = await runStorageMigrate({
      to: 's3',
      dryRun: false,
      concurrency: 4,
      env: { ...env, S3_BUCKET: 'no-such-bucket' },
      progress: () => {},
      print: () => {},
      printError: (l) => errors.push(l),
      openTarget: (cfg) => {
        const real = createS3Storage(cfg);
        return { ...real, kind: real.kind, putFile: async (...args) => ((puts += 1), real.putFile(...args)) };
      },
    });
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(/cannot reach the bucket s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+: .*404/);
    expect(errors.join('\n')).toMatch(/STORAGE is unchanged/);
    expect(puts).toBe(0);

    const closed = await cli({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9' }, '--to', 's3');
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(/cannot reach the bucket .* at http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/);
    expect(closed.out).not.toMatch(/copied/);
  }, 30_000);

  it('accepts only s3 as the target, and a concurrency of 1 to 64', async () => {
    const { env } = site({});
    for (const args of [['--to', 'local'], [], ['--to', 's3', '--concurrency', '0'], ['--to', 's3', '--concurrency', 'many']]) {
      const r = await cli(env, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(/error: .*(choices|required option|concurrency)/i);
    }
  });

  it('does not lend the storage command the database: other commands without services fail with a message', async () => {
    const r = await runCli(['pass', 'grant', '--email', 'a@example.com', '--plan', 'daily'], { cwd: process.cwd() });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/needs the database/);
  });
});
