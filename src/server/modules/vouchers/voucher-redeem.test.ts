/**
 * Redeeming a voucher (docs/decisions/042-vouchers.md; docs/product/viewer.md §10): the pass is credited under ADR
 * 019 through billing, exactly once among 50 concurrent redemptions of one code; typos, unknown, used, expired and
 * voided codes are refused with their own codes; a signed-out caller is refused; the /redeem form works as a plain
 * HTML form post (no JavaScript) answered 303. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLANS } from '../../../shared/domain/plans.js';
import { queuedPasses, subscriptions, voucherBatches, vouchers } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { makeBatch, redeem, wellFormedUnknownCode } from '../../test/voucher-test-bed.js';
import { codeHash } from './voucher-codes.js';
import { createVouchersRepository } from './vouchers.repository.js';

const SITE = 'http://localhost:80';
const DAY = 86_400_000;
let ipSeq = 0;
/** A new IPv4 client for each test, so the per-client windows of one test do not spill into another. */
const nextIp = () => `198.51.100.${++ipSeq}`;

describeEachDb('redeeming vouchers', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'super_admin')).cookie;
  });
  afterAll(() => t.stop());

  const passOf = async (userId: string) => (await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0] ?? null;

  it('credits the batch plan to a viewer, and a lesser plan waits behind a better pass (ADR 019)', async () => {
    const ip = nextIp();
    const v = await signUp(t);
    const { codes: weekly } = await makeBatch(t, admin, { plan: 'weekly', count: 1 });
    const { codes: daily } = await makeBatch(t, admin, { plan: 'daily', count: 1 });
    const before = Date.now();
    const first = await redeem(t, v.cookie, weekly[0]!.toLowerCase().replaceAll('-', ' '), ip);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const r = first.json().redeemed;
    expect(r.plan).toBe('weekly');
    expect(new Date(r.endsAt).getTime() - new Date(r.startsAt).getTime()).toBe(PLANS.weekly.durationSeconds * 1000);
    expect(new Date(r.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await passOf(v.id)).toMatchObject({ plan: 'weekly', status: 'active', source: 'voucher' });

    const second = (await redeem(t, v.cookie, daily[0]!, ip)).json().redeemed;
    expect(second.plan).toBe('daily');
    expect(second.startsAt).toBe(r.endsAt); // queued behind the better Weekly
    expect(new Date(second.passesEndAt).getTime() - new Date(r.endsAt).getTime()).toBe(DAY);
    expect(await passOf(v.id)).toMatchObject({ plan: 'weekly' });
    expect(await t.db.db.select().from(queuedPasses).where(eq(queuedPasses.userId, v.id))).toEqual([expect.objectContaining({ plan: 'daily', seconds: 86_400, source: 'voucher' })]);
    const history = (await t.app.inject({ url: '/api/billing/history', headers: { cookie: v.cookie } })).json();
    expect(history.pass.timeline.map((s: { plan: string }) => s.plan)).toEqual(['weekly', 'daily']);
  });

  it('of 50 concurrent redemptions of one code, exactly one credits a pass and 49 are refused as used', async () => {
    const viewers = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    const { batch, codes } = await makeBatch(t, admin, { plan: 'monthly', count: 1 });
    const tries = Array.from({ length: 50 }, (_, i) => viewers[i % 10]!);
    const answers = await Promise.all(tries.map((v, i) => redeem(t, v.cookie, codes[0]!, `203.0.113.${1 + (i % 50)}`)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().error.code])).toEqual(Array(49).fill([409, 'voucher_used']));
    const passes = (await Promise.all(viewers.map((v) => passOf(v.id)))).filter(Boolean);
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ plan: 'monthly', source: 'voucher' });
    const winner = viewers.find((v) => v.id === passes[0]!.userId)!;
    const [row] = await t.db.db.select().from(vouchers).where(eq(vouchers.batchId, batch.id));
    expect(row!.redeemedBy).toBe(winner.id);
    // The pass holds exactly one Monthly (30 days), not more.
    expect(passes[0]!.expiresAt.getTime() - passes[0]!.updatedAt.getTime()).toBe(PLANS.monthly.durationSeconds * 1000);
    const again = await redeem(t, winner.cookie, codes[0]!, nextIp());
    expect(again.json().error).toMatchObject({ code: 'voucher_used', details: { byYou: true } });
  }, 60_000);

  it('lets exactly one of 50 concurrent claims of one code credit a pass even past the service checks (the conditional UPDATE)', async () => {
    const viewers = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
    const { codes } = await makeBatch(t, admin, { plan: 'weekly', count: 1 });
    const repo = createVouchersRepository(t.db.db);
    const found = (await repo.findByHash(codeHash(codes[0]!)))!;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => viewers[i % 5]!).map((v) => t.services.billing.creditPassWhen(v.id, 'weekly', 'voucher', (tx) => repo.claimIn(tx, found.id, v.id, new Date()))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const passes = (await Promise.all(viewers.map((v) => passOf(v.id)))).filter(Boolean);
    expect(passes).toHaveLength(1);
    expect(passes[0]!.expiresAt.getTime() - passes[0]!.updatedAt.getTime()).toBe(PLANS.weekly.durationSeconds * 1000);
  }, 60_000);

  it('refuses an expired batch and a voided one with their own codes, and credits nothing', async () => {
    const ip = nextIp();
    const v = await signUp(t);
    const { batch: old, codes: oldCodes } = await makeBatch(t, admin, { plan: 'yearly', count: 1 });
    await t.db.db.update(voucherBatches).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(voucherBatches.id, old.id));
    const expired = await redeem(t, v.cookie, oldCodes[0]!, ip);
    expect([expired.statusCode, expired.json().error.code]).toEqual([410, 'voucher_expired']);
    const { batch: bad, codes: badCodes } = await makeBatch(t, admin, { plan: 'yearly', count: 1 });
    await t.app.inject({ method: 'POST', url: `/api/admin/vouchers/batches/${bad.id}/void`, headers: { cookie: admin } });
    const voided = await redeem(t, v.cookie, badCodes[0]!, ip);
    expect([voided.statusCode, voided.json().error.code]).toEqual([410, 'voucher_voided']);
    expect(await passOf(v.id)).toBeNull();
    expect((await t.db.db.select().from(vouchers).where(eq(vouchers.batchId, old.id)))[0]!.redeemedAt).toBeNull();
    // The list says so too.
    const listed = (await t.app.inject({ url: '/api/admin/vouchers/batches', headers: { cookie: admin } })).json().batches as { id: string; state: string }[];
    expect(listed.find((b) => b.id === old.id)!.state).toBe('expired');
    expect(listed.find((b) => b.id === bad.id)!.state).toBe('voided');
  });

  it('refuses a typo by its check character, a malformed code, and an unknown one, each with its own code', async () => {
    const ip = nextIp();
    const v = await signUp(t);
    const { codes } = await makeBatch(t, admin, { plan: 'daily', count: 1 });
    const code = codes[0]!;
    const swapped = code[1] === code[0] ? null : code[1]! + code[0]! + code.slice(2);
    const cases: [string, number, string, string | undefined][] = [
      [code.slice(0, -1) + (code.at(-1) === '2' ? '3' : '2'), 400, 'voucher_malformed', 'check'],
      ...(swapped ? [[swapped, 400, 'voucher_malformed', 'check'] as [string, number, string, string]] : []),
      [code.slice(0, 10), 400, 'voucher_malformed', 'length'],
      ['0OIL1-ABCDE-FGHJK', 400, 'voucher_malformed', 'characters'],
      [wellFormedUnknownCode(), 404, 'voucher_unknown', undefined],
    ];
    for (const [typed, status, errCode, problem] of cases) {
      const res = await redeem(t, v.cookie, typed, ip);
      expect([res.statusCode, res.json().error.code, res.json().error.details?.problem], typed).toEqual([status, errCode, problem]);
    }
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(65) }, { code: 12345 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/vouchers/redeem', remoteAddress: ip, headers: { cookie: v.cookie }, payload });
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([400, 'validation_failed']);
    }
    expect(await passOf(v.id)).toBeNull();
    expect((await redeem(t, v.cookie, code, ip)).statusCode).toBe(200);
  });

  it('refuses a signed-out caller (401), by JSON and by form post (to sign in, then back to /redeem)', async () => {
    const { codes } = await makeBatch(t, admin, { plan: 'daily', count: 1 });
    const json = await redeem(t, null, codes[0]!, nextIp());
    expect([json.statusCode, json.json().error.code]).toEqual([401, 'unauthenticated']);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      payload: new URLSearchParams({ code: codes[0]! }).toString(),
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/login?next=%2Fredeem');
    const [row] = await t.db.db.select().from(vouchers).where(eq(vouchers.codeHash, codeHash(codes[0]!)));
    expect(row!.redeemedAt).toBeNull();
  });

  it('redeems by a plain HTML form post (no JavaScript): 303 to /redeem saying what was added, and the pass is there', async () => {
    const v = await signUp(t);
    const { codes } = await makeBatch(t, admin, { plan: 'weekly', count: 2 });
    const formPost = (code: string, headers: Record<string, string> = { origin: SITE }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vouchers/redeem',
        remoteAddress: '192.0.2.77',
        headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ code }).toString(),
      });
    const ok = await formPost(codes[0]!);
    expect(ok.statusCode).toBe(303);
    const to = new URL(String(ok.headers.location), SITE);
    expect(to.pathname).toBe('/redeem');
    expect(to.searchParams.get('redeemed')).toBe('weekly');
    expect(new Date(to.searchParams.get('ends')!).getTime() - new Date(to.searchParams.get('starts')!).getTime()).toBe(7 * DAY);
    expect(to.searchParams.get('until')).toBe(to.searchParams.get('ends'));
    expect(String(ok.headers.location)).not.toContain(codes[0]!.slice(0, 5));
    expect(await passOf(v.id)).toMatchObject({ plan: 'weekly', status: 'active', source: 'voucher' });

    // Used again: back to the form with the error, and without the code in the URL.
    const used = await formPost(codes[0]!);
    const back = new URL(String(used.headers.location), SITE);
    expect([used.statusCode, back.pathname, back.searchParams.get('error'), back.searchParams.has('code')]).toEqual([303, '/redeem', 'voucher_used', false]);
    // A typo comes back with the code typed, to fix it.
    const typo = codes[1]!.slice(0, -1) + (codes[1]!.at(-1) === '2' ? '3' : '2');
    const fix = new URL(String((await formPost(typo)).headers.location), SITE);
    expect([fix.searchParams.get('error'), fix.searchParams.get('code')]).toEqual(['voucher_malformed', typo]);
    // An empty field: validation, back to the form naming the field.
    const empty = new URL(String((await formPost('')).headers.location), SITE);
    expect([empty.searchParams.get('error'), empty.searchParams.get('invalid')]).toEqual(['validation_failed', 'code']);
    // From another site, or with no proof of where it comes from: 403, not redirected, nothing redeemed.
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const res = await formPost(codes[1]!, headers);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'bad_origin']);
    }
    const [row] = await t.db.db.select().from(vouchers).where(eq(vouchers.redeemedBy, v.id));
    expect(row).toBeDefined();
    expect((await t.db.db.select().from(vouchers).where(eq(vouchers.redeemedBy, v.id))).length).toBe(1);
  });
});
