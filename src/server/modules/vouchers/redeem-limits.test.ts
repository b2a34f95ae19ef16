/**
 * Brute force against voucher codes (docs/decisions/042-vouchers.md; numbers in VOUCHER_LIMITS): 10 wrong codes an
 * hour per account and 30 per client (an IPv6 client counted by its /64) lock out with 429 `voucher_locked`, before
 * the code is looked up, so even the right code is refused during a lock-out; parallel guesses are bounded like
 * sequential ones; typos and real codes are not counted as wrong. On PGlite and PostgreSQL, and in Redis across two
 * instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { startRedisInstances, type RedisInstances } from '../../test/redis-instances.js';
import { makeBatch, redeem, wellFormedUnknownCode } from '../../test/voucher-test-bed.js';

const ACCOUNT = VOUCHER_LIMITS.wrongPerAccount.points;
const ADDRESS = VOUCHER_LIMITS.wrongPerAddress.points;
let seq = 0;
/** A new address in the /64 `net` (four groups), as a client taking a temporary address for each request. */
const inNet = (net: string) => `${net}:${(++seq).toString(16)}:${((seq * 7919) % 0x10000).toString(16)}:abcd:${(seq % 0xffff).toString(16)}`;
const codes = (res: { statusCode: number; json(): { error?: { code: string } } }[]) => res.map((r) => (r.statusCode === 200 ? 'ok' : r.json().error!.code));

