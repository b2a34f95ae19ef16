/**
 * The Redis tus locker against the real Redis on 127.0.0.1:6379 (REDIS_URL overrides it), each test under its own random
 * key prefix. Two "instances" are two lockers, each with its own ioredis clients. The last block runs two real @tus/server
 * servers over one upload folder on two loopback ports and sends one upload's chunks to both.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { ERRORS } from '@tus/utils';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedisLocker, type RedisLocker, type RedisLockerOptions } from './redis-locker.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let prefix = '';
let admin: Redis;
const cleanups: Array<() => Promise<unknown> | void> = [];

beforeEach(() => {
  prefix = `test:tus-lock:${randomUUID()}:`;
  admin = new Redis(REDIS_URL);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

/** One web instance: its own command client and locker (which duplicates the client for pub/sub). */
function instance(options: Partial<Omit<RedisLockerOptions, 'redis'>> = {}): { redis: Redis; locker: RedisLocker } {
  const redis = new Redis(REDIS_URL);
  const locker = createRedisLocker({ redis, keyPrefix: prefix, ...options });
  cleanups.push(async () => {
    await locker.close();
    redis.disconnect();
  });
  return { redis, locker };
}

const never = () => new AbortController().signal;

/** `promise`, or a rejection naming `what` when it has not settled after `ms` (so a missing event fails fast). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what} did not come within ${ms} ms`)))]);
}

describe('createRedisLocker', () => {
  it("asks the holder on another instance to release, and hands the lock over when it unlocks", async () => {
    const a = instance();
    const b = instance();
    const events: string[] = [];
    const lockA = a.locker.newLock('upload-1');
    let asked!: () => void;
    const releaseAsked = new Promise<void>((resolve) => (asked = resolve));
    await lockA.lock(never(), () => {
      if (!events.includes('A asked to release')) events.push('A asked to release');
      asked();
    });
    const lockB = b.locker.newLock('upload-1');
    const bLocked = lockB.lock(never(), () => {}).then(() => events.push('B locked'));

    await within(releaseAsked, 5000, 'the release request');
    await sleep(150); // B keeps waiting while A holds
    expect(events).toEqual(['A asked to release']);
    events.push('A unlocks');
    await lockA.unlock();
    await bLocked;
    expect(events).toEqual(['A asked to release', 'A unlocks', 'B locked']);
    expect(await admin.exists(`${prefix}upload-1`)).toBe(1);
    await lockB.unlock();
    expect(await admin.exists(`${prefix}upload-1`)).toBe(0);
  });

  it('never lets two holders on two instances interleave a read-modify-write (20 tasks, one id)', async () => {
    const a = instance();
    const b = instance();
    const counterKey = `${prefix}counter`;
    let inside = 0;
    let mostInside = 0;
    const task = async (i: number) => {
      const { locker, redis } = i % 2 === 0 ? a : b;
      const lock = locker.newLock('shared');
      await lock.lock(never(), () => {});
      inside += 1;
      mostInside = Math.max(mostInside, inside);
      const read = Number((await redis.get(counterKey)) ?? '0');
      await sleep(Math.floor(Math.random() * 5));
      await redis.set(counterKey, String(read + 1));
      inside -= 1;
      await lock.unlock();
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => task(i)));
    expect(await admin.get(counterKey)).toBe('20');
    expect(mostInside).toBe(1);
    expect(await admin.exists(`${prefix}shared`)).toBe(0);
  });

  it('gives up with ERR_LOCK_TIMEOUT when the holder ignores the release request', async () => {
    const a = instance();
    const b = instance({ acquireLockTimeoutMs: 300 });
    let releaseRequests = 0;
    const lockA = a.locker.newLock('busy');
    await lockA.lock(never(), () => {
      releaseRequests += 1;
    });
    await expect(b.locker.newLock('busy').lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(releaseRequests).toBeGreaterThan(0);
    await lockA.unlock(); // still A's lock: unlocking it works and frees the key
    expect(await admin.exists(`${prefix}busy`)).toBe(0);
  });

  it('stops waiting when the stop signal aborts, and does not take the lock later', async () => {
    const a = instance();
    const b = instance();
    const lockA = a.locker.newLock('held');
    let asked!: () => void;
    const releaseAsked = new Promise<void>((resolve) => (asked = resolve));
    await lockA.lock(never(), () => asked());
    const stop = new AbortController();
    const waiting = b.locker.newLock('held').lock(stop.signal, () => {});
    await within(releaseAsked, 5000, 'the release request'); // B is waiting now
    stop.abort();
    // The wait ends on the abort, long before B's 30 s acquire timeout.
    await expect(within(waiting, 5000, 'the end of the aborted wait')).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await lockA.unlock();
    await sleep(300);
    expect(await admin.exists(`${prefix}held`)).toBe(0);

    // A signal that is already aborted does not take even a free lock.
    await expect(b.locker.newLock('free').lock(AbortSignal.abort(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(await admin.exists(`${prefix}free`)).toBe(0);
  });

  it('lets another instance in once a crashed holder’s lock expires, and tells the cut-off holder to stop', async () => {
    const a = instance({ lockTtlMs: 500 });
    const b = instance({ acquireLockTimeoutMs: 10_000 });
    let aReleaseRequests = 0;
    await a.locker.newLock('crash').lock(never(), () => {
      aReleaseRequests += 1;
    });
    const ttl = await admin.pttl(`${prefix}crash`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(500);
    // The "crash": A's connections drop without an unlock; its renewals fail from now on.
    await a.locker.close();
    a.redis.disconnect();

    const lockB = b.locker.newLock('crash');
    await lockB.lock(never(), () => {});
    expect(await admin.exists(`${prefix}crash`)).toBe(1);
    // A's renewal timer, unable to reach Redis for a whole ttl, asks A's request to stop.
    await vi.waitFor(() => expect(aReleaseRequests).toBeGreaterThan(0), { timeout: 2000 });
    await lockB.unlock();
  });

  it('renews a held lock past its ttl until unlock', async () => {
    const a = instance({ lockTtlMs: 300 });
    const b = instance({ acquireLockTimeoutMs: 200 });
    const lockA = a.locker.newLock('long');
    await lockA.lock(never(), () => {});
    const token = await admin.get(`${prefix}long`);
    await sleep(1000); // more than three ttls
    expect(await admin.get(`${prefix}long`)).toBe(token);
    await expect(b.locker.newLock('long').lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await lockA.unlock();
    expect(await admin.exists(`${prefix}long`)).toBe(0);
  });

  it('does not delete a lock another instance took after ours was lost; the loser is asked to stop', async () => {
    const a = instance({ lockTtlMs: 600 });
    const b = instance();
    let aReleaseRequests = 0;
    const lockA = a.locker.newLock('stolen');
    await lockA.lock(never(), () => {
      aReleaseRequests += 1;
    });
    await admin.del(`${prefix}stolen`); // as if A's key had expired while A was paused
    const lockB = b.locker.newLock('stolen');
    await lockB.lock(never(), () => {});
    const tokenB = await admin.get(`${prefix}stolen`);
    expect(tokenB).not.toBeNull();
    await vi.waitFor(() => expect(aReleaseRequests).toBeGreaterThan(0), { timeout: 2000 }); // A's renewal saw the loss

    await lockA.unlock();
    expect(await admin.get(`${prefix}stolen`)).toBe(tokenB);
    await lockB.unlock();
    expect(await admin.exists(`${prefix}stolen`)).toBe(0);
  });

  it('refuses to unlock a lock it does not hold, to lock twice, and bad durations', async () => {
    const a = instance();
    const lock = a.locker.newLock('x');
    await expect(lock.unlock()).rejects.toThrow('Releasing an unlocked lock!');
    await lock.lock(never(), () => {});
    await expect(lock.lock(never(), () => {})).rejects.toThrow(/already held/);
    await lock.unlock();
    await expect(lock.unlock()).rejects.toThrow('Releasing an unlocked lock!');
    expect(() => createRedisLocker({ redis: a.redis, lockTtlMs: 0 })).toThrow(TypeError);
    expect(() => createRedisLocker({ redis: a.redis, acquireLockTimeoutMs: 1.5 })).toThrow(TypeError);
  });

  it('close() ends the subscriber connection; the caller’s client stays open', async () => {
    const a = instance();
    const lock = a.locker.newLock('y');
    await lock.lock(never(), () => {});
    await lock.unlock();
    expect(await admin.publish(`${prefix}release:y`, '1')).toBe(1); // A's subscriber hears its prefix
    await a.locker.close();
    expect(await admin.publish(`${prefix}release:y`, '1')).toBe(0);
    expect(await a.redis.ping()).toBe('PONG');
    await expect(a.locker.newLock('y').lock(never(), () => {})).rejects.toThrow(/closed/);
  });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string } | { error: string };

/**
 * Sends one request. With `body: 'hold'` the headers go out and the body stays open until the server answers
 * (the test never ends it), like a client whose chunk is still on its way.
 */
