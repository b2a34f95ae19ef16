/**
 * A tus upload locker shared by every web instance through Redis, so that two PATCH requests of one upload that land
 * on two instances never write at once.
 *
 * It implements the `Locker`/`Lock` interfaces of @tus/utils (node_modules/@tus/utils/dist/models/Locker.d.ts) with
 * the semantics of @tus/server's own per-process `MemoryLocker`:
 * - `lock(stopSignal, requestRelease)` waits until the lock is free, asking the current holder to let go: the holder's
 *   `requestRelease` is called (on whichever instance holds it) each time a waiter tries and fails. @tus/server's
 *   callback cancels the holder's request, which then ends and unlocks after `lockDrainTimeout`.
 * - The wait ends with `ERRORS.ERR_LOCK_TIMEOUT` after `acquireLockTimeoutMs`, or when `stopSignal` aborts (the same
 *   error MemoryLocker throws then).
 * - `unlock()` of a lock that is not held throws, as MemoryLocker does.
 *
 * Redis layout (single Redis node; the lock pattern of https://redis.io/docs/latest/commands/set/ "Patterns"):
 * - key `<prefix><id>` holds a random token, set with `SET key token NX PX ttl`. The holder extends it every ttl/3 with
 *   a compare-and-PEXPIRE script, and deletes it with a compare-and-DEL script, so an instance whose lock expired
 *   (paused, partitioned) can never extend or delete the lock another instance took since.
 * - channel `<prefix>release:<id>`: a waiter publishes there; the instance holding `id` calls its `requestRelease`.
 * - channel `<prefix>released:<id>`: the holder publishes there after unlocking, so waiters retry at once instead of
 *   at their next poll.
 * Each locker keeps one subscriber connection (a `duplicate()` of the caller's client) pattern-subscribed to both
 * channel families of its prefix. A crashed instance stops renewing, so its locks expire after at most `lockTtlMs`.
 *
 * If a renewal finds the lock gone (or cannot reach Redis for a whole ttl), the holder's `requestRelease` is called so
 * its request stops; exclusivity can no longer be promised past that point.
 */
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Redis } from 'ioredis';

/** Options of {@link createRedisLocker}. Durations are milliseconds. */
export interface RedisLockerOptions {
  /** ioredis client for commands; the caller owns it (connects and quits it). It is duplicated once for pub/sub. */
  redis: Redis;
  /** Prefix of lock keys and channels; default `sobanura:tus-lock:`. */
  keyPrefix?: string;
  /** Lifetime of a lock key without renewal, in ms (renewed every ttl/3 while held); default 30000. */
  lockTtlMs?: number;
  /** How long `lock()` waits before throwing ERRORS.ERR_LOCK_TIMEOUT, in ms; default 30000 (MemoryLocker's default). */
  acquireLockTimeoutMs?: number;
  /** Longest pause between two attempts of a waiter, in ms (a "released" message wakes it sooner); default 100. */
  pollIntervalMs?: number;
}

/** A tus `Locker` backed by Redis. `close()` ends its subscriber connection; it leaves the caller's client open. */
export interface RedisLocker extends Locker {
  close(): Promise<void>;
}

/** Extends the key's expiry only when it still holds our token. KEYS[1] = key; ARGV = token, ttl ms. Returns 1 or 0. */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Deletes the key only when it still holds our token. KEYS[1] = key; ARGV[1] = token. Returns 1 or 0. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Escapes the glob characters of a Redis PSUBSCRIBE pattern (https://redis.io/docs/latest/commands/psubscribe/). */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/**
 * Creates a Redis-backed tus locker: `new Server({ locker: createRedisLocker({ redis }) })`.
 * Throws a TypeError when a duration is not a positive whole number of ms.
 */
export function createRedisLocker(options: RedisLockerOptions): RedisLocker {
  const prefix = options.keyPrefix ?? 'sobanura:tus-lock:';
  const ttlMs = options.lockTtlMs ?? 30_000;
  const timeoutMs = options.acquireLockTimeoutMs ?? 30_000;
  const pollMs = options.pollIntervalMs ?? 100;
  for (const [name, value] of Object.entries({ lockTtlMs: ttlMs, acquireLockTimeoutMs: timeoutMs, pollIntervalMs: pollMs })) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`${name} must be a positive whole number of milliseconds`);
  }
  return new RedisLockerImpl(options.redis, prefix, ttlMs, timeoutMs, pollMs);
}

class RedisLockerImpl implements RedisLocker {
  /** Locks held by this process, by upload id (more than one only in the moment after a lock was lost). */
  readonly holders = new Map<string, Set<RedisLock>>();
  /** Wake-up callbacks of this process's waiters, by upload id. */
  readonly waiters = new Map<string, Set<() => void>>();
  readonly releaseChannel = (id: string) => `${this.prefix}release:${id}`;
  readonly releasedChannel = (id: string) => `${this.prefix}released:${id}`;
  private readonly subscriber: Redis;
  private subscribed: Promise<unknown> | undefined;
  private closed = false;