describeEachDb('voucher brute-force limits', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'super_admin')).cookie;
  });
  afterAll(() => t.stop());

  it(`locks an account out after ${ACCOUNT} wrong codes: 429 voucher_locked with Retry-After, even for the right code`, async () => {
    const v = await signUp(t);
    const { codes: real } = await makeBatch(t, admin, { plan: 'weekly', count: 1 });
    // Typos (caught by the check character) and validation failures are not guesses: not counted.
    for (let i = 0; i < 5; i++) expect((await redeem(t, v.cookie, 'ABCDE-FGHJK-MNPQ2', `192.0.2.${i + 1}`)).json().error.code).toBe('voucher_malformed');
    const wrong = [];
    for (let i = 0; i < ACCOUNT; i++) wrong.push(await redeem(t, v.cookie, wellFormedUnknownCode(), `192.0.2.${10 + i}`));
    expect(codes(wrong)).toEqual(Array(ACCOUNT).fill('voucher_unknown'));
    const locked = await redeem(t, v.cookie, real[0]!, '192.0.2.100');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'voucher_locked', message: expect.stringMatching(/Too many wrong voucher codes/), details: { scope: 'account', retryAfterMinutes: 60 } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The right code was not looked up: still unredeemed, and another account redeems it.
    const other = await signUp(t);
    expect((await redeem(t, other.cookie, real[0]!, '192.0.2.101')).statusCode).toBe(200);
  });

  it('bounds parallel guesses: of 20 wrong codes sent at once by one account, 10 are looked up and 10 refused', async () => {
    const v = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(t, v.cookie, wellFormedUnknownCode(), `198.18.0.${i + 1}`)));
    const got = codes(answers);
    expect(got.filter((c) => c === 'voucher_unknown')).toHaveLength(ACCOUNT);
    expect(got.filter((c) => c === 'voucher_locked')).toHaveLength(20 - ACCOUNT);
  });

  it('does not count real codes (redeemed, used) as wrong ones', async () => {
    const v = await signUp(t);
    const { codes: real } = await makeBatch(t, admin, { plan: 'daily', count: 2 });
    expect((await redeem(t, v.cookie, real[0]!, '198.18.1.1')).statusCode).toBe(200);
    // 5 used and 9 unknown: 14 refusals, more than 10, and the account is still not locked.
    for (let i = 0; i < 5; i++) expect((await redeem(t, v.cookie, real[0]!, `198.18.1.${i + 2}`)).json().error.code).toBe('voucher_used');
    for (let i = 0; i < ACCOUNT - 1; i++) expect((await redeem(t, v.cookie, wellFormedUnknownCode(), `198.18.2.${i + 1}`)).json().error.code).toBe('voucher_unknown');
    expect((await redeem(t, v.cookie, real[1]!, '198.18.3.1')).statusCode).toBe(200);
  });

  it(`locks a client out after ${ADDRESS} wrong codes from any accounts, an IPv6 client by its /64; another /64 is not`, async () => {
    const net = '2001:db8:77:1';
    const viewers = await Promise.all(Array.from({ length: Math.ceil(ADDRESS / (ACCOUNT - 1)) + 1 }, () => signUp(t)));
    const answers = [];
    for (let i = 0; i < ADDRESS; i++) answers.push(await redeem(t, viewers[Math.floor(i / (ACCOUNT - 1))]!.cookie, wellFormedUnknownCode(), inNet(net)));
    expect(codes(answers)).toEqual(Array(ADDRESS).fill('voucher_unknown'));
    const fresh = viewers.at(-1)!; // no wrong code of its own yet
    const locked = await redeem(t, fresh.cookie, wellFormedUnknownCode(), inNet(net));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'voucher_locked', details: { scope: 'address' } });
    // The same account from another /64 is let through (and told the code is unknown).
    expect((await redeem(t, fresh.cookie, wellFormedUnknownCode(), inNet('2001:db8:77:2'))).json().error.code).toBe('voucher_unknown');
    // An IPv4-mapped address is its IPv4 client, not the /64 above.
    expect((await redeem(t, fresh.cookie, wellFormedUnknownCode(), '::ffff:192.0.2.200')).json().error.code).toBe('voucher_unknown');
  });

  it(`limits every attempt per client: ${VOUCHER_LIMITS.attemptsPerAddress.points} per 10 minutes, then 429 rate_limited`, async () => {
    const { points } = VOUCHER_LIMITS.attemptsPerAddress;
    const net = '2001:db8:78:1';
    const viewers = await Promise.all(Array.from({ length: Math.ceil(points / 15) + 1 }, () => signUp(t)));
    const got: string[] = [];
    for (let i = 0; i < points; i++) got.push(...codes([await redeem(t, viewers[Math.floor(i / 15)]!.cookie, 'ABCDE-FGHJK-MNPQ2', inNet(net))]));
    expect(got).toEqual(Array(points).fill('voucher_malformed'));
    const over = await redeem(t, viewers.at(-1)!.cookie, 'ABCDE-FGHJK-MNPQ2', inNet(net));
    expect([over.statusCode, over.json().error.code]).toEqual([429, 'rate_limited']);
  });

  it(`limits every attempt per account: ${VOUCHER_LIMITS.attemptsPerAccountPerMinute} a minute, from any address`, async () => {
    const v = await signUp(t);
    const got: string[] = [];
    for (let i = 0; i <= VOUCHER_LIMITS.attemptsPerAccountPerMinute; i++) got.push(...codes([await redeem(t, v.cookie, 'ABCDE-FGHJK-MNPQ2', `198.19.0.${i + 1}`)]));
    expect(got.slice(0, -1).every((c) => c === 'voucher_malformed')).toBe(true);
    expect(got.at(-1)).toBe('rate_limited');
  });
});

describe('voucher limits in Redis [pglite]', () => {
  let r: RedisInstances;
  beforeAll(async () => {
    r = await startRedisInstances();
  });
  afterAll(() => r.stop());

  it(`counts a client's wrong codes across instances: ${ADDRESS} split over two, then both refuse it; no code in the keys`, async () => {
    const { a, b } = r;
    const viewers = [await signUp(a), await signUp(a), await signUp(b), await signUp(b)];
    const app = (i: number) => (i < 2 ? a : b);
    for (let i = 0; i < ADDRESS; i++) {
      const who = i % 4;
      expect((await redeem(app(who), viewers[who]!.cookie, wellFormedUnknownCode(), '192.0.2.9')).json().error.code).toBe('voucher_unknown');
    }
    for (const who of [0, 2]) {
      const locked = await redeem(app(who), viewers[who]!.cookie, wellFormedUnknownCode(), '192.0.2.9');
      expect(locked.json().error).toMatchObject({ code: 'voucher_locked', details: { scope: 'address' } });
    }
    const keys = await r.keys('voucher-');
    expect(keys).toContain(`${r.prefix}voucher-address-wrong:192.0.2.9`);
    expect(keys.filter((k) => k.startsWith(`${r.prefix}voucher-account-wrong:`))).toHaveLength(4);
  });
});
