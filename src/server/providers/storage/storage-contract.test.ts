/**
 * The MediaStorage contract (media-storage.ts), run against both implementations: the local folder and S3 against
 * a real S3-compatible server (s3rver on loopback, src/server/test/s3-server.ts). Same assertions for both, plus a
 * few checks of what only one of them can show (temporary files on disk, multipart requests on the wire).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { createMediaStorage } from './create-storage.js';
import { createLocalStorage } from './local-storage.js';
import { BadKeyError, type MediaStorage } from './media-storage.js';
import { createS3Storage, PART_SIZE } from './s3-storage.js';
import type { StorageOptions } from './storage-error-hook.js';

interface Subject {
  storage: MediaStorage;
  /** The same store with an error hook. */
  withHook(onError: NonNullable<StorageOptions['onError']>): MediaStorage;
  /** A store of the same kind whose folder or bucket does not exist, with a hook. */
  broken(onError?: StorageOptions['onError']): MediaStorage;
  stop(): Promise<void>;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sobanura-contract-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let localRoot = '';
let s3: TestS3Server | null = null;

const subjects: Array<{ kind: 'local' | 's3'; start: () => Promise<Subject> }> = [
  {
    kind: 'local',
    async start() {
      localRoot = await mkdtemp(path.join(tmpdir(), 'sobanura-media-'));
      const brokenRoot = path.join(localRoot, 'not-a-folder');
      return {
        storage: createLocalStorage(localRoot),
        withHook: (onError) => createLocalStorage(localRoot, { onError }),
        broken(onError) {
          const storage = createLocalStorage(path.join(brokenRoot, 'media'), { onError });
          // The folder existed at construction, then its parent was replaced by a file (a lost mount, say).
          return {
            ...storage,
            check: async () => {
              await rm(brokenRoot, { recursive: true, force: true });
              await writeFile(brokenRoot, 'x');
              try {
                return await storage.check();
              } finally {
                await rm(brokenRoot, { force: true });
              }
            },
          };
        },
        stop: () => rm(localRoot, { recursive: true, force: true }),
      };
    },
  },
  {
    kind: 's3',
    async start() {
      s3 = await startS3Server();
      const config = { ...s3.config, pageSize: 2 };
      return {
        storage: createS3Storage(config),
        withHook: (onError) => createS3Storage(config, { onError }),
        broken: (onError) => createS3Storage({ ...config, bucket: 'no-such-bucket' }, { onError }),
        stop: () => s3!.stop(),
      };
    },
  },
];

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(subjects)('MediaStorage contract: $kind', ({ kind, start }) => {
  let subject: Subject;
  let storage: MediaStorage;
  beforeAll(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject.stop();
  });

  const readAll = async (key: string, range?: { start: number; end: number }) => {
    const got = await storage.read(key, range);
    if (!got) throw new Error(`no object ${key}`);
    return { ...got, body: await collect(got.stream) };
  };

  it('has its kind and answers check()', async () => {
    expect(storage.kind).toBe(kind);
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('check() rejects when the folder or bucket is gone', async () => {
    await expect(subject.broken().check()).rejects.toThrow();
  });

  it('puts a buffer, a string, a stream and a file, and reads them back', async () => {
    const data = bytes(3000);
    await storage.put('put/buffer.bin', data);
    await storage.put('put/string.txt', 'WEBVTT\n\nŋ é\n', { contentType: 'text/vtt' });
    await storage.put('put/stream.bin', Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    const file = path.join(scratch, `${kind}-source.bin`);
    await writeFile(file, data);
    await storage.putFile('put/file.bin', file, { contentType: 'video/mp4', cacheControl: 'private, max-age=60' });

    expect(await storage.readBuffer('put/buffer.bin')).toEqual(data);
    expect((await storage.readBuffer('put/string.txt'))?.toString('utf8')).toBe('WEBVTT\n\nŋ é\n');
    expect(await storage.readBuffer('put/stream.bin')).toEqual(data);
    expect(await storage.readBuffer('put/file.bin')).toEqual(data);
    expect(await storage.stat('put/string.txt')).toEqual({ key: 'put/string.txt', size: Buffer.byteLength('WEBVTT\n\nŋ é\n') });
  });

  it('replaces an object on put', async () => {
    await storage.put('replace/a.txt', 'first version, long');
    await storage.put('replace/a.txt', 'second');
    expect((await storage.readBuffer('replace/a.txt'))?.toString()).toBe('second');
    expect(await storage.stat('replace/a.txt')).toEqual({ key: 'replace/a.txt', size: 6 });
  });

  it('keeps the previous object when a stream fails mid-way', async () => {
    await storage.put('failing/a.bin', 'old');
    const failing = new Readable({
      read() {
        this.push(bytes(100));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('failing/a.bin', failing)).rejects.toThrow('client went away');
    expect((await storage.readBuffer('failing/a.bin'))?.toString()).toBe('old');
    expect((await storage.list('failing/')).map((o) => o.key)).toEqual(['failing/a.bin']);
  });

  it('reads a whole object as a stream with its size and range', async () => {
    const data = bytes(1000);
    await storage.put('read/whole.bin', data);
    const got = await readAll('read/whole.bin');
    expect(got.body).toEqual(data);
    expect(got.size).toBe(1000);
    expect(got.range).toEqual({ start: 0, end: 999 });
  });

  it('reads byte ranges: first byte, middle, last byte, end clamped to the size', async () => {
    const data = bytes(1000);
    await storage.put('read/range.bin', data);
    const cases = [
      { ask: { start: 0, end: 0 }, got: { start: 0, end: 0 } },
      { ask: { start: 100, end: 299 }, got: { start: 100, end: 299 } },
      { ask: { start: 999, end: 999 }, got: { start: 999, end: 999 } },
      { ask: { start: 900, end: 5000 }, got: { start: 900, end: 999 } },
    ];
    for (const { ask, got } of cases) {
      const read = await readAll('read/range.bin', ask);
      expect(read.range, JSON.stringify(ask)).toEqual(got);
      expect(read.size).toBe(1000);
      expect(read.body).toEqual(data.subarray(got.start, got.end + 1));
    }
  });

  it('throws RangeError for a range starting at or past the end, or a malformed one', async () => {
    await storage.put('read/short.bin', bytes(10));
    await expect(storage.read('read/short.bin', { start: 10, end: 20 })).rejects.toThrow(RangeError);
    await expect(storage.read('read/short.bin', { start: 5000, end: 5001 })).rejects.toThrow(RangeError);
    await expect(storage.read('read/short.bin', { start: 5, end: 4 })).rejects.toThrow(RangeError);
    await expect(storage.read('read/short.bin', { start: -1, end: 4 })).rejects.toThrow(RangeError);
  });

  it('answers null for a missing object, not an error', async () => {
    expect(await storage.read('missing/nothing.bin')).toBeNull();
    expect(await storage.read('missing/nothing.bin', { start: 0, end: 1 })).toBeNull();
    expect(await storage.readBuffer('missing/nothing.bin')).toBeNull();
    expect(await storage.stat('missing/nothing.bin')).toBeNull();
    expect(await storage.list('missing/')).toEqual([]);
  });

  it('treats a prefix as no object', async () => {
    await storage.put('dir/inner/file.txt', 'x');
    expect(await storage.stat('dir/inner')).toBeNull();
    expect(await storage.read('dir/inner')).toBeNull();
    await storage.delete('dir/inner');
    expect(await storage.stat('dir/inner/file.txt')).toEqual({ key: 'dir/inner/file.txt', size: 1 });
  });

  it('lists a prefix recursively in key order, with sizes, and nothing outside it', async () => {
    const put = ['videos/a/master.m3u8', 'videos/a/720p/index.m3u8', 'videos/a/720p/seg-00001.m4s', 'videos/a/240p/seg-00000.m4s', 'videos/a/poster.webp'];
    for (const [i, key] of put.entries()) await storage.put(key, bytes(i + 1));
    await storage.put('videos/ab/master.m3u8', 'other video');
    await storage.put('videos/b.txt', 'beside');

    const listed = await storage.list('videos/a/');
    expect(listed).toEqual([
      { key: 'videos/a/240p/seg-00000.m4s', size: 4 },
      { key: 'videos/a/720p/index.m3u8', size: 2 },
      { key: 'videos/a/720p/seg-00001.m4s', size: 3 },
      { key: 'videos/a/master.m3u8', size: 1 },
      { key: 'videos/a/poster.webp', size: 5 },
    ]);
    expect((await storage.list('videos/a/720p/')).map((o) => o.key)).toEqual(['videos/a/720p/index.m3u8', 'videos/a/720p/seg-00001.m4s']);
    expect((await storage.list('videos/')).map((o) => o.key)).toContain('videos/ab/master.m3u8');
  });

  it('deletes one object, and is quiet when it is absent', async () => {
    await storage.put('del/one.txt', '1');
    await storage.put('del/two.txt', '2');
    await storage.delete('del/one.txt');
    await storage.delete('del/one.txt');
    await storage.delete('del/never.txt');
    expect(await storage.stat('del/one.txt')).toBeNull();
    expect((await storage.list('del/')).map((o) => o.key)).toEqual(['del/two.txt']);
  });

  it('deletes a prefix, counting the objects, and leaves siblings with the same start', async () => {
    for (const key of ['gone/a/1.ts', 'gone/a/2.ts', 'gone/a/sub/3.ts', 'gone/ab/keep.ts', 'gone/a.ts']) await storage.put(key, key);
    expect(await storage.deletePrefix('gone/a/')).toBe(3);
    expect(await storage.list('gone/a/')).toEqual([]);
    expect((await storage.list('gone/')).map((o) => o.key)).toEqual(['gone/a.ts', 'gone/ab/keep.ts']);
    expect(await storage.deletePrefix('gone/a/')).toBe(0);
  });

  it('refuses keys that escape their prefix or are malformed, before touching the store', async () => {
    const badKeys = ['../x', 'a/../../b', '/abs', 'a//b', 'a\\b', '', 'a/', '.tmp-x'];
    for (const key of badKeys) {
      const why = JSON.stringify(key);
      await expect(storage.put(key, 'x'), why).rejects.toThrow(BadKeyError);
      await expect(storage.putFile(key, path.join(scratch, 'any')), why).rejects.toThrow(BadKeyError);
      await expect(storage.read(key), why).rejects.toThrow(BadKeyError);
      await expect(storage.readBuffer(key), why).rejects.toThrow(BadKeyError);
      await expect(storage.stat(key), why).rejects.toThrow(BadKeyError);
      await expect(storage.delete(key), why).rejects.toThrow(BadKeyError);
      await expect(storage.readLocation(key, 60), why).rejects.toThrow(BadKeyError);
    }
    for (const prefix of ['videos', '', '../', 'a/../', '/abs/', 'a//']) {
      await expect(storage.list(prefix), JSON.stringify(prefix)).rejects.toThrow(BadKeyError);
      await expect(storage.deletePrefix(prefix), JSON.stringify(prefix)).rejects.toThrow(BadKeyError);
    }
  });

  it('gives a location a child process can read the object from', async () => {
    const data = bytes(500);
    await storage.put('loc/source.mp4', data);
    const location = await storage.readLocation('loc/source.mp4', 300);
    if (kind === 'local') {
      expect(path.isAbsolute(location)).toBe(true);
      expect(await readFile(location)).toEqual(data);
    } else {
      expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*X-Amz-Signature=/);
      const res = await fetch(location);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(data);
    }
  });

  it('stores a 20 MB file byte-exact (multipart on S3)', async () => {
    const big = randomBytes(20 * 1024 * 1024);
    const file = path.join(scratch, `${kind}-big.bin`);
    await writeFile(file, big);
    const seen = s3?.requests.length ?? 0;
    await storage.putFile('big/source.mp4', file);
    expect(await storage.stat('big/source.mp4')).toEqual({ key: 'big/source.mp4', size: big.length });
    const got = await readAll('big/source.mp4');
    expect(sha256(got.body)).toBe(sha256(big));
    const tail = await readAll('big/source.mp4', { start: big.length - 10, end: big.length + 10 });
    expect(tail.body).toEqual(big.subarray(big.length - 10));
    if (kind === 's3') {
      await vi.waitFor(() => {
        const requests = s3!.requests.slice(seen);
        expect(requests.filter((r) => r.method === 'POST' && r.url.includes('?uploads'))).toHaveLength(1);
        expect(requests.filter((r) => r.method === 'PUT' && r.url.includes('partNumber='))).toHaveLength(Math.ceil(big.length / PART_SIZE)); // 8 + 8 + 4 MiB
      });
    }
  });

  it('reports unexpected failures to onError, but not missing objects or the caller’s mistakes', async () => {
    const seen: string[] = [];
    const hooked = subject.withHook((op) => seen.push(op));
    expect(await hooked.stat('hook/missing.txt')).toBeNull();
    expect(await hooked.read('hook/missing.txt')).toBeNull();
    await expect(hooked.stat('../x')).rejects.toThrow(BadKeyError);
    await hooked.put('hook/a.txt', 'abc');
    await expect(hooked.read('hook/a.txt', { start: 3, end: 3 })).rejects.toThrow(RangeError);
    expect(seen).toEqual([]);

    const broken = subject.broken((op) => seen.push(op));
    await expect(broken.check()).rejects.toThrow();
    expect(seen).toEqual(['check']);
  });
});

describe('local folder storage specifics', () => {
  let root: string;
  let storage: MediaStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sobanura-local-'));
    storage = createLocalStorage(path.join(root, 'media', 'deep'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates its folder and maps keys to files under it', async () => {
    expect(existsSync(path.join(root, 'media', 'deep'))).toBe(true);
    await storage.put('videos/v/master.m3u8', '#EXTM3U\n');
    expect(await readFile(path.join(root, 'media', 'deep', 'videos', 'v', 'master.m3u8'), 'utf8')).toBe('#EXTM3U\n');
  });

  it('leaves no temporary files after puts, and never lists them', async () => {
    const file = path.join(root, 'src.bin');
    await writeFile(file, bytes(100));
    await storage.put('atomic/a.bin', bytes(10));
    await storage.put('atomic/b.bin', Readable.from([bytes(10)]));
    await storage.putFile('atomic/c.bin', file);
    await expect(storage.put('atomic/d.bin', new Readable({ read() { this.destroy(new Error('boom')); } }))).rejects.toThrow('boom');
    const dir = path.join(root, 'media', 'deep', 'atomic');
    expect((await readdir(dir)).sort()).toEqual(['a.bin', 'b.bin', 'c.bin']);

    await writeFile(path.join(dir, '.tmp-left-by-a-crash'), 'half');
    expect((await storage.list('atomic/')).map((o) => o.key)).toEqual(['atomic/a.bin', 'atomic/b.bin', 'atomic/c.bin']);
    expect(await storage.deletePrefix('atomic/')).toBe(3);
    expect(existsSync(dir)).toBe(false);
  });

});

describe('S3 storage specifics', () => {
  let server: TestS3Server;
  let storage: MediaStorage;
  beforeAll(async () => {
    server = await startS3Server({ refuseBatchDelete: true });
    storage = createS3Storage({ ...server.config, pageSize: 2 });
  });
  afterAll(async () => {
    await server.stop();
  });

  const requestsDuring = async (action: () => Promise<unknown>) => {
    const seen = server.requests.length;
    await action();
    // One more round trip, so the log lines of the action's requests have arrived from the child.
    await storage.stat('sync/none');
    await vi.waitFor(() => expect(server.requests.at(-1)?.url).toContain('/sync/none'));
    return server.requests.slice(seen, -1);
  };

  it('pages through a listing longer than a page (ListObjectsV2 continuation)', async () => {
    for (const n of [1, 2, 3, 4, 5]) await storage.put(`pages/${n}.ts`, String(n));
    let listed: string[] = [];
    const requests = await requestsDuring(async () => {
      listed = (await storage.list('pages/')).map((o) => o.key);
    });
    expect(listed).toEqual(['pages/1.ts', 'pages/2.ts', 'pages/3.ts', 'pages/4.ts', 'pages/5.ts']);
    expect(requests.filter((r) => r.url.includes('list-type=2'))).toHaveLength(3);
    expect(requests.filter((r) => r.url.includes('continuation-token='))).toHaveLength(2);
  });

  it('deletes one by one when the server does not implement DeleteObjects, and remembers it', async () => {
    for (const n of [1, 2, 3]) await storage.put(`fallback/${n}.ts`, String(n));
    const first = await requestsDuring(async () => expect(await storage.deletePrefix('fallback/')).toBe(3));
    expect(first.filter((r) => r.method === 'POST' && r.url.includes('?delete'))).toHaveLength(1);
    // Distinct URLs: the SDK may retry a request whose kept-alive socket s3rver closed after its 501.
    const deleted = (requests: typeof first) => new Set(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.split('?')[0]));
    expect(deleted(first)).toEqual(new Set([1, 2, 3].map((n) => `/${server.bucket}/fallback/${n}.ts`)));
    expect(await storage.list('fallback/')).toEqual([]);

    for (const n of [1, 2]) await storage.put(`fallback/${n}.ts`, String(n));
    const second = await requestsDuring(async () => expect(await storage.deletePrefix('fallback/')).toBe(2));
    expect(second.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(deleted(second).size).toBe(2);
  });

  it('stores the content type and cache control with the object', async () => {
    await storage.put('meta/index.m3u8', '#EXTM3U\n', { contentType: 'application/vnd.apple.mpegurl', cacheControl: 'private, max-age=2' });
    const res = await fetch(await storage.readLocation('meta/index.m3u8', 60));
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, max-age=2');
    expect(await res.text()).toBe('#EXTM3U\n');
  });

  it('treats a missing bucket as an error, not as a missing object', async () => {
    const lost = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(lost.read('a/b')).rejects.toThrow();
    await expect(lost.readBuffer('a/b')).rejects.toThrow();
    await expect(lost.put('a/b', 'x')).rejects.toThrow();
  });

  it('is what createMediaStorage picks for STORAGE=s3, and local is picked for STORAGE=local', async () => {
    const picked = createMediaStorage({ storage: 's3', mediaDir: '/nonexistent', s3: server.config });
    expect(picked.kind).toBe('s3');
    await picked.put('picked/a.txt', 'a');
    expect((await storage.readBuffer('picked/a.txt'))?.toString()).toBe('a');
    expect(() => createMediaStorage({ storage: 's3', mediaDir: '/nonexistent', s3: null })).toThrow(/S3_BUCKET/);
    const dir = await mkdtemp(path.join(tmpdir(), 'sobanura-picked-'));
    try {
      expect(createMediaStorage({ storage: 'local', mediaDir: dir, s3: server.config }).kind).toBe('local');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a page size S3 does not allow', () => {
    for (const pageSize of [0, 1001, 1.5]) {
      expect(() => createS3Storage({ ...server.config, pageSize })).toThrow(RangeError);
    }
  });
});