  constructor(
    readonly redis: Redis,
    readonly prefix: string,
    readonly ttlMs: number,
    readonly timeoutMs: number,
    readonly pollMs: number,
  ) {
    // The app's client (lib/redis.ts) has no offline queue and the copy starts unconnected: psubscribe waits for the connection.
    this.subscriber = redis.duplicate({ enableOfflineQueue: true });
    const releasePrefix = `${prefix}release:`;
    const releasedPrefix = `${prefix}released:`;
    this.subscriber.on('pmessage', (_pattern: string, channel: string) => {
      if (channel.startsWith(releasedPrefix)) {
        for (const wake of this.waiters.get(channel.slice(releasedPrefix.length)) ?? []) wake();
      } else if (channel.startsWith(releasePrefix)) {
        for (const held of this.holders.get(channel.slice(releasePrefix.length)) ?? []) held.askToRelease();
      }
    });
    // Errors surface through the commands; without a listener ioredis would print every reconnect attempt.
    this.subscriber.on('error', () => {});
  }

  /** Subscribes once, on first use; later calls wait for the same subscription. */
  ready(): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the Redis locker is closed'));
    this.subscribed ??= this.subscriber.psubscribe(`${escapeGlob(this.prefix)}release:*`, `${escapeGlob(this.prefix)}released:*`).catch((err: unknown) => {
      this.subscribed = undefined; // a failed subscription is tried again by the next lock()
      throw err;
    });
    return this.subscribed;
  }

  newLock(id: string): Lock {
    return new RedisLock(id, this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}

class RedisLock implements Lock {
  private token: string | undefined;
  private requestRelease: RequestRelease | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly key: string;

  constructor(
    private readonly id: string,
    private readonly locker: RedisLockerImpl,
  ) {
    this.key = locker.prefix + id;
  }

  /** Waits for the lock; see the module comment. Throws ERRORS.ERR_LOCK_TIMEOUT on timeout or abort, Redis errors as they come. */
  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    if (this.token) throw new Error(`lock ${this.id} is already held by this Lock`);
    const { redis, ttlMs, timeoutMs, pollMs } = this.locker;
    await this.locker.ready();
    const token = randomUUID();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if ((await redis.set(this.key, token, 'PX', ttlMs, 'NX')) === 'OK') {
        this.hold(token, requestRelease);
        return;
      }
      // Ask again on every attempt: a holder that took the lock a moment ago may have missed the last request.
      await redis.publish(this.locker.releaseChannel(this.id), '1');
      const left = deadline - Date.now();
      if (left <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.pause(Math.min(pollMs, left), stopSignal);
    }
  }

  /** Releases the lock when it is still ours (token compare) and tells waiters. Throws when this Lock holds nothing. */
  async unlock(): Promise<void> {
    const token = this.token;
    if (!token) throw new Error('Releasing an unlocked lock!');
    this.forget();
    const deleted = Number(await this.locker.redis.eval(RELEASE_SCRIPT, 1, this.key, token));
    if (deleted === 1) await this.locker.redis.publish(this.locker.releasedChannel(this.id), '1');
  }

  /** Calls the holder's callback (a release request from a waiter, or a lost lock); its errors are not ours to throw. */
  askToRelease(): void {
    const callback = this.requestRelease;
    if (!callback) return;
    void Promise.resolve()
      .then(callback)
      .catch(() => {});
  }

  private hold(token: string, requestRelease: RequestRelease): void {
    const { holders, redis, ttlMs } = this.locker;
    this.token = token;
    this.requestRelease = requestRelease;
    let set = holders.get(this.id);
    if (!set) holders.set(this.id, (set = new Set()));
    set.add(this);
    let renewedAt = Date.now();
    this.renewTimer = setInterval(() => {
      redis.eval(RENEW_SCRIPT, 1, this.key, token, ttlMs).then(
        (result) => {
          if (this.token !== token) return;
          if (Number(result) === 1) renewedAt = Date.now();
          else this.lost();
        },
        () => {
          if (this.token === token && Date.now() - renewedAt >= ttlMs) this.lost();
        },
      );
    }, Math.max(1, Math.floor(ttlMs / 3)));
    this.renewTimer.unref();
  }

  /** The key expired or was taken: stop renewing and ask the holder to stop. `unlock()` stays valid (it deletes nothing). */
  private lost(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    this.askToRelease();
  }

  private forget(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    this.token = undefined;
    this.requestRelease = undefined;
    const set = this.locker.holders.get(this.id);
    set?.delete(this);
    if (set?.size === 0) this.locker.holders.delete(this.id);
  }

  /** Resolves after `ms`, on a "released" message for this id, or when `signal` aborts, whichever is first. */
  private pause(ms: number, signal: AbortSignal): Promise<void> {
    const { waiters } = this.locker;
    return new Promise((resolve) => {
      let set = waiters.get(this.id);
      if (!set) waiters.set(this.id, (set = new Set()));
      const waiting = set;
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiting.delete(done);
        if (waiting.size === 0 && waiters.get(this.id) === waiting) waiters.delete(this.id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      waiting.add(done);
    });
  }
}
