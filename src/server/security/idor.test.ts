/**
 * Other users' things (OWASP API Security Top 10 2023, API1 "Broken Object Level Authorization"; docs/product/architecture.md §5
 * "Security and data rules"): viewer B, signed in with a pass of their own, aims every user route at viewer A's
 * things: A's payment and receipt, A's stream session (heartbeat, stop, end, take over), A's progress and the
 * session it is counted against, A's watch list, profile, preferences and playback settings (ids smuggled in the
 * body), and A's signed media URL. B gets 404 or 403 (a heartbeat: the 409 any unknown session gets, so B learns
 * nothing), never 200 with A's data; and everything A sees of their own account afterwards is exactly as before.
 *
 * route-guards (plugins/guards.test.ts) checks who may call a route at all; this file checks whose thing it acts on.
 * IDOR_ROUTES lists every route open to users whose path names something (`:param` or `*`), with what it names and
 * where it is tested; a new such route fails the first test until it is listed here (and tested).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, signUp, startTestApp, waitFor, type TestApp } from '../test/harness.js';

/**
 * Every user-access route with a path parameter. `owned`: the parameter names a thing of one user (tested with
 * A's id as B); `catalogue`: it names a film, series or video everyone shares, and the route acts on the caller's
 * own row for it (tested: B's call leaves A's row as it was); `period`: it names a month of the caller's own record,
 * which the route finds from the caller alone (a translator's own statement: tested here that a viewer who is no
 * translator is refused, and in modules/studio/studio.test.ts that one translator never reads another's).
 */
const IDOR_ROUTES: Record<string, 'owned' | 'catalogue' | 'period'> = {
  'DELETE /api/watchlist/movie/:id': 'catalogue',
  'DELETE /api/watchlist/series/:id': 'catalogue',
  'POST /api/playback/:id': 'catalogue',
  'POST /api/playback/sessions/:sessionId/heartbeat': 'owned',
  'DELETE /api/playback/sessions/:sessionId': 'owned',
  'POST /api/playback/sessions/:sessionId/end': 'owned',
  'POST /api/downloads/:id': 'catalogue',
  'GET /api/offline/options/:id': 'catalogue',
  'GET /api/offline/:downloadId/files/*': 'owned',
  'POST /api/offline/:downloadId/license': 'owned',
  'DELETE /api/offline/:downloadId': 'owned',
  'GET /api/progress/:id': 'catalogue',
  'PUT /api/progress/:id': 'catalogue',
  'POST /api/progress/:id': 'catalogue',
  'GET /api/billing/payments/:id': 'owned',
  'GET /api/billing/payments/:id/receipt': 'owned',
  'POST /api/gifts/:id/resend': 'owned',
  'GET /api/studio/statements/:month/page': 'period',
};

const REFUSED = [403, 404];

