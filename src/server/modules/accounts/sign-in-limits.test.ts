/**
 * Sign-in brute-force protection per account and trusted device (ADR 018), whatever address the guesses claim:
 * TRUST_PROXY trusts the injecting peer, so every guess below really comes "from" another X-Forwarded-For address.
 * The first lock-out is 60 s here (SIGN_IN_LOCKOUT_FIRST_SECONDS; 1 s in production), so no test depends on how
 * fast the machine is; time is moved with a fake `Date` (the in-memory counters' clock), never waited for.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { startRedisInstances, type RedisInstances } from '../../test/redis-instances.js';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie.js';
import { ACCOUNT_LOCKOUT, DEVICE_LOCKOUT, lockSeconds } from './sign-in-limits.js';

const PASSWORD = 'kwiga-neza-2026';
const ENV = { TRUST_PROXY: '127.0.0.1', SIGN_IN_LOCKOUT_FIRST_SECONDS: '60' };
let address = 0;

/** A sign-in claiming a new X-Forwarded-For address each time; `cookie` is the browser's Cookie header. */
function signIn(t: TestApp, email: string, password: string, cookie?: string) {
  address += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `198.51.${(address >> 8) & 255}.${address & 255}` };
  if (cookie) headers.cookie = cookie;
  return t.app.inject({ method: 'POST', url: '/api/accounts/login', remoteAddress: '127.0.0.1', headers, payload: { email, password } });
}

