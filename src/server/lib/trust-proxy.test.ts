/**
 * TRUST_PROXY against the sign-in rate limit (AUTH_RATE_LIMIT_PER_MINUTE per client address): without it a
 * client cannot pick its own address with X-Forwarded-For; with it, the address a listed proxy forwards counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { trustProxyEntryProblem } from './trust-proxy.js';

const LIMIT = 3;

describe('trustProxyEntryProblem', () => {
  it.each(['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', 'fd00::/128', 'loopback', 'linklocal', 'uniquelocal'])('accepts %s', (entry) => {
    expect(trustProxyEntryProblem(entry)).toBeNull();
  });
  it.each(['true', '2', 'localhost', '10.0.0.256', '10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/8/8', '::1/129', '10.0.0.0/ 8'])('refuses %s', (entry) => {
    expect(trustProxyEntryProblem(entry)).toMatch(/not an IP address|bad prefix length/);
  });
});

describe('sign-in rate limit behind a proxy [pglite]', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  /**
   * One failed sign-in from socket address `from`, claiming `forwarded` in X-Forwarded-For; each to another email,
   * so only the address limit counts (not the per-account one of ADR 018).
   */
  let n = 0;
  const attempt = (app: TestApp, from: string, forwarded?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      remoteAddress: from,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      payload: { email: `nobody${++n}@example.com`, password: 'wrong-password' },
    });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset: new forwarded addresses do not reset the count', async () => {
    t = await startTestApp('pglite', { workers: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    const codes: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) codes.push((await attempt(t, '203.0.113.7', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    // Another client's socket address has its own count.
    expect((await attempt(t, '203.0.113.8', '198.51.100.1')).statusCode).toBe(401);
  });

  it('counts the forwarded address when the peer is a trusted proxy, and only then', async () => {
    t = await startTestApp('pglite', { workers: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' } });
    // Through the proxy, each visitor has its own count: LIMIT + 2 visitors, one attempt each, none limited.
    for (let i = 1; i <= LIMIT + 2; i++) expect((await attempt(t, '127.0.0.1', `198.51.100.${i}`)).statusCode).toBe(401);
    // One visitor through the proxy is limited after LIMIT attempts (its first attempt was above).
    const codes: number[] = [];
    for (let i = 2; i <= LIMIT + 1; i++) codes.push((await attempt(t, '127.0.0.1', '198.51.100.1')).statusCode);
    expect(codes).toEqual([...Array(LIMIT - 1).fill(401), 429]);
    // A client reaching Node directly (not from the listed proxy) cannot pick its address.
    const direct: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) direct.push((await attempt(t, '203.0.113.9', `192.0.2.${i}`)).statusCode);
    expect(direct).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