function send(port: number, method: string, urlPath: string, headers: Record<string, string>, body?: Buffer | 'hold'): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, agent: false, headers: { 'Tus-Resumable': '1.0.0', ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString() });
        if (body === 'hold') req.destroy();
      });
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    if (body === 'hold') req.flushHeaders();
    else req.end(body);
  });
}

function patch(port: number, id: string, offset: number, body: Buffer | 'hold'): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) };
  if (body !== 'hold') headers['Content-Length'] = String(body.length);
  return send(port, 'PATCH', `/files/${id}`, headers, body);
}

function status(answer: Answer): number | string {
  return 'status' in answer ? answer.status : answer.error;
}

async function headOffset(port: number, id: string): Promise<number> {
  const answer = await send(port, 'HEAD', `/files/${id}`, {});
  if (!('status' in answer) || answer.status !== 200) throw new Error(`HEAD answered ${JSON.stringify(answer)}`);
  return Number(answer.headers['upload-offset']);
}

describe('two @tus/server instances sharing one upload folder and the Redis locker', () => {
  it('resumes one upload across both, and a PATCH on one stops the conflicting PATCH on the other', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tus-redis-lock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const ports: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { locker } = instance();
      const tus = new TusServer({ path: '/files', datastore: new FileStore({ directory: dir }), locker, lockDrainTimeout: 200 });
      const server: HttpServer = createServer((req, res) => void tus.handle(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      cleanups.push(() => server.closeAllConnections());
      ports.push((server.address() as AddressInfo).port);
    }
    const [one, two] = ports as [number, number];
    const source = randomBytes(3 * 1024 * 1024 + 12_345);
    const chunkBytes = 512 * 1024;

    const created = await send(one, 'POST', '/files', { 'Upload-Length': String(source.length) });
    expect(status(created)).toBe(201);
    const id = path.posix.basename(String('status' in created && created.headers.location));

    // 1. A PATCH on server one holds the lock with its body still open; a PATCH of the same offset on server two
    //    must make server one stop its request (the release request crosses instances), then write the chunk.
    const held = patch(one, id, 0, 'hold');
    await vi.waitFor(async () => expect(await admin.exists(`${prefix}${id}`)).toBe(1), { timeout: 5000 });
    const first = source.subarray(0, chunkBytes);
    const [heldAnswer, takeover] = await Promise.all([within(held, 10_000, 'the end of the held PATCH'), patch(two, id, 0, first)]);
    if ('status' in heldAnswer) {
      expect([204, 400, 409, 423]).toContain(heldAnswer.status);
      if (heldAnswer.status === 204) expect(heldAnswer.headers['upload-offset']).toBe('0'); // ended with nothing written
    }
    expect(status(takeover)).toBe(204);
    expect('status' in takeover && takeover.headers['upload-offset']).toBe(String(chunkBytes));

    // 2. Two PATCHes of the same offset and bytes at once, one to each server: one writes, the other is refused.
    const second = source.subarray(chunkBytes, 2 * chunkBytes);
    const pair = await Promise.all([patch(one, id, chunkBytes, second), patch(two, id, chunkBytes, second)]);
    const statuses = pair.map(status);
    expect(statuses).toContain(204);
    for (const s of statuses) expect([204, 400, 409, 423]).toContain(s);
    const written = pair.map((answer) => ('status' in answer && answer.status === 204 ? Number(answer.headers['upload-offset']) : 0));
    expect(Math.max(...written)).toBeGreaterThan(chunkBytes);

    // 3. The rest, chunk by chunk, alternating servers, each resuming from the offset the other one reports.
    let offset = await headOffset(two, id);
    expect(offset).toBeGreaterThan(chunkBytes);
    for (let turn = 0; offset < source.length; turn += 1) {
      const port = turn % 2 === 0 ? one : two;
      const answer = await patch(port, id, offset, source.subarray(offset, offset + chunkBytes));
      expect(status(answer)).toBe(204);
      offset = await headOffset(turn % 2 === 0 ? two : one, id);
    }
    expect(offset).toBe(source.length);
    expect(await headOffset(one, id)).toBe(source.length);
    expect((await readFile(path.join(dir, id))).equals(source)).toBe(true);
    expect(await admin.exists(`${prefix}${id}`)).toBe(0);
  });
});
