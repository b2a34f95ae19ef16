/**
 * A heartbeat of a stream session checks the viewer may still watch what it plays (playback.service.ts): once the
 * pass has ended, or the title bought alone is refunded, the heartbeat answers 409 `stream_session_ended` (which
 * the player answers by asking again, and is then shown Subscription Required) and the session ends. A queued
 * pass that took over (ADR 019), a free title and a super_admin keep playing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('heartbeats after access ends', (kind) => {
  let t: TestApp;
  let premiumId: string;
  let freeId: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    premiumId = await movieWithVideo('Premium heartbeat film', true);
    freeId = await movieWithVideo('Free heartbeat film', false);
  });
  afterAll(() => t.stop());

  /** A movie with a ready video (signing its playlist needs no transcode). */
  async function movieWithVideo(title: string, isPremium: boolean) {
    const movie = await t.services.catalog.create({ title, category: 'drama', isPremium });
    const { rows } = await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
    await t.db.executeSql('update movies set video_id = $1 where id = $2', [rows[0]!.id, movie.id]);
    return movie.id;
  }
  const play = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: { cookie } });
  const heartbeat = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: `/api/playback/sessions/${id}/heartbeat`, headers: { cookie } });
  const sessions = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/playback/sessions', headers: { cookie } })).json().items as unknown[];
  const endPass = (userId: string) => t.db.executeSql(`update subscriptions set expires_at = now() - interval '1 minute' where user_id = $1`, [userId]);

  it('ends the session at the first heartbeat after the pass ended; asking again is refused with subscription_required', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'weekly');
    const { sessionId } = (await play(v.cookie, premiumId)).json();
    expect((await heartbeat(v.cookie, sessionId)).statusCode).toBe(200);
    await endPass(v.id);
    const hb = await heartbeat(v.cookie, sessionId);
    expect(hb.statusCode).toBe(409);
    expect(hb.json().error).toMatchObject({ code: 'stream_session_ended', details: { reason: 'not_entitled' } });
    expect(await sessions(v.cookie)).toEqual([]);
    expect((await heartbeat(v.cookie, sessionId)).json().error.code).toBe('stream_session_ended');
    const again = await play(v.cookie, premiumId);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({ code: 'subscription_required', details: { reason: 'expired' } });
  });

  it('keeps a free title playing after the pass ended', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'daily');
    const { sessionId } = (await play(v.cookie, freeId)).json();
    await endPass(v.id);
    expect((await heartbeat(v.cookie, sessionId)).statusCode).toBe(200);
  });

  it('keeps playing when a queued pass takes over from the one that ended', async () => {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'monthly');
    await t.services.billing.grantPass(v.id, 'daily');
    const { sessionId } = (await play(v.cookie, premiumId)).json();
    await endPass(v.id);
    expect((await heartbeat(v.cookie, sessionId)).statusCode).toBe(200);
  });

  it('ends the session of a title bought alone once the purchase is gone, and never ends a super_admin', async () => {
    const v = await signUp(t);
    await t.db.executeSql('insert into title_purchases (user_id, movie_id) values ($1, $2)', [v.id, premiumId]);
    const { sessionId } = (await play(v.cookie, premiumId)).json();
    expect((await heartbeat(v.cookie, sessionId)).statusCode).toBe(200);
    await t.db.executeSql('delete from title_purchases where user_id = $1', [v.id]);
    expect((await heartbeat(v.cookie, sessionId)).json().error).toMatchObject({ code: 'stream_session_ended', details: { reason: 'not_entitled' } });

    const admin = await signUp(t, 'super_admin');
    const s = (await play(admin.cookie, premiumId)).json();
    expect((await heartbeat(admin.cookie, s.sessionId)).statusCode).toBe(200);
  });
});
