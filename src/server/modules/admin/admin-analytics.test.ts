/**
 * Analytics (issue 6 point 10): the four counts, and for a date range the per-day series in Kigali days,
 * revenue per plan, payment outcomes, top titles from video_plays, and the CSV export.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { passGrants, payments, subscriptions, user, videoAssets, videoPlays, voucherBatches, vouchers } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { activePerDay, resolveRange } from './analytics.service.js';

const at = (iso: string) => new Date(iso);

describeEachDb('admin analytics', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    cookie = (await signUp(t, 'admin')).cookie;
    const db = t.db.db;
    // Viewers who joined on 1 March (two) and 3 March (one, at 23:30 Kigali = 21:30 UTC).
    const ids = ['u-payer', 'u-gift', 'u-late'];
    await db.insert(user).values([
      { id: ids[0]!, name: 'Payer', email: 'payer@example.com', createdAt: at('2026-03-01T08:00:00Z') },
      { id: ids[1]!, name: 'Gift', email: 'gift@example.com', createdAt: at('2026-03-01T09:00:00Z') },
      { id: ids[2]!, name: 'Late', email: 'late@example.com', createdAt: at('2026-03-03T21:30:00Z') },
    ]);
    const pay = (v: Partial<typeof payments.$inferInsert>) => ({
      userId: ids[0]!,
      amount: 0,
      provider: 'sandbox',
      providerReference: randomUUID(),
      expiresAt: at('2026-03-10T00:00:00Z'),
      ...v,
    });
    await db.insert(payments).values([
      pay({ kind: 'pass', plan: 'monthly', amount: 7000, status: 'successful', createdAt: at('2026-03-01T09:59:00Z'), settledAt: at('2026-03-01T10:00:00Z') }),
      pay({ kind: 'title', amount: 800, status: 'successful', createdAt: at('2026-03-02T21:29:00Z'), settledAt: at('2026-03-02T21:30:00Z') }),
      // A title bought from Uganda in UGX (docs/decisions/043): reported in UGX, never added to the francs.
      pay({ kind: 'title', amount: 5000, currency: 'UGX', status: 'successful', createdAt: at('2026-03-02T11:00:00Z'), settledAt: at('2026-03-02T11:01:00Z') }),
      // Settled at 00:30 on 3 March in Kigali (22:30 UTC on the 2nd): counts on the 3rd.
      pay({ kind: 'pass', plan: 'daily', amount: 500, status: 'successful', createdAt: at('2026-03-02T22:29:00Z'), settledAt: at('2026-03-02T22:30:00Z'), userId: ids[2]! }),
      pay({ kind: 'pass', plan: 'weekly', amount: 3000, status: 'failed', reason: 'NOT_ENOUGH_FUNDS', createdAt: at('2026-03-02T08:00:00Z') }),
      pay({ kind: 'pass', plan: 'weekly', amount: 3000, status: 'failed', reason: 'NOT_ENOUGH_FUNDS', createdAt: at('2026-03-02T09:00:00Z') }),
      pay({ kind: 'pass', plan: 'weekly', amount: 3000, status: 'failed', reason: null, createdAt: at('2026-03-03T09:00:00Z') }),
      pay({ kind: 'pass', plan: 'daily', amount: 500, status: 'pending', createdAt: at('2026-03-03T10:00:00Z') }),
      // Outside the range: ignored by the range figures.
      pay({ kind: 'pass', plan: 'yearly', amount: 85000, status: 'successful', createdAt: at('2026-02-01T10:00:00Z'), settledAt: at('2026-02-01T10:00:00Z'), userId: null }),
    ]);
    await db.insert(passGrants).values({ userId: ids[1]!, plan: 'daily', expiresAt: at('2026-03-03T12:00:00Z'), createdAt: at('2026-03-02T12:00:00Z') });
    // A weekly pass from a voucher sold for cash (ADR 042), redeemed on 3 March; another code of its batch unredeemed.
    const [batch] = await db.insert(voucherBatches).values({ name: 'kigali-agents', plan: 'weekly', expiresAt: at('2027-03-01T00:00:00Z') }).returning();
    await db.insert(vouchers).values([
      { batchId: batch!.id, codeHash: 'h1', codeSealed: 's1', redeemedBy: ids[1]!, redeemedAt: at('2026-03-03T08:00:00Z') },
      { batchId: batch!.id, codeHash: 'h2', codeSealed: 's2' },
    ]);
    // One active subscription now, one lapsed.
    await db.insert(subscriptions).values([
      { userId: ids[0]!, plan: 'monthly', status: 'active', expiresAt: new Date(Date.now() + 86400_000) },
      { userId: ids[1]!, plan: 'daily', status: 'active', expiresAt: new Date(Date.now() - 1000) },
    ]);
    // Plays: a movie (3 counted plays, 2 h) and an episode (1 counted play of 2, 30 min).
    const [va, vb] = await db.insert(videoAssets).values([{ status: 'ready' }, { status: 'ready' }]).returning();
    const m = await t.services.catalog.create({ title: 'Hello, "World"', category: 'drama' });
    await t.services.catalog.update(m.id, { videoId: va!.id });
    const s = await t.services.series.create({ title: 'Inzira', category: 'drama' });
    await t.services.series.addSeason(s.id);
    await t.services.series.addEpisode(s.id, 1, { episodeNumber: 2, title: 'Umuhanda', videoId: vb!.id });
    const play = (videoId: string, seconds: number, counted: boolean, startedAt = at('2026-03-02T18:00:00Z')) => ({ videoId, watchedSeconds: seconds, countedAt: counted ? startedAt : null, startedAt });
    await db.insert(videoPlays).values([
      play(va!.id, 2400, true),
      play(va!.id, 2400, true),
      play(va!.id, 2400, true),
      play(vb!.id, 1795, true),
      play(vb!.id, 5, false),
      play(va!.id, 99999, true, at('2026-04-01T00:00:00Z')),
    ]);
  });
  afterAll(() => t.stop());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('counts movies, series, profiles and active subscriptions (active and not yet expired)', async () => {
    const res = await get('/api/admin/analytics/counts');
    expect(res.statusCode).toBe(200);
    const profiles = Number((await t.db.executeSql('select count(*) as n from profiles')).rows[0]!.n);
    expect(res.json()).toEqual({ movies: 1, series: 1, profiles, activeSubscriptions: 1 });
  });

  it('reports a range by Kigali day: revenue, passes, new viewers, outcomes and top titles', async () => {
    const res = await get('/api/admin/analytics?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ from: '2026-03-01', to: '2026-03-03', timeZone: 'Africa/Kigali' });
    expect(r.revenuePerDay).toEqual([
      { date: '2026-03-01', currency: 'RWF', amount: 7000, payments: 1 },
      { date: '2026-03-02', currency: 'RWF', amount: 800, payments: 1 },
      { date: '2026-03-03', currency: 'RWF', amount: 500, payments: 1 },
      { date: '2026-03-01', currency: 'UGX', amount: 0, payments: 0 },
      { date: '2026-03-02', currency: 'UGX', amount: 5000, payments: 1 },
      { date: '2026-03-03', currency: 'UGX', amount: 0, payments: 0 },
    ]);
    expect(r.revenueByPlan).toEqual([
      { plan: 'monthly', currency: 'RWF', amount: 7000, payments: 1 },
      { plan: 'title', currency: 'RWF', amount: 800, payments: 1 },
      { plan: 'daily', currency: 'RWF', amount: 500, payments: 1 },
      { plan: 'title', currency: 'UGX', amount: 5000, payments: 1 },
    ]);
    expect(r.passesSoldPerDay).toEqual([
      { date: '2026-03-01', sold: 1, vouchers: 0, complimentary: 0 },
      { date: '2026-03-02', sold: 0, vouchers: 0, complimentary: 1 },
      { date: '2026-03-03', sold: 1, vouchers: 1, complimentary: 0 },
    ]);
    // Monthly from 1 March; the gift covers the end of 2 March; on 3 March the daily pass bought at 00:30 and the
    // voucher's weekly pass (the gift's viewer) cover its end.
    expect(r.passesActivePerDay.map((d: { active: number }) => d.active)).toEqual([1, 2, 3]);
    expect(r.newViewersPerDay.map((d: { count: number }) => d.count)).toEqual([2, 0, 1]);
    expect(r.paymentOutcomes).toEqual({ successful: 4, pending: 1, failed: 3, failedByReason: [{ reason: 'NOT_ENOUGH_FUNDS', count: 2 }, { reason: 'UNKNOWN', count: 1 }] });
    expect(r.topTitles.available).toBe(true);
    expect(r.topTitles.items).toEqual([
      { id: expect.any(String), kind: 'movie', title: 'Hello, "World"', plays: 3, hoursWatched: 2 },
      { id: expect.any(String), kind: 'episode', title: 'Inzira S1E2: Umuhanda', plays: 1, hoursWatched: 0.5 },
    ]);
  });

  it('exports each series as CSV', async () => {
    const res = await get('/api/admin/analytics/export.csv?series=revenue_per_day&from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sobanura-revenue-per-day-2026-03-01-to-2026-03-03.csv"');
    expect(res.body).toBe(
      'date,currency,amount,payments\r\n2026-03-01,RWF,7000,1\r\n2026-03-02,RWF,800,1\r\n2026-03-03,RWF,500,1\r\n2026-03-01,UGX,0,0\r\n2026-03-02,UGX,5000,1\r\n2026-03-03,UGX,0,0\r\n',
    );
    const top = await get('/api/admin/analytics/export.csv?series=top_titles&from=2026-03-01&to=2026-03-03');
    expect(top.body.split('\r\n')[1]).toMatch(/^1,movie,[0-9a-f-]{36},"Hello, ""World""",3,2$/);
    const outcomes = await get('/api/admin/analytics/export.csv?series=payment_outcomes&from=2026-03-01&to=2026-03-03');
    expect(outcomes.body).toBe('outcome,reason,payments\r\nsuccessful,,4\r\npending,,1\r\nfailed,NOT_ENOUGH_FUNDS,2\r\nfailed,UNKNOWN,1\r\n');
    for (const series of ['revenue_by_plan', 'passes_sold_per_day', 'passes_active_per_day', 'new_viewers_per_day']) {
      const r = await get(`/api/admin/analytics/export.csv?series=${series}&from=2026-03-01&to=2026-03-03`);
      expect(r.statusCode, series).toBe(200);
      expect(r.body.trim().split('\r\n').length, series).toBeGreaterThan(1);
    }
  });

  it('refuses bad ranges and unknown series, naming the field', async () => {
    const field = async (url: string) => {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
      return r.json().error.details.fields[0].field as string;
    };
    expect(await field('/api/admin/analytics?from=2026-03-05&to=2026-03-01')).toBe('querystring.to');
    expect(await field('/api/admin/analytics?from=2024-01-01&to=2026-03-01')).toBe('querystring.to');
    expect(await field('/api/admin/analytics?from=1%20March')).toBe('querystring.from');
    expect(await field('/api/admin/analytics/export.csv?series=everything')).toBe('querystring.series');
    const dflt = await get('/api/admin/analytics');
    expect(dflt.json().revenuePerDay).toHaveLength(30);
  });
});

it('resolves ranges and rebuilds pass spans like billing does', () => {
  const r = resolveRange({}, at('2026-03-31T22:30:00Z'));
  expect([r.from, r.to, r.days.length]).toEqual(['2026-03-03', '2026-04-01', 30]);
  // A renewal while active stacks; after a gap a new span starts.
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
  const ev = [
    { userId: 'a', at: at('2026-03-01T06:00:00Z'), plan: 'daily' as const },
    { userId: 'a', at: at('2026-03-01T07:00:00Z'), plan: 'daily' as const },
    { userId: 'b', at: at('2026-03-04T01:00:00Z'), plan: 'weekly' as const },
  ];
  expect(activePerDay(ev, days)).toEqual([1, 1, 0, 1]);
});