describeEachDb('other users’ things (IDOR)', (kind) => {
  let t: TestApp;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };
  let movieId: string;
  let videoId: string;
  let seriesId: string;
  let aSession: string;
  let aUrl: string;
  let aPayment: string;
  let aOffline: string;

  const call = (who: { cookie: string }, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  /** Everything A can read of their own account, for before/after comparison. */
  const aView = async () => {
    const read = async (url: string) => {
      const res = await call(a, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.json() as unknown;
    };
    return {
      me: await read('/api/accounts/me'),
      profile: await read('/api/accounts/profile'),
      preferences: await read('/api/preferences'),
      settings: await read('/api/playback/settings'),
      watchlist: await read('/api/watchlist'),
      continueWatching: await read('/api/progress/continue-watching'),
      progress: await read(`/api/progress/${videoId}`),
      sessions: await read('/api/playback/sessions'),
      history: await read('/api/billing/history'),
      payment: await read(`/api/billing/payments/${aPayment}`),
      receipt: await read(`/api/billing/payments/${aPayment}/receipt`),
      quota: await read('/api/downloads/quota'),
      offline: await read('/api/offline'),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const movie = await t.services.catalog.create({ title: 'Owned film', category: 'drama', isPremium: true });
    movieId = movie.id;
    const series = await t.services.series.create({ title: 'Owned series', category: 'drama' });
    seriesId = series.id;
    const video = await t.services.media.importFile(movieId, path.join(FIXTURES, 'movie-hello.mp4'), null);
    videoId = video.id;
    await waitFor(async () => (await t.services.media.get(videoId))?.status === 'ready', 300);

    a = await signUp(t);
    b = await signUp(t);
    await t.services.billing.grantPass(b.id, 'weekly');
    // A buys a Weekly Pass through the sandbox operator (approves at once in tests), and sets up their account.
    const paid = await call(a, 'POST', '/api/billing/payments', { plan: 'weekly', phone: '0788123456' });
    expect(paid.statusCode, paid.body).toBe(202);
    aPayment = paid.json().payment.id as string;
    await waitFor(async () => (await call(a, 'GET', `/api/billing/payments/${aPayment}`)).json().payment.status === 'successful', 60);
    expect((await call(a, 'PUT', '/api/accounts/profile', { fullName: 'Alice Owner', phone: '0788123456' })).statusCode).toBe(200);
    expect((await call(a, 'PUT', '/api/preferences', { language: 'rw' })).statusCode).toBe(200);
    expect((await call(a, 'PUT', '/api/playback/settings', { dataSaver: true })).statusCode).toBe(200);
    expect((await call(a, 'POST', '/api/watchlist', { movieId })).statusCode).toBe(201);
    expect((await call(a, 'POST', '/api/watchlist', { seriesId })).statusCode).toBe(201);
    const played = await call(a, 'POST', `/api/playback/${movieId}`);
    expect(played.statusCode, played.body).toBe(200);
    aSession = played.json().sessionId as string;
    aUrl = played.json().url as string;
    expect((await call(a, 'PUT', `/api/progress/${videoId}`, { positionSeconds: 4, durationSeconds: 8, sessionId: aSession, watchedSeconds: 4 })).statusCode).toBe(200);
    // The MP4 file is for admins unless ALLOW_FILE_DOWNLOADS (ADR 028): a viewer is refused and nothing is counted.
    const download = await call(a, 'POST', `/api/downloads/${movieId}`);
    expect(download.statusCode, download.body).toBe(403);
    expect(download.json().error.code).toBe('file_downloads_off');
    // An offline download (ADR 027), counted against A's quota.
    const offline = await call(a, 'POST', '/api/offline', { id: movieId });
    expect(offline.statusCode, offline.body).toBe(201);
    aOffline = offline.json().id as string;
  }, 600_000);
  afterAll(() => t?.stop());

  it('lists every user route whose path names something, and nothing else', () => {
    const named = t.routes.filter((r) => r.access === 'user' && /[:*]/.test(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(named.sort(), 'a user route with a path parameter must be added to IDOR_ROUTES and tested here').toEqual(Object.keys(IDOR_ROUTES).sort());
  });

  it('gives a viewer who is no translator no translator’s statement page, whatever the month', async () => {
    for (const month of ['2026-10', '2025-01']) {
      const res = await call(b, 'GET', `/api/studio/statements/${month}/page`);
      expect(res.statusCode, month).toBe(403);
      expect(res.json().error.code).toBe('not_a_translator');
      expect(res.body).not.toContain('<html');
    }
  });

  it('refuses B every route aimed at A’s payment, receipt and stream session, and A’s account stays as it was', async () => {
    const before = await aView();
    // Payments and receipts: the same 404 as an id that does not exist.
    for (const url of [`/api/billing/payments/${aPayment}`, `/api/billing/payments/${aPayment}/receipt`]) {
      const res = await call(b, 'GET', url);
      expect(REFUSED, `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.body).not.toContain(a.id);
      expect(res.json()).toEqual((await call(b, 'GET', url.replace(aPayment, randomUUID()))).json());
    }
    // A's session: stop and end are refused; a heartbeat gets what any unknown session gets (409, "press play").
    for (const [method, url] of [['DELETE', `/api/playback/sessions/${aSession}`], ['POST', `/api/playback/sessions/${aSession}/end`]] as const) {
      const res = await call(b, method, url);
      expect(REFUSED, `${method} ${url} → ${res.statusCode}`).toContain(res.statusCode);
    }
    const beat = await call(b, 'POST', `/api/playback/sessions/${aSession}/heartbeat`);
    const unknown = await call(b, 'POST', `/api/playback/sessions/${randomUUID()}/heartbeat`);
    expect([...REFUSED, 409]).toContain(beat.statusCode);
    expect([beat.statusCode, beat.json()]).toEqual([unknown.statusCode, unknown.json()]);
    // Taking over A's session by sending its id: B gets a session of their own.
    const takeover = await call(b, 'POST', `/api/playback/${movieId}`, { sessionId: aSession });
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect(takeover.json().sessionId).not.toBe(aSession);
    // A's offline download: its files, key and deletion are 404 for B, as for an id that does not exist.
    for (const [method, url] of [['GET', `/api/offline/${aOffline}/files/index.m3u8`], ['POST', `/api/offline/${aOffline}/license`], ['DELETE', `/api/offline/${aOffline}`]] as const) {
      const res = await call(b, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual((await call(b, method, url.replace(aOffline, randomUUID()))).json());
    }
    expect((await call(a, 'POST', `/api/offline/${aOffline}/license`)).statusCode).toBe(200);
    // A's signed media URL with B's cookie.
    const borrowed = await call(b, 'GET', aUrl);
    expect(REFUSED, `A's media URL for B → ${borrowed.statusCode}`).toContain(borrowed.statusCode);
    expect(await aView()).toEqual(before);
  });

  it('refuses B a resend of A’s gift, as for a gift that does not exist (docs/decisions/046-gifts.md)', async () => {
    const bought = await call(a, 'POST', '/api/billing/payments', { plan: 'daily', phone: '0788123456', gift: { phone: '0781239999' } });
    expect(bought.statusCode, bought.body).toBe(202);
    await waitFor(async () => (await call(a, 'GET', `/api/billing/payments/${bought.json().payment.id}`)).json().payment.status === 'successful', 60);
    const gift = (await call(a, 'GET', '/api/gifts')).json().gifts[0];
    expect(gift).toMatchObject({ status: 'sent', sentCount: 1 });
    const res = await call(b, 'POST', `/api/gifts/${gift.id}/resend`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual((await call(b, 'POST', `/api/gifts/${randomUUID()}/resend`)).json());
    expect((await call(b, 'GET', '/api/gifts')).json().gifts).toEqual([]);
    expect((await call(a, 'GET', '/api/gifts')).json().gifts[0]).toMatchObject({ id: gift.id, sentCount: 1 });
  });

  it('keeps B’s calls on shared films, series and videos to B’s own rows', async () => {
    const before = await aView();
    // B's progress on the same video, with A's session in the body: B's own row, A's untouched.
    const saved = await call(b, 'PUT', `/api/progress/${videoId}`, { positionSeconds: 7, durationSeconds: 8, sessionId: aSession, watchedSeconds: 7 });
    expect(saved.statusCode, saved.body).toBe(200);
    const beacon = await call(b, 'POST', `/api/progress/${videoId}`, { positionSeconds: 6, durationSeconds: 8, sessionId: aSession });
    expect(beacon.statusCode, beacon.body).toBe(200);
    const bProgress = (await call(b, 'GET', `/api/progress/${videoId}`)).json();
    expect(bProgress.positionSeconds).toBe(6);
    expect((before.progress as { positionSeconds: number }).positionSeconds).toBe(4);
    // B removes the film and the series from B's list (which does not hold them): A's list keeps both.
    expect((await call(b, 'DELETE', `/api/watchlist/movie/${movieId}`)).statusCode).toBeLessThan(500);
    expect((await call(b, 'DELETE', `/api/watchlist/series/${seriesId}`)).statusCode).toBeLessThan(500);
    expect((await call(b, 'GET', '/api/watchlist')).json().items).toEqual([]);
    // B's download counts against B's quota only.
    expect((await call(b, 'POST', '/api/offline', { id: movieId })).statusCode).toBe(201);
    expect((await call(b, 'GET', '/api/downloads/quota')).json().used).toBe(1);
    const after = await aView();
    expect(after).toEqual(before);
    expect((after.watchlist as { items: unknown[] }).items).toHaveLength(2);
    expect((after.quota as { used: number }).used).toBe(1);
  });

  it('changes only B’s own profile, preferences and settings, whatever ids B puts in the body', async () => {
    const before = await aView();
    const smuggled = { id: a.id, userId: a.id, email: 'taken@example.com' };
    const writes = [
      ['PUT', '/api/accounts/profile', { fullName: 'Bob Other', phone: '0722000000', ...smuggled }],
      ['PUT', '/api/preferences', { language: 'fr', ...smuggled }],
      ['PUT', '/api/playback/settings', { dataSaver: false, ...smuggled }],
    ] as const;
    for (const [method, url, payload] of writes) {
      const res = await call(b, method, url, payload);
      // Unknown keys are either refused (400) or dropped; never applied to A.
      expect([200, 400], `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    expect(await aView()).toEqual(before);
    expect((before.profile as { profile: { fullName: string } }).profile.fullName).toBe('Alice Owner');
  });

  it('shows B none of A’s things in B’s own lists', async () => {
    const lists = ['/api/watchlist', '/api/progress/continue-watching', '/api/playback/sessions', '/api/billing/history', '/api/accounts/profile', '/api/accounts/me'];
    for (const url of lists) {
      const res = await call(b, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(aSession);
      expect(res.body, url).not.toContain(aPayment);
      expect(res.body, url).not.toContain(a.id);
      expect(res.body, url).not.toContain('Alice Owner');
    }
  });
});
