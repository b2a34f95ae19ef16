/**
 * The minutes-watched ledger end to end (docs/decisions/049-minutes-watched-ledger.md), on PGlite and PostgreSQL:
 * heartbeats through the playback service (server time given, so a run of minutes takes milliseconds) and the
 * route; offline check-ins; the admin read. Properties over random heartbeat timelines on two devices: the ledger
 * never holds more than the wall time that passed, nor more than the pure rule credits; forged, replayed,
 * backdated and another viewer's heartbeats add nothing; a paused player adds nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { heartbeatCredit, type PlayerState, type SessionMark } from '../../../shared/domain/minutes-watched.js';
import { createViewingRepository } from './viewing.repository.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachDb('minutes watched', (kind) => {
  let t: TestApp;
  let movieId: string;
  let videoId: string;
  let repo: ReturnType<typeof createViewingRepository>;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    repo = createViewingRepository(t.db.db);
    const movie = await t.services.catalog.create({ title: 'Ledger film', category: 'drama', isPremium: true });
    const { rows } = await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
    videoId = rows[0]!.id as string;
    await t.db.executeSql('update movies set video_id = $1 where id = $2', [videoId, movie.id]);
    movieId = movie.id;
  });
  afterAll(() => t.stop());

  type Viewer = { cookie: string; id: string; user: SessionUser };
  const viewer = async (): Promise<Viewer> => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'monthly');
    return { ...v, user: { id: v.id, email: v.email, name: 'Test Person', role: 'user' } };
  };
  /** A new stream session of `v` on the film, started now (real time); its id. */
  const play = async (v: Viewer): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/playback/${movieId}`, headers: { cookie: v.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessionId as string;
  };
  const seconds = (v: Viewer) => repo.secondsOf(v.id, movieId);
  const beat = (v: Viewer, sessionId: string, at: number, state: PlayerState = 'playing') => t.services.playback.heartbeat(v.user, sessionId, new Date(at), state);

  it('credits 30 s a heartbeat on time, nothing for the first, keyed by the film and its UTC minute', async () => {
    const v = await viewer();
    const sid = await play(v);
    const t0 = Date.now();
    for (let i = 0; i <= 4; i++) await beat(v, sid, t0 + i * 30_000);
    const got = await seconds(v);
    // The chain starts at the next whole second after the first heartbeat: 4 windows of 30 s, the first 29 or 30.
    expect(got).toBeGreaterThanOrEqual(119);
    expect(got).toBeLessThanOrEqual(120);
    const { rows } = await t.db.executeSql(`select kind, title_id::text as title_id, minute, seconds from viewing_minutes where user_id = $1 order by minute`, [v.id]);
    expect(rows.every((r) => r.kind === 'movie' && r.title_id === movieId)).toBe(true);
    expect(rows.every((r) => new Date(r.minute as string).getUTCSeconds() === 0)).toBe(true);
    expect(rows.reduce((s, r) => s + Number(r.seconds), 0)).toBe(got);
  });

  it('takes the player state from the heartbeat body; a bad state is a 400 and credits nothing', async () => {
    const v = await viewer();
    const sid = await play(v);
    const hb = (payload?: object) => t.app.inject({ method: 'POST', url: `/api/playback/sessions/${sid}/heartbeat`, headers: { cookie: v.cookie }, ...(payload ? { payload } : {}) });
    expect((await hb()).statusCode).toBe(200);
    expect((await hb({ state: 'paused' })).statusCode).toBe(200);
    const bad = await hb({ state: 'dancing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    const { rows } = await t.db.executeSql(`select state from viewing_session_marks where session_id = $1`, [sid]);
    expect(rows[0]?.state).toBe('paused');
  });

  it('credits nothing while paused: after a paused heartbeat, until the player says playing again', async () => {
    const v = await viewer();
    const sid = await play(v);
    const t0 = Date.now();
    await beat(v, sid, t0);
    await beat(v, sid, t0 + 10_000, 'paused'); // played 10 s, then paused
    await beat(v, sid, t0 + 40_000, 'paused');
    await beat(v, sid, t0 + 70_000, 'playing'); // resumed: credits nothing for the pause
    const afterPause = await seconds(v);
    expect(afterPause).toBeGreaterThanOrEqual(9);
    expect(afterPause).toBeLessThanOrEqual(10);
    await beat(v, sid, t0 + 100_000);
    // From the next whole second after the resume: 29 or 30 s.
    expect((await seconds(v)) - afterPause).toBeGreaterThanOrEqual(29);
    expect((await seconds(v)) - afterPause).toBeLessThanOrEqual(30);
  });

  it("adds nothing for another viewer's session, an unknown session, a replay in the same second or a backdated heartbeat", async () => {
    const v = await viewer();
    const other = await viewer();
    const sid = await play(v);
    // 100 ms past a whole second, so that +30.4 s is in the same second as +30 s.
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 100;
    await beat(v, sid, t0);
    await beat(v, sid, t0 + 30_000);
    const before = await seconds(v);
    await expect(beat(other, sid, t0 + 60_000)).rejects.toMatchObject({ code: 'stream_session_ended' });
    await expect(beat(v, MISSING, t0 + 60_000)).rejects.toMatchObject({ code: 'stream_session_ended' });
    const forged = await t.app.inject({ method: 'POST', url: `/api/playback/sessions/${sid}/heartbeat`, headers: { cookie: other.cookie } });
    expect(forged.statusCode).toBe(409);
    expect(await seconds(other)).toBe(0);
    // A replay in the same second, and a heartbeat dated before the last accepted one.
    await beat(v, sid, t0 + 30_400);
    await beat(v, sid, t0 + 5_000);
    expect(await seconds(v)).toBe(before);
    // The chain goes on from the last accepted heartbeat: 30 s more, not more.
    await beat(v, sid, t0 + 60_000);
    expect((await seconds(v)) - before).toBe(30);
  });

  it('property: two devices, random heartbeats: within wall time, each second once, never more than the rule credits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ device: fc.constantFrom(0, 1), gapMs: fc.integer({ min: 0, max: 9_000 }), state: fc.constantFrom<PlayerState>('playing', 'playing', 'paused') }), { minLength: 2, maxLength: 8 }),
        async (events) => {
          const v = await viewer();
          const sids = [await play(v), await play(v)];
          const marks: (SessionMark | null)[] = [null, null];
          let now = Date.now();
          const first = now;
          let ruleTotal = 0;
          for (const e of events) {
            now += e.gapMs;
            await beat(v, sids[e.device]!, now, e.state);
            const c = heartbeatCredit(marks[e.device]!, e.state, now);
            marks[e.device] = c.mark;
            ruleTotal += c.toSec - c.fromSec;
          }
          const got = await seconds(v);
          expect(got).toBeLessThanOrEqual((now - first) / 1000);
          expect(got).toBeLessThanOrEqual(ruleTotal);
          const { rows } = await t.db.executeSql(`select count(*)::int as n from viewing_minutes where user_id = $1 and seconds > 60`, [v.id]);
          expect(rows[0]!.n).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  /** A live offline copy of the film for `v`, made `agoMs` before `at`, without its files (the licence needs none). */
  const offlineCopy = async (v: Viewer, at: number, agoMs: number) => {
    const { rows } = await t.db.executeSql(`insert into offline_downloads (user_id, video_id, movie_id, rendition, key_base64, created_at) values ($1, $2, $3, '240p', 'AAAAAAAAAAAAAAAAAAAAAA==', $4) returning id`, [
      v.id,
      videoId,
      movieId,
      new Date(at - agoMs).toISOString(),
    ]);
    return rows[0]!.id as string;
  };
  const iso = (ms: number) => new Date(ms).toISOString();

  it('credits offline play at check-in within the time since the copy was made, once, and not over minutes counted online', async () => {
    const v = await viewer();
    const now = Date.now();
    const id = await offlineCopy(v, now, 3_600_000);
    // Reported: 2 h before the copy was made (backdated: nothing), 10 min inside, and a stretch into the future.
    const played = [
      { from: iso(now - 3 * 3_600_000), to: iso(now - 2 * 3_600_000) },
      { from: iso(now - 1_800_000), to: iso(now - 1_200_000) },
      { from: iso(now - 60_000), to: iso(now + 3_600_000) },
    ];
    await t.services.offline.license(v.user, id, new Date(now), { played });
    const got = await seconds(v);
    // Whole seconds inside each stretch: 599 or 600, and 59 or 60 (up to the server's time).
    expect(got).toBeGreaterThanOrEqual(599 + 59);
    expect(got).toBeLessThanOrEqual(600 + 60);
    // The same stretches again at the next check-in (the last one as it really ended): all before that check-in.
    await t.services.offline.license(v.user, id, new Date(now + 5_000), { played: [...played.slice(0, 2), { from: iso(now - 60_000), to: iso(now) }] });
    expect(await seconds(v)).toBe(got);
    // Played online, then the same minutes reported offline on another copy: each second once.
    const sid = await play(v);
    const t1 = now + 10_000;
    await beat(v, sid, t1);
    await beat(v, sid, t1 + 30_000);
    const online = await seconds(v);
    const id2 = await offlineCopy(v, now, 60_000);
    await t.services.offline.license(v.user, id2, new Date(t1 + 31_000), { played: [{ from: iso(t1), to: iso(t1 + 30_000) }] });
    expect(await seconds(v)).toBe(online);
  });

  it("refuses a malformed report with 400, and another viewer's copy with 404, crediting nothing", async () => {
    const v = await viewer();
    const other = await viewer();
    const id = await offlineCopy(v, Date.now(), 3_600_000);
    const post = (who: Viewer, payload: object) => t.app.inject({ method: 'POST', url: `/api/offline/${id}/license`, headers: { cookie: who.cookie }, payload });
    const played = [{ from: iso(Date.now() - 600_000), to: iso(Date.now() - 60_000) }];
    expect((await post(v, { played: [{ from: 'yesterday', to: iso(Date.now()) }] })).statusCode).toBe(400);
    expect((await post(other, { played })).statusCode).toBe(404);
    expect(await seconds(v)).toBe(0);
    expect(await seconds(other)).toBe(0);
    const ok = await post(v, { played });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = await seconds(v);
    expect(got).toBeGreaterThanOrEqual(539);
    expect(got).toBeLessThanOrEqual(540);
  });

  it('gives admins seconds and distinct viewers per title and UTC day; viewers are refused; bad ranges are 400', async () => {
    const admin = await signUp(t, 'admin');
    const v = await viewer();
    const today = new Date().toISOString().slice(0, 10);
    const get = (who: { cookie: string }, qs: string) => t.app.inject({ method: 'GET', url: `/api/admin/analytics/minutes?${qs}`, headers: { cookie: who.cookie } });
    expect((await get(v, `from=${today}&to=${today}`)).statusCode).toBe(403);
    expect((await get(admin, `from=${today}&to=2020-01-01`)).statusCode).toBe(400);
    expect((await get(admin, `from=2020-01-01&to=${today}`)).statusCode).toBe(400);
    expect((await get(admin, `from=nope&to=${today}`)).statusCode).toBe(400);
    const res = await get(admin, `from=${today}&to=${today}&titleId=${movieId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const { rows } = await t.db.executeSql(
      `select coalesce(sum(seconds), 0)::int as s, count(distinct user_id)::int as n from viewing_minutes where title_id = $1 and minute >= ($2::date)::timestamp at time zone 'UTC' and minute < ($2::date + 1)::timestamp at time zone 'UTC'`,
      [movieId, today],
    );
    if (rows[0]!.s === 0) expect(body.items).toEqual([]);
    else expect(body.items).toEqual([{ day: today, titleId: movieId, kind: 'film', title: 'Ledger film', seconds: rows[0]!.s, minutes: Math.round(Number(rows[0]!.s) / 6) / 10, viewers: rows[0]!.n }]);
    // The tests above credited several viewers of the film today (unless run across UTC midnight).
    expect(Number(rows[0]!.n)).toBeGreaterThan(1);
  });
});
