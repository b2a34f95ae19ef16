/**
 * Per-address limits count an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 one
 * (lib/client-address.ts; docs/decisions/018-sign-in-and-payment-limits.md, amended 2026-11-28), through
 * `app.inject` with a new address of one /64 for every request, as the penetration test did: sign-in, register,
 * recovery requests by SMS, reset-code checks, the contact form and client error reports. Another /64 still has its
 * own budget.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT_PER_HOUR } from '../../shared/contracts/contact.js';
import { RECOVERY_LIMITS } from '../../shared/contracts/recovery.js';
import { CLIENT_ERROR_RATE_LIMIT_PER_MINUTE } from '../../shared/domain/client-errors.js';
import { describeEachDb, startTestApp, type TestApp } from '../test/harness.js';

const SIGN_IN_PER_MINUTE = 10;
let seq = 0;
/** A new address in the /64 `net` (four groups), as a client picking a temporary address for each request. */
const inNet = (net: string) => `${net}:${(++seq).toString(16)}:${(seq * 7919 % 0x10000).toString(16)}:abcd:${(seq % 0xffff).toString(16)}`;
/** A Rwandan MTN number no account uses: 0788 followed by six digits. */
const number = () => `0788${String(100000 + ++seq).slice(-6)}`;

describeEachDb('per-address limits by client (IPv6 /64)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: String(SIGN_IN_PER_MINUTE) } });
  });
  afterAll(() => t.stop());

  const post = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
  /** Sends `count` requests, each from a new address of `net`, and gives their status codes. */
  async function statuses(count: number, net: string, make: (ip: string) => Promise<{ statusCode: number }>) {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await make(inNet(net))).statusCode);
    return out;
  }
  const limited = (codes: number[]) => codes.filter((c) => c === 429).length;

  it('sign-in: the limit a minute holds for the whole /64', async () => {
    const signIn = (ip: string) => post('/api/accounts/login', { email: `nobody-${++seq}@example.rw`, password: 'not-the-password' }, ip);
    const codes = await statuses(SIGN_IN_PER_MINUTE + 2, '2001:db8:a:1', signIn);
    expect(codes.slice(0, SIGN_IN_PER_MINUTE).every((c) => c === 401)).toBe(true);
    expect(codes.slice(SIGN_IN_PER_MINUTE)).toEqual([429, 429]);
    // Another /64 has its own budget.
    expect((await signIn(inNet('2001:db8:a:2'))).statusCode).toBe(401);
  });

  it('register: the same limit, by /64', async () => {
    const register = (ip: string) => post('/api/accounts/register', { fullName: 'Aline Uwase', email: `reg-${++seq}@example.rw`, password: 'Ikawa-ya-Huye-2026', confirmPassword: 'Ikawa-ya-Huye-2026' }, ip);
    const codes = await statuses(SIGN_IN_PER_MINUTE + 2, '2001:db8:b:1', register);
    expect(codes.slice(0, SIGN_IN_PER_MINUTE).every((c) => c === 201)).toBe(true);
    expect(limited(codes)).toBe(2);
  });

  it('recovery by SMS: the requests an hour hold for the whole /64', async () => {
    const { points } = RECOVERY_LIMITS.requestsPerAddress;
    const codes = await statuses(points + 2, '2001:db8:c:1', (ip) => post('/api/accounts/recovery/sms', { phone: number() }, ip));
    expect(codes.slice(0, points).every((c) => c === 202)).toBe(true);
    expect(codes.slice(points)).toEqual([429, 429]);
    await t.services.recovery.idle();
  });

  it('reset-code checks: the checks per 10 minutes hold for the whole /64', async () => {
    const { points } = RECOVERY_LIMITS.checksPerAddress;
    const check = (ip: string) => post('/api/accounts/recovery/reset-code', { phone: number(), code: '123456', password: 'Ikawa-ya-Huye-2026', confirmPassword: 'Ikawa-ya-Huye-2026' }, ip);
    const codes = await statuses(points + 5, '2001:db8:d:1', check);
    expect(codes.slice(0, points).every((c) => c === 400)).toBe(true);
    expect(limited(codes)).toBe(5);
  });

  it('contact form and client error reports: by /64', async () => {
    const message = (ip: string) => post('/api/contact', { firstName: 'Aline', lastName: 'Uwase', email: 'aline@example.rw', subject: 'Hello', message: 'A message long enough to pass.' }, ip);
    const sent = await statuses(CONTACT_RATE_LIMIT_PER_HOUR + 2, '2001:db8:e:1', message);
    expect(sent.slice(0, CONTACT_RATE_LIMIT_PER_HOUR).every((c) => c === 201)).toBe(true);
    expect(limited(sent)).toBe(2);
    const report = (ip: string) => post('/api/client-errors', { entries: [{ level: 'error', message: 'Boom', timestamp: '2026-11-28T00:00:00.000Z' }] }, ip);
    const codes = await statuses(CLIENT_ERROR_RATE_LIMIT_PER_MINUTE + 2, '2001:db8:e:2', report);
    expect(codes.slice(0, CLIENT_ERROR_RATE_LIMIT_PER_MINUTE).every((c) => c === 202)).toBe(true);
    expect(limited(codes)).toBe(2);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const signIn = (ip: string) => post('/api/accounts/login', { email: `mapped-${++seq}@example.rw`, password: 'not-the-password' }, ip);
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_PER_MINUTE + 1; i++) codes.push((await signIn(i % 2 ? '198.51.100.7' : '::ffff:198.51.100.7')).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect(limited(codes)).toBe(1);
  });
});
