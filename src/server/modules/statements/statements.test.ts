/**
 * Statements end to end (docs/decisions/051-statements.md), on PGlite and PostgreSQL: a past month of payments in
 * three currencies (passes, a pass spanning two months, a single title, a refunded and a failed payment, a payer who
 * watched nothing), the minutes-watched ledger (a viewer on a grant watching a lot), and title rights with a
 * translator, a split between a translator and a party. Checks the preview figures by hand, closing (super admin
 * only, once, not before the month ends), the frozen read after later changes, the holder page and the CSV exports,
 * and bad input.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments, rightsParties, titleRightsHolders, translators, viewingMinutes } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import type { StatementsReport } from '../../../shared/contracts/statements.js';
import { runCli } from '../../cli/commands.js';

const MONTH = '2026-10';

describeEachDb('statements', (kind) => {
  let t: TestApp;
  let superAdmin: { cookie: string; id: string };
  let admin: { cookie: string };
  let user: { cookie: string };
  let film1: string;
  let film2: string;
  let transA: string;
  let transB: string;
  let party: string;
  const payers: Record<string, string> = {};

  const pay = (userId: string | null, currency: string, amount: number, settledAt: string, extra: Partial<typeof payments.$inferInsert> = {}) =>
    t.db.db.insert(payments).values({ userId, kind: 'pass', plan: 'monthly', amount, currency, provider: 'sandbox', providerReference: randomUUID(), status: 'successful', expiresAt: new Date(settledAt), settledAt: new Date(settledAt), ...extra });
  const watch = (userId: string, titleId: string, minuteIso: string, seconds: number) =>
    t.db.db.insert(viewingMinutes).values({ userId, itemId: titleId, kind: 'movie', titleId, minute: new Date(minuteIso), secondsMask: (1n << BigInt(seconds)) - 1n, seconds });
  const holdersOf = async (titleId: string, rows: { kind: 'translator' | 'party'; ref: string; bp: number }[]) =>
    t.db.db.transaction(async (tx) => {
      await tx.delete(titleRightsHolders).where(eq(titleRightsHolders.titleId, titleId));
      for (const r of rows) await tx.insert(titleRightsHolders).values({ titleId, kind: r.kind, shareBp: r.bp, ...(r.kind === 'translator' ? { translatorId: r.ref } : { partyId: r.ref }) });
    });
  const get = (who: { cookie: string }, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const close = (who: { cookie: string }, month = MONTH) => t.app.inject({ method: 'POST', url: `/api/admin/statements/${month}/close`, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    superAdmin = await signUp(t, 'super_admin');
    admin = await signUp(t, 'admin');
    user = await signUp(t, 'user');
    for (const p of ['fan', 'abroad', 'idle', 'refunded', 'granted']) payers[p] = (await signUp(t)).id;
    film1 = (await t.services.catalog.create({ title: 'Niche film', category: 'drama', isPremium: true })).id;
    film2 = (await t.services.catalog.create({ title: 'Hit film', category: 'action', isPremium: true })).id;
    transA = (await t.db.db.insert(translators).values({ name: 'Ana Translator', slug: 'ana-st' }).returning())[0]!.id;
    transB = (await t.db.db.insert(translators).values({ name: 'Ben Translator', slug: 'ben-st' }).returning())[0]!.id;
    party = (await t.db.db.insert(rightsParties).values({ name: 'Studio <Ltd>' }).returning())[0]!.id;
    await holdersOf(film1, [{ kind: 'translator', ref: transA, bp: 10_000 }]);
    await holdersOf(film2, [{ kind: 'translator', ref: transB, bp: 6000 }, { kind: 'party', ref: party, bp: 4000 }]);

    // fan: a monthly pass (30 days) from 1 October: all 7000 RWF in October; watches the niche film.
    await pay(payers.fan!, 'RWF', 7000, '2026-10-01T00:00:00Z');
    // idle: a weekly pass from 28 October: 4 of its 7 days in October (⌊3000 × 4/7⌋ = 1714); watches nothing.
    await pay(payers.idle!, 'RWF', 3000, '2026-10-28T00:00:00Z', { plan: 'weekly' });
    // abroad: a daily pass in USD and the hit film bought alone in UGX; watches the hit film.
    await pay(payers.abroad!, 'USD', 100, '2026-10-10T12:00:00Z', { plan: 'daily' });
    await pay(payers.abroad!, 'UGX', 5000, '2026-10-11T12:00:00Z', { kind: 'title', plan: null, movieId: film2 });
    // refunded and failed payments bring nothing.
    await pay(payers.refunded!, 'RWF', 7000, '2026-10-05T00:00:00Z', { refundedAt: new Date('2026-10-06T00:00:00Z'), refundedAmount: 7000, provider: 'card' });
    await pay(payers.fan!, 'RWF', 7000, '2026-10-07T00:00:00Z', { status: 'failed' });
    await watch(payers.fan!, film1, '2026-10-02T10:00:00Z', 60);
    await watch(payers.fan!, film1, '2026-10-02T10:01:00Z', 30);
    await watch(payers.abroad!, film2, '2026-10-10T13:00:00Z', 60);
    await watch(payers.refunded!, film2, '2026-10-05T13:00:00Z', 60);
    // A viewer on a grant watches a lot of the hit film: minutes, no money.
    for (let m = 0; m < 20; m++) await watch(payers.granted!, film2, `2026-10-03T10:${String(m).padStart(2, '0')}:00Z`, 60);
    // November viewing is not October's.
    await watch(payers.fan!, film2, '2026-11-02T10:00:00Z', 60);
  });
  afterAll(() => t?.stop());

  const amounts = (r: StatementsReport) => Object.fromEntries(r.holders.map((h) => [h.name, Object.fromEntries(Object.entries(h.currencies).map(([c, v]) => [c, v.amount]))]));

  it('previews an open month: user-centric, 30% platform share, spread passes, refunds out, grants move nothing', async () => {
    const res = await get(admin, `/api/admin/statements/${MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as StatementsReport;
    expect(r).toMatchObject({ month: MONTH, model: 'user-centric', closed: false, platformShareBps: 3000 });
    // RWF: fan 7000 → 2100 platform, 4900 to the niche film; idle's 1714 → 514 platform, 1200 by paying viewers' seconds (the niche film).
    // USD: 100 → 30, 70 to the hit film: 42 / 28. UGX: 5000 → 1500, 3500 to the hit film: 2100 / 1400.
    expect(amounts(r)).toEqual({ 'Ana Translator': { RWF: 6100 }, 'Ben Translator': { USD: 42, UGX: 2100 }, 'Studio <Ltd>': { USD: 28, UGX: 1400 } });
    expect(r.totals).toEqual([
      expect.objectContaining({ currency: 'RWF', revenue: 8714, platformShare: 2614, holders: 6100, unwatchedPool: 1200, retainedNoMinutes: 0, retainedNoHolders: 0 }),
      expect.objectContaining({ currency: 'UGX', revenue: 5000, titleRevenue: 5000, platformShare: 1500, holders: 3500 }),
      expect.objectContaining({ currency: 'USD', revenue: 100, platformShare: 30, holders: 70 }),
    ]);
    const ana = r.holders.find((h) => h.holderId === `translator:${transA}`)!;
    expect(ana.currencies.RWF).toMatchObject({ seconds: 90, minutes: 1.5, titles: [expect.objectContaining({ titleId: film1, title: 'Niche film', shareBps: 10_000, amount: 6100 })] });
    expect(ana.currencies.RWF!.explanation.join('\n')).toMatch(/Revenue 8714 .* − platform share 2614 \(30% of each payment net of fees/);
  });

  it('gives the Analytics tab each title’s minutes, viewers and revenue, each translator’s minutes and amount, and each currency (title-analytics.ts)', async () => {
    const res = await get(admin, `/api/admin/analytics/titles?month=${MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      month: MONTH,
      closed: false,
      // The hit film: 60 + 60 + 20 × 60 s (the granted viewer's minutes bring no money); its USD pass part and UGX purchase.
      titles: [
        { titleId: film2, title: 'Hit film', kind: 'film', minutes: 22, viewers: 3, revenue: { USD: 70, UGX: 3500 } },
        { titleId: film1, title: 'Niche film', kind: 'film', minutes: 1.5, viewers: 1, revenue: { RWF: 6100 } },
      ],
      translators: [
        { holderId: `translator:${transB}`, name: 'Ben Translator', minutes: 22, amount: { USD: 42, UGX: 2100 } },
        { holderId: `translator:${transA}`, name: 'Ana Translator', minutes: 1.5, amount: { RWF: 6100 } },
      ],
      currencies: [
        { currency: 'RWF', revenue: 8714, fees: 0, platformShare: 2614, holders: 6100 },
        { currency: 'UGX', revenue: 5000, fees: 0, platformShare: 1500, holders: 3500 },
        { currency: 'USD', revenue: 100, fees: 0, platformShare: 30, holders: 70 },
      ],
    });
    expect((await get(user, `/api/admin/analytics/titles?month=${MONTH}`)).statusCode).toBe(403);
    expect((await get(admin, '/api/admin/analytics/titles?month=2026-13')).statusCode).toBe(400);
  });

  it('prints the preview on the command line, per holder and currency, and as JSON', async () => {
    const cli = (argv: string[]) => runCli(argv, { services: t.services, cwd: process.cwd() });
    const json = await cli(['statement', 'preview', '--month', MONTH, '--json']);
    expect([json.code, json.err]).toEqual([0, '']);
    const holders = JSON.parse(json.out) as { holderId: string; name: string; currencies: Record<string, { minutes: number; amount: number }> }[];
    expect(holders.map((h) => h.holderId)).toEqual([...holders.map((h) => h.holderId)].sort());
    expect(Object.fromEntries(holders.map((h) => [h.name, Object.fromEntries(Object.entries(h.currencies).map(([c, v]) => [c, [v.minutes, v.amount]]))]))).toEqual({
      'Studio <Ltd>': { USD: [1, 28], UGX: [0, 1400] },
      'Ben Translator': { USD: [1, 42], UGX: [0, 2100] },
      'Ana Translator': { RWF: [1.5, 6100] },
    });
    const text = await cli(['statement', 'preview', '--month', MONTH]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^2026-10: open \(preview\), model user-centric, platform share 30%/);
    expect(text.out).toMatch(/Ana Translator\s+translator:\S+\s+RWF\s+1\.5\s+6100\s+Niche film \(6100\)/);
    expect(text.out).toMatch(/RWF\s+8714\s+0\s+2614\s+0\s+6100/);
    const bad = await cli(['statement', 'preview', '--month', '2026-13']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/month must be YYYY-MM/);
  });

  it('refuses bad months and holder ids with 400, an unknown holder’s page with 404', async () => {
    for (const bad of ['2026-13', '2026-1', 'x', '2026-10-01']) expect((await get(admin, `/api/admin/statements/${bad}`)).statusCode, bad).toBe(400);
    expect((await get(admin, `/api/admin/statements/${MONTH}/holders/nobody/page`)).statusCode).toBe(400);
    expect((await get(admin, `/api/admin/statements/${MONTH}/holders.csv?holder=translator:1`)).statusCode).toBe(400);
    const res = await get(admin, `/api/admin/statements/${MONTH}/holders/party:${randomUUID()}/page`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('closes a month for a super admin only, once, and never before it has ended', async () => {
    expect((await close(user)).statusCode).toBe(403);
    expect((await close(admin)).statusCode).toBe(403);
    const early = await close(superAdmin, '2099-01');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details).toEqual({ reason: 'month_not_over' });
    const res = await close(superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closed: true, month: MONTH });
    const again = await close(superAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ reason: 'already_closed' });
  });

  it('keeps a closed month frozen: later shares, refunds and payments do not change it', async () => {
    const before = (await get(admin, `/api/admin/statements/${MONTH}`)).json() as StatementsReport;
    await holdersOf(film1, [{ kind: 'translator', ref: transB, bp: 10_000 }]);
    await pay(payers.fan!, 'RWF', 9999, '2026-10-20T00:00:00Z', { plan: 'daily' });
    await t.db.db.update(payments).set({ refundedAt: new Date() }).where(eq(payments.amount, 100));
    const after = (await get(admin, `/api/admin/statements/${MONTH}`)).json() as StatementsReport;
    expect(after).toEqual(before);
    expect(amounts(after)['Ana Translator']).toEqual({ RWF: 6100 });
    // November, open: the rest of idle's weekly pass (3000 − 1714); idle watched nothing and no other RWF payer's
    // pass reaches November (the fan's ended on 31 October), so its pool (1286 − 385) is kept by the platform.
    const nov = (await get(admin, '/api/admin/statements/2026-11')).json() as StatementsReport;
    expect(nov.closed).toBe(false);
    expect(nov.totals.find((x) => x.currency === 'RWF')).toMatchObject({ revenue: 1286, retainedNoMinutes: 1286 - 385, holders: 0 });
  });

  it('draws a holder’s printable page and CSV exports per holder and per title', async () => {
    const page = await get(admin, `/api/admin/statements/${MONTH}/holders/party:${party}/page`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Studio &lt;Ltd&gt;');
    expect(page.body).not.toContain('Studio <Ltd>');
    expect(page.body).toMatch(/UGX: 1400/);
    expect(page.body).toContain('How it was computed');
    const holders = await get(admin, `/api/admin/statements/${MONTH}/holders.csv?holder=translator:${transB}`);
    expect(holders.headers['content-type']).toMatch(/text\/csv/);
    const rows = holders.body.trim().split('\r\n');
    expect(rows[0]).toBe('month,holder_id,holder,currency,title_id,title,share_bps,seconds,minutes,amount,holder_total');
    expect(rows.slice(1).sort()).toEqual([`${MONTH},translator:${transB},Ben Translator,UGX,${film2},Hit film,6000,0,0,2100,2100`, `${MONTH},translator:${transB},Ben Translator,USD,${film2},Hit film,6000,60,1,42,42`]);
    const titles = await get(admin, `/api/admin/statements/${MONTH}/titles.csv`);
    expect(titles.body.trim().split('\r\n')).toHaveLength(1 + 5);
    expect(titles.body).toContain(`${MONTH},${film1},Niche film,RWF,90,1.5,6100,0,translator:${transA},Ana Translator,10000,6100`);
    expect((await get(user, `/api/admin/statements/${MONTH}/titles.csv`)).statusCode).toBe(403);
    // A translator (ADR 047's role) reads no statement through the admin routes, not even their own.
    const translator = await signUp(t, 'translator');
    for (const url of [`/api/admin/statements/${MONTH}`, `/api/admin/statements/${MONTH}/holders/translator:${transA}/page`, `/api/admin/statements/${MONTH}/holders.csv`]) expect((await get(translator, url)).statusCode, url).toBe(403);
  });
});