/** The `name=value` of the device cookie a response sets. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const line = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${DEVICE_COOKIE}=`)) as string | undefined;
  if (!line) throw new Error('no device cookie set');
  return line.split(';')[0]!;
}

async function register(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: 'Owner Person', email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(res.statusCode).toBe(201);
}

describe('lockSeconds (ADR 018 numbers)', () => {
  it('lets 4 attempts through, then 1 s doubling up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => lockSeconds(n, ACCOUNT_LOCKOUT))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14, 15, 40].map((n) => lockSeconds(n, ACCOUNT_LOCKOUT))).toEqual([1, 2, 4, 8, 512, 900, 900]);
    expect(lockSeconds(19, DEVICE_LOCKOUT)).toBe(0);
    expect(lockSeconds(20, DEVICE_LOCKOUT)).toBe(1);
  });
});

describe('device cookies', () => {
  const cookies = createDeviceCookies('s'.repeat(32), true, () => 1_800_000_000_000);
  const value = (setCookie: string) => setCookie.split(';')[0]!;

  it('are http-only, Secure on https, sent to the sign-in route only, and name one account', () => {
    const set = cookies.issue('Owner@Example.com', null);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Path=\/api\/accounts\/login/);
    const id = cookies.deviceOf(value(set), ' owner@example.com ');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookies.deviceOf(value(set), 'other@example.com')).toBeNull();
    expect(set).not.toContain('owner');
  });

  it('refuse a changed signature, another secret, and an expired cookie', () => {
    const v = value(cookies.issue('owner@example.com', null));
    const flipped = v.slice(0, -1) + (v.endsWith('A') ? 'B' : 'A');
    expect(cookies.deviceOf(flipped, 'owner@example.com')).toBeNull();
    expect(createDeviceCookies('t'.repeat(32), true, () => 1_800_000_000_000).deviceOf(v, 'owner@example.com')).toBeNull();
    const later = createDeviceCookies('s'.repeat(32), true, () => 1_800_000_000_000 + 366 * 24 * 3600 * 1000);
    expect(later.deviceOf(v, 'owner@example.com')).toBeNull();
  });
});

describeEachDb('sign-in limits per account', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, env: ENV });
  });
  afterAll(() => t.stop());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('locks the account after 5 wrong guesses from rotating addresses, before checking the password', async () => {
    const email = `victim-${randomBytes(4).toString('hex')}@example.com`;
    await register(t, email);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(t, email, `guess-${i}-x`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(t, email, 'guess-5-x');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    const wait = locked.json().error.details.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(locked.headers['retry-after']).toBe(String(wait));
    // The right password from a fresh device is refused too: a guess during the lock-out learns nothing.
    const right = await signIn(t, email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
  });

  it('counts parallel guesses like sequential ones: 20 at once, 5 checked', async () => {
    const email = `parallel-${randomBytes(4).toString('hex')}@example.com`;
    await register(t, email);
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t, email, `guess-${i}-x`)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('lets the owner in from their device during the lock-out; a fresh device waits for the delay, which doubles', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T01:00:00Z'));
    const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
    await register(t, email);
    const first = await signIn(t, email, PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    for (let i = 0; i < 5; i++) expect((await signIn(t, email, `guess-${i}-x`)).statusCode).toBe(401);
    expect((await signIn(t, email, PASSWORD)).statusCode).toBe(429);
    // The owner's browser: its own bucket, so the attacker's lock-out does not touch it; it keeps its cookie.
    const owner = await signIn(t, email, PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookieOf(owner).split('.')[0]).toBe(device.split('.')[0]);
    // A cookie for another account, or a forged one, counts in the account's bucket: still locked.
    const other = createDeviceCookies('x'.repeat(32), false).issue(email, null).split(';')[0]!;
    expect((await signIn(t, email, PASSWORD, other)).statusCode).toBe(429);

    // 60 s later the fifth failure's lock-out is over: one more wrong guess, which locks for 120 s.
    vi.setSystemTime(Date.now() + 60_001);
    expect((await signIn(t, email, 'guess-5-x')).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 90_000);
    const stillLocked = await signIn(t, email, PASSWORD);
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.headers['retry-after']).toBe('30');
    vi.setSystemTime(Date.now() + 30_001);
    // The delay has passed: the right password from the fresh device gets in, and that resets the count.
    expect((await signIn(t, email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(t, email, `again-${i}-x`)).statusCode).toBe(401);
  });

  it('treats an email nobody registered exactly like an account', async () => {
    const known = `known-${randomBytes(4).toString('hex')}@example.com`;
    await register(t, known);
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const run = async (email: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 7; i++) {
        const r = await signIn(t, email, `guess-${i}-x`);
        out.push([r.statusCode, r.json().error.code]);
      }
      return out;
    };
    const expected = [...Array(5).fill([401, 'invalid_credentials']), [429, 'rate_limited'], [429, 'rate_limited']];
    expect(await run(known)).toEqual(expected);
    expect(await run(unknown)).toEqual(expected);
    // The same email however it is typed.
    expect((await signIn(t, ` ${unknown.toUpperCase()} `, 'guess-x')).statusCode).toBe(429);
  });

  it('leaves no other way in: better-auth\'s own sign-in route is not served', async () => {
    expect(t.routes.filter((r) => r.url.startsWith('/api/auth'))).toEqual([]);
    // An undeclared route is guarded as super_admin: a signed-out caller gets 401 `unauthenticated`, never a sign-in.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a@example.com', password: 'guess-x-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('sign-in limits in Redis, shared by two instances [pglite]', () => {
  let r: RedisInstances;
  beforeAll(async () => {
    // Each instance on its own database but the same Redis: the count is Redis's, not the database's.
    r = await startRedisInstances(ENV);
  });
  afterAll(() => r.stop());

  it('locks an account across instances, lets its owner in from their device, and keeps no email in Redis', async () => {
    const { a, b } = r;
    const email = `redis-${randomBytes(4).toString('hex')}@example.com`;
    await register(a, email);
    const device = deviceCookieOf(await signIn(a, email, PASSWORD));
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await signIn(i % 2 ? b : a, email, `guess-${i}-x`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await signIn(b, email, PASSWORD)).statusCode).toBe(429);
    // The owner's device still gets in (on a: b's database has no such account).
    expect((await signIn(a, email, PASSWORD, device)).statusCode).toBe(200);

    const keys = await r.keys('sign-in-');
    expect(keys.some((k) => k.startsWith(`${r.prefix}sign-in-account-attempts:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${r.prefix}sign-in-account-lock:`))).toBe(true);
    expect(keys.join(' ')).not.toContain('redis-');
  });
});
