/**
 * A translator's studio (docs/decisions/047-translators-as-people.md; ledger ADR 049), on PGlite and PostgreSQL:
 * GET /api/studio shows the minutes and viewers of the caller's own translator's titles, per title and per day,
 * and never another translator's; an account no translator is linked to is refused. GET /api/studio/statements and
 * …/:month/page show a translator their own closed statements and payouts (ADR 051, ADR 052), never another's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioMoney, StudioReport } from '../../../shared/contracts/studio.js';
import { payments } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('translator studio', (kind) => {
  let t: TestApp;
  let mine: { cookie: string; id: string };
  let other: { cookie: string; id: string };
  let plain: { cookie: string; id: string };
  let myFilm: string;
  let mySeries: string;
  let othersFilm: string;
  const viewers = ['00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002'];

  /** One ledger row: `seconds` of `itemId` (its title `titleId`) watched by `userId` in the minute at `iso`. */
  const watched = (userId: string, kindOf: 'movie' | 'episode', itemId: string, titleId: string, iso: string, seconds: number) =>
    t.db.executeSql(
      `insert into viewing_minutes (user_id, item_id, kind, title_id, minute, seconds_mask, seconds) values ($1, $2, $3, $4, $5, $6, $7)`,
      [userId, itemId, kindOf, titleId, iso, String((1n << BigInt(seconds)) - 1n), seconds],
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    [mine, other, plain] = [await signUp(t), await signUp(t), await signUp(t)];
    const me = await t.services.translators.create({ name: 'Studio Mine' });
    const them = await t.services.translators.create({ name: 'Studio Other' });
    await t.db.executeSql('update translators set user_id = $1 where id = $2', [mine.id, me.id]);
    await t.db.executeSql('update translators set user_id = $1 where id = $2', [other.id, them.id]);
    myFilm = (await t.services.catalog.create({ title: 'Intare y’Ishyamba', category: 'drama', translatorId: me.id })).id;
    othersFilm = (await t.services.catalog.create({ title: 'Inkuba', category: 'drama', translatorId: them.id })).id;
    const series = await t.services.series.create({ title: 'Amateka', category: 'drama', description: '', translatorId: me.id });
    mySeries = series.id;
    const episodeId = '00000000-0000-4000-8000-00000000e001';
    await watched(viewers[0]!, 'movie', myFilm, myFilm, '2026-11-20T10:00:00Z', 60);
    await watched(viewers[0]!, 'movie', myFilm, myFilm, '2026-11-20T10:01:00Z', 30);
    await watched(viewers[1]!, 'movie', myFilm, myFilm, '2026-11-21T08:00:00Z', 60);
    await watched(viewers[1]!, 'episode', episodeId, mySeries, '2026-11-21T09:00:00Z', 45);
    await watched(viewers[0]!, 'movie', othersFilm, othersFilm, '2026-11-20T10:00:00Z', 60);
    // Outside the range asked for below.
    await watched(viewers[0]!, 'movie', myFilm, myFilm, '2026-10-01T10:00:00Z', 60);
  });
  afterAll(() => t.stop());

  const studio = (cookie: string | undefined, query = '?from=2026-11-15&to=2026-11-28') =>
    t.app.inject({ url: `/api/studio${query}`, headers: cookie ? { cookie } : {} });

  it('shows a translator the minutes and viewers of their own titles, per title and per day', async () => {
    const res = await studio(mine.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const r = res.json() as StudioReport;
    expect(r.translator.name).toBe('Studio Mine');
    expect(r.titles).toEqual([
      { titleId: myFilm, kind: 'film', title: 'Intare y’Ishyamba', seconds: 150, minutes: 2.5, viewers: 2 },
      { titleId: mySeries, kind: 'series', title: 'Amateka', seconds: 45, minutes: 0.8, viewers: 1 },
    ]);
    expect(r.days).toEqual([
      { day: '2026-11-20', titleId: myFilm, seconds: 90, minutes: 1.5, viewers: 1 },
      { day: '2026-11-21', titleId: myFilm, seconds: 60, minutes: 1, viewers: 1 },
      { day: '2026-11-21', titleId: mySeries, seconds: 45, minutes: 0.8, viewers: 1 },
    ]);
  });

  it('never shows one translator another’s figures', async () => {
    const r = (await studio(other.cookie)).json() as StudioReport;
    expect(r.translator.name).toBe('Studio Other');
    expect(r.titles.map((x) => x.titleId)).toEqual([othersFilm]);
    expect(r.days.every((d) => d.titleId === othersFilm)).toBe(true);
  });

  it('refuses a viewer who is no translator (403 not_a_translator) and a visitor (401), and a bad range (400)', async () => {
    const refused = await studio(plain.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('not_a_translator');
    expect((await studio(undefined)).statusCode).toBe(401);
    const bad = await studio(mine.cookie, '?from=2026-11-28&to=2026-11-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect((await studio(mine.cookie, '?from=yesterday')).statusCode).toBe(400);
  });

  it('defaults to the last 30 days, today included', async () => {
    const r = (await studio(mine.cookie, '')).json() as StudioReport;
    const today = new Date().toISOString().slice(0, 10);
    expect(r.to).toBe(today);
    expect((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000).toBe(29);
  });

  describe('money', () => {
    // October 2026 (over): a payer on a monthly RWF pass watches my film, another watches the other translator's.
    const MONTH = '2026-10';
    let superAdmin: { cookie: string; id: string };
    const pay = (userId: string, amount: number) =>
      t.db.db.insert(payments).values({ userId, kind: 'pass', plan: 'monthly', amount, currency: 'RWF', provider: 'sandbox', providerReference: randomUUID(), status: 'successful', expiresAt: new Date('2026-10-31T00:00:00Z'), settledAt: new Date('2026-10-01T00:00:00Z') });
    const money = (cookie: string | undefined) => t.app.inject({ url: '/api/studio/statements', headers: cookie ? { cookie } : {} });
    const page = (cookie: string | undefined, month: string) => t.app.inject({ url: `/api/studio/statements/${month}/page`, headers: cookie ? { cookie } : {} });

    beforeAll(async () => {
      superAdmin = await signUp(t, 'super_admin');
      const [payerA, payerB] = [await signUp(t), await signUp(t)];
      await pay(payerA.id, 7000);
      await pay(payerB.id, 5000);
      await watched(payerA.id, 'movie', myFilm, myFilm, '2026-10-05T10:00:00Z', 60);
      await watched(payerB.id, 'movie', othersFilm, othersFilm, '2026-10-06T10:00:00Z', 30);
      // My translator has a wallet; the other has none (their payout is carried, NO_NUMBER).
      await t.db.executeSql(`update translators set phone = '250788123456' where user_id = $1`, [mine.id]);
    });

    it('shows nothing before a month is closed, and an open month’s page is not theirs to read (404)', async () => {
      const r = (await money(mine.cookie)).json() as StudioMoney;
      expect(r).toMatchObject({ translator: { name: 'Studio Mine' }, statements: [], payouts: [] });
      expect((await page(mine.cookie, MONTH)).statusCode).toBe(404);
    });

    it('shows a translator their own closed statement and payout, and its printable page; never another’s', async () => {
      const closed = await t.app.inject({ method: 'POST', url: `/api/admin/statements/${MONTH}/close`, headers: { cookie: superAdmin.cookie } });
      expect(closed.statusCode, closed.body).toBe(200);
      const run = await t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: superAdmin.cookie }, payload: { month: MONTH } });
      expect(run.statusCode, run.body).toBe(200);

      const res = await money(mine.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const r = res.json() as StudioMoney;
      // 7000 less the 30 % platform share: 4900, all of it my film's.
      expect(r.statements).toEqual([
        { month: MONTH, currency: 'RWF', seconds: 60, minutes: 1, amount: 4900, closedAt: expect.any(String), titles: [{ titleId: myFilm, title: 'Intare y’Ishyamba', shareBps: 10_000, seconds: 60, minutes: 1, amount: 4900 }] },
      ]);
      expect(r.payouts).toEqual([expect.objectContaining({ month: MONTH, currency: 'RWF', amount: 4900, carriedIn: 0, status: 'successful', reason: null })]);
      expect(JSON.stringify(r)).not.toContain(othersFilm);

      const theirs = (await money(other.cookie)).json() as StudioMoney;
      expect(theirs.statements.map((s) => [s.amount, s.titles.map((x) => x.titleId)])).toEqual([[3500, [othersFilm]]]);
      expect(theirs.payouts).toEqual([expect.objectContaining({ amount: 3500, status: 'carried', reason: 'NO_NUMBER' })]);
      expect(JSON.stringify(theirs)).not.toContain(myFilm);

      const html = await page(mine.cookie, MONTH);
      expect(html.statusCode, html.body).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.headers['cache-control']).toBe('private, no-store');
      expect(html.body).toContain('statement for Studio Mine');
      expect(html.body).toContain('Intare y’Ishyamba');
      expect(html.body).not.toContain('Inkuba');
      expect((await page(other.cookie, MONTH)).body).not.toContain('Intare');
    });

    it('refuses a viewer who is no translator (403), a visitor (401), a bad month (400) and a month without their statement (404)', async () => {
      for (const res of [await money(plain.cookie), await page(plain.cookie, MONTH)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('not_a_translator');
      }
      expect((await money(undefined)).statusCode).toBe(401);
      expect((await page(undefined, MONTH)).statusCode).toBe(401);
      for (const bad of ['2026-13', '2026-1', 'x']) {
        const res = await page(mine.cookie, bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      const none = await page(mine.cookie, '2026-09');
      expect(none.statusCode).toBe(404);
      expect(none.json().error.code).toBe('not_found');
    });
  });
});
