/**
 * Playback: entitlement, signed master playlists, and the media route's refusal of expired, altered and
 * borrowed signatures (issue 2 point 7).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';

describeEachDb('playback', (kind) => {
  let t: TestApp;
  let premiumId: string;
  let freeId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const premium = await t.services.catalog.create({ title: 'Premium film', category: 'drama', isPremium: true });
    const free = await t.services.catalog.create({ title: 'Free film', category: 'drama', isPremium: false });
    premiumId = premium.id;
    freeId = free.id;
    const v = await t.services.media.importFile(premiumId, path.join(FIXTURES, 'cockatoo.mp4'), null);
    await t.services.media.importFile(freeId, path.join(FIXTURES, 'movie-hello.mp4'), null);
    await waitFor(async () => (await t.services.media.get(v.id))?.status === 'ready', 300);
    await waitFor(async () => (await t.services.catalog.adminGet(freeId)).video?.status === 'ready', 300);
  });
  afterAll(() => t.stop());

  const play = (cookie: string | undefined, id: string) => t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: cookie ? { cookie } : {} });

  it('asks a signed-out visitor to log in', async () => {
    const res = await play(undefined, premiumId);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('refuses a viewer without a pass, then lets them watch with one', async () => {
    const viewer = await signUp(t);
    const refused = await play(viewer.cookie, premiumId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'subscription_required', details: { reason: 'none' } });

    await t.services.billing.grantPass(viewer.id, 'daily');
    const ok = await play(viewer.cookie, premiumId);
    expect(ok.statusCode).toBe(200);
    const { url, expiresAt } = ok.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(3600_000);

    const master = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const media = await t.app.inject({ method: 'GET', url: base + variant, headers: { cookie: viewer.cookie } });
    expect(media.statusCode).toBe(200);
    const segment = media.body.split('\n').find((l) => l && !l.startsWith('#'))!;
    const seg = await t.app.inject({ method: 'GET', url: base + variant.replace(/[^/]+$/, '') + segment, headers: { cookie: viewer.cookie } });
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
  });

  it('tells a viewer whose pass ran out that it expired', async () => {
    const viewer = await signUp(t);
    await t.services.billing.grantPass(viewer.id, 'daily');
    await t.db.executeSql(`update subscriptions set expires_at = now() - interval '1 minute' where user_id = $1`, [viewer.id]);
    const res = await play(viewer.cookie, premiumId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.reason).toBe('expired');
    expect(res.json().error.message).toBe('Your subscription has expired. Please subscribe to a plan to continue watching.');
  });

  it('lets any signed-in viewer watch a free title, and a super_admin watch anything', async () => {
    const viewer = await signUp(t);
    expect((await play(viewer.cookie, freeId)).statusCode).toBe(200);
    const boss = await signUp(t, 'super_admin');
    expect((await play(boss.cookie, premiumId)).statusCode).toBe(200);
    const admin = await signUp(t, 'admin');
    expect((await play(admin.cookie, premiumId)).statusCode).toBe(403);
  });

  it('answers not found and not ready clearly', async () => {
    const viewer = await signUp(t, 'super_admin');
    expect((await play(viewer.cookie, '00000000-0000-4000-8000-000000000000')).json().error.code).toBe('not_found');
    const noVideo = await t.services.catalog.create({ title: 'No video yet', category: 'drama' });
    const res = await play(viewer.cookie, noVideo.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('video_not_available');
  });

  it('refuses expired, altered and borrowed signatures', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await t.services.billing.grantPass(owner.id, 'weekly');
    await t.services.billing.grantPass(other.id, 'weekly');
    const { url } = (await play(owner.cookie, premiumId)).json();
    const [, , , videoId, token] = url.split('/');
    const get = (u: string, cookie = owner.cookie) => t.app.inject({ method: 'GET', url: u, headers: { cookie } });
    expect((await get(url)).statusCode).toBe(200);

    const [exp, user, sig] = token.split('.');
    const altered = [`/media/v/${videoId}/${Number(exp) + 3600}.${user}.${sig}/master.m3u8`, `/media/v/${videoId}/${exp}.${user}.${sig.slice(0, -2)}AA/master.m3u8`];
    for (const u of altered) expect((await get(u)).statusCode).toBe(403);

    const expired = t.services.signer.sign(videoId, owner.id, Math.floor(Date.now() / 1000) - 1);
    expect((await get(`/media/v/${videoId}/${expired}/master.m3u8`)).statusCode).toBe(403);

    expect((await get(url, other.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);

    const otherVideo = (await t.services.catalog.adminGet(freeId)).video!.id;
    expect((await get(url.replace(videoId, otherVideo))).statusCode).toBe(403);
    expect((await get(url.replace('master.m3u8', '../../secrets.json'))).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('limits signed URL requests to 10 a minute per viewer, with the spec text', async () => {
    const viewer = await signUp(t);
    await t.services.billing.grantPass(viewer.id, 'daily');
    for (let i = 0; i < 10; i++) expect((await play(viewer.cookie, premiumId)).statusCode).toBe(200);
    const res = await play(viewer.cookie, premiumId);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.json().error.message).toMatch(/^Rate limit exceeded\. Try again in \d+ seconds\.$/);
    const another = await signUp(t);
    await t.services.billing.grantPass(another.id, 'daily');
    expect((await play(another.cookie, premiumId)).statusCode).toBe(200);
  });
});
