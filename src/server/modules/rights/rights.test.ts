/**
 * Rights and licences through the real app (docs/decisions/050-rights-and-licences.md; contract in
 * src/shared/contracts/rights.ts): the default record of a new title (the operator, or its translator), rights given
 * on create, shares that do not add up to 100 % refused (by the API and by the database), a licence's end and start
 * to the millisecond for playback, heartbeats and offline check-ins (the services take `now`, as playback's tests do),
 * the viewer's country from the payment of their pass (a gift's payer's, Rwanda for vouchers, none for a card in USD),
 * the backfill of titles from before, the admin reads' reason, the ending list and the document.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('rights and licences', (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.stop());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, cookie = admin.cookie) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  /** A movie with a ready video (signing its playlist needs no transcode). */
  async function movieWithVideo(title: string) {
    const movie = await t.services.catalog.create({ title, category: 'drama', isPremium: true });
    const { rows } = await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
    await t.db.executeSql('update movies set video_id = $1 where id = $2', [rows[0]!.id, movie.id]);
    return { id: movie.id, videoId: rows[0]!.id as string };
  }
  const setLicence = (titleId: string, start: Date, end: Date | null, countries: string[] | null = null) =>
    t.db.executeSql('update title_rights set licence_start = $2, licence_end = $3, countries = $4 where title_id = $1', [titleId, start.toISOString(), end?.toISOString() ?? null, countries]);
  /** A viewer whose weekly pass was paid from `msisdn` (a settled mobile-money payment). */
  async function viewerPaidFrom(msisdn: string, currency: string) {
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'weekly');
    await t.db.executeSql(`update subscriptions set source = 'payment' where user_id = $1`, [v.id]);
    await t.db.executeSql(
      `insert into payments (user_id, kind, plan, amount, currency, msisdn, provider, provider_reference, status, expires_at, settled_at)
       values ($1, 'pass', 'weekly', 1000, $2, $3, 'sandbox', $4, 'successful', now(), now())`,
      [v.id, currency, msisdn, randomUUID()],
    );
    return v;
  }
  const userOf = (v: { id: string }): SessionUser => ({ id: v.id, role: 'user' }) as SessionUser;

  it('gives a new title its default record: the operator, or its translator, from its creation, no end, everywhere', async () => {
    const made = await call('POST', '/api/admin/movies', { title: 'Default rights', category: 'drama' });
    expect(made.statusCode, made.body).toBe(201);
    const got = await call('GET', `/api/admin/rights/${made.json().movie.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().rights).toMatchObject({ kind: 'movie', holders: [{ kind: 'operator', shareBp: 10000, name: 'Sobanura' }], licenceEnd: null, countries: null, needsReview: false, document: null, licence: { state: 'in_force', reason: null } });

    const translator = (await call('POST', '/api/admin/translators', { name: `Rights T ${randomUUID().slice(0, 6)}` })).json().translator;
    const series = await call('POST', '/api/admin/series', { title: 'Translated series', category: 'drama', translatorId: translator.id });
    expect(series.statusCode, series.body).toBe(201);
    const rights = (await call('GET', `/api/admin/rights/${series.json().series.id}`)).json().rights;
    expect(rights).toMatchObject({ kind: 'series', holders: [{ kind: 'translator', translatorId: translator.id, shareBp: 10000, name: translator.name }], countries: null });
  });

  it('takes rights on create, and refuses shares that do not add up to 100 % before anything is made', async () => {
    const translator = (await call('POST', '/api/admin/translators', { name: `Share T ${randomUUID().slice(0, 6)}` })).json().translator;
    const start = '2026-01-01T00:00:00.000Z';
    const good = await call('POST', '/api/admin/movies', {
      title: 'Shared rights',
      category: 'drama',
      rights: { holders: [{ kind: 'translator', translatorId: translator.id, shareBp: 6000 }, { kind: 'party', name: 'Studio Kigali', phone: '0781234567', shareBp: 4000 }], licenceStart: start, countries: ['rw', 'UG'] },
    });
    expect(good.statusCode, good.body).toBe(201);
    const rights = (await call('GET', `/api/admin/rights/${good.json().movie.id}`)).json().rights;
    expect(rights).toMatchObject({ licenceStart: start, licenceEnd: null, countries: ['RW', 'UG'] });
    expect(rights.holders).toEqual([
      expect.objectContaining({ kind: 'translator', translatorId: translator.id, shareBp: 6000 }),
      expect.objectContaining({ kind: 'party', name: 'Studio Kigali', msisdn: '250781234567', shareBp: 4000 }),
    ]);

    const before = (await t.db.executeSql(`select count(*)::int as n from movies where title = 'Bad shares'`, [])).rows[0];
    const bad = await call('POST', '/api/admin/movies', { title: 'Bad shares', category: 'drama', rights: { holders: [{ kind: 'operator', shareBp: 5000 }, { kind: 'translator', translatorId: translator.id, shareBp: 4000 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', details: { fields: [{ field: 'body.holders' }] } });
    expect((await t.db.executeSql(`select count(*)::int as n from movies where title = 'Bad shares'`, [])).rows[0]).toEqual(before);

    // Replacing: 99 % refused and nothing changes; an end before the start refused; an unknown country refused.
    const id = good.json().movie.id;
    const put = (body: object) => call('PUT', `/api/admin/rights/${id}`, body);
    expect((await put({ holders: [{ kind: 'operator', shareBp: 9900 }], licenceStart: start })).json().error.code).toBe('validation_failed');
    expect((await put({ holders: [{ kind: 'operator', shareBp: 10000 }], licenceStart: start, licenceEnd: start })).json().error.details.fields[0].field).toBe('body.licenceEnd');
    expect((await put({ holders: [{ kind: 'operator', shareBp: 10000 }], licenceStart: start, countries: ['XX'] })).statusCode).toBe(400);
    expect((await put({ holders: [{ kind: 'operator', shareBp: 5000 }, { kind: 'operator', shareBp: 5000 }], licenceStart: start })).json().error.code).toBe('validation_failed');
    expect((await put({ holders: [{ kind: 'translator', translatorId: randomUUID(), shareBp: 10000 }], licenceStart: start })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/rights/${id}`)).json().rights.holders).toHaveLength(2);
    const ok = await put({ holders: [{ kind: 'operator', shareBp: 2500 }, { kind: 'party', partyId: rights.holders[1].partyId, shareBp: 7500 }], licenceStart: start, countries: 'everywhere' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rights).toMatchObject({ countries: null, holders: [{ kind: 'party', shareBp: 7500 }, { kind: 'operator', shareBp: 2500 }] });

    // The database refuses shares that do not add up, whatever writes them (checked at commit).
    await expect(t.db.executeSql(`update title_rights_holders set share_bp = 2000 where title_id = $1 and kind = 'operator'`, [id])).rejects.toThrow(/10000/);
    await expect(t.db.executeSql(`delete from title_rights_holders where title_id = $1 and kind = 'operator'`, [id])).rejects.toThrow(/10000/);
    expect((await call('GET', `/api/admin/rights/${id}`)).json().rights.holders.map((h: { shareBp: number }) => h.shareBp)).toEqual([7500, 2500]);
  });

  it('stops playback, heartbeats and offline check-ins at the instant the licence ends, and says why to admins', async () => {
    const film = await movieWithVideo('Ending licence');
    const end = new Date(Date.now() + 3_600_000);
    await setLicence(film.id, new Date(Date.now() - 86_400_000), end);
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'weekly');
    const just = new Date(end.getTime() - 1);
    const started = await t.services.playback.signedMaster(userOf(v), film.id, {}, just);
    expect(started.sessionId).toBeTruthy();
    await expect(t.services.playback.signedMaster(userOf(v), film.id, {}, end)).rejects.toMatchObject({ statusCode: 403, code: 'licence_ended', details: { licenceEnd: end.toISOString() } });
    await expect(t.services.playback.download({ id: v.id, role: 'admin' } as SessionUser, film.id, end)).rejects.toMatchObject({ code: 'licence_ended' });
    // A running session ends at its next heartbeat after the end.
    await expect(t.services.playback.heartbeat(userOf(v), started.sessionId!, new Date(end.getTime() + 1000))).rejects.toMatchObject({ statusCode: 409, code: 'stream_session_ended', details: { reason: 'licence_ended' } });

    // An offline copy: its check-in before the end is accepted, after it refused (nothing recorded).
    const { rows } = await t.db.executeSql(
      `insert into offline_downloads (user_id, video_id, movie_id, rendition, key_base64, created_at) values ($1, $2, $3, '240p', $4, $5) returning id`,
      [v.id, film.videoId, film.id, Buffer.alloc(16, 1).toString('base64'), new Date(end.getTime() - 60_000).toISOString()],
    );
    const copy = rows[0]!.id as string;
    expect((await t.services.offline.license(userOf(v), copy, just)).downloadId).toBe(copy);
    await expect(t.services.offline.license(userOf(v), copy, end)).rejects.toMatchObject({ statusCode: 403, code: 'licence_ended' });
    const checked = (await t.db.executeSql('select last_license_at from offline_downloads where id = $1', [copy])).rows[0]!;
    expect(new Date(checked.last_license_at as string).getTime()).toBe(just.getTime());

    // Over HTTP (the real clock): after the end, refused with the code, and the admin read says why.
    await setLicence(film.id, new Date(Date.now() - 86_400_000), new Date(Date.now() - 1000));
    const res = await t.app.inject({ method: 'POST', url: `/api/playback/${film.id}`, headers: { cookie: v.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('licence_ended');
    const read = await call('GET', `/api/admin/movies/${film.id}`);
    expect(read.json().movie.licence).toMatchObject({ state: 'ended', reason: 'licence_ended', titleId: film.id });

    // Not started yet.
    await setLicence(film.id, new Date(Date.now() + 86_400_000), null);
    expect((await t.app.inject({ method: 'POST', url: `/api/playback/${film.id}`, headers: { cookie: v.cookie } })).json().error.code).toBe('licence_not_started');
    expect((await call('GET', `/api/admin/movies/${film.id}`)).json().movie.licence).toMatchObject({ state: 'not_started', reason: 'licence_not_started' });
  });

  it("refuses a viewer whose pass was paid from outside the licence's countries and accepts one paid from inside", async () => {
    const film = await movieWithVideo('Rwanda only');
    await setLicence(film.id, new Date(Date.now() - 86_400_000), null, ['RW']);
    const ugandan = await viewerPaidFrom('256771234567', 'UGX');
    const rwandan = await viewerPaidFrom('250781234567', 'RWF');
    const play = (v: { cookie: string }) => t.app.inject({ method: 'POST', url: `/api/playback/${film.id}`, headers: { cookie: v.cookie } });
    const refused = await play(ugandan);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'not_licensed_in_country', details: { country: 'UG' } });
    expect((await play(rwandan)).statusCode).toBe(200);
    // A granted pass counts as Rwanda's (ADR 050).
    const granted = await signUp(t);
    await t.services.billing.grantPass(granted.id, 'weekly');
    expect((await play(granted)).statusCode).toBe(200);
    // Uganda added: the Ugandan viewer plays.
    await setLicence(film.id, new Date(Date.now() - 86_400_000), null, ['RW', 'UG']);
    expect((await play(ugandan)).statusCode).toBe(200);
  });

  it("takes a gift's payer's country, Rwanda for vouchers, and refuses a card of no known country unless licensed everywhere", async () => {
    const film = await movieWithVideo('Rwanda only, gifts');
    await setLicence(film.id, new Date(Date.now() - 86_400_000), null, ['RW']);
    const play = (v: { cookie: string }) => t.app.inject({ method: 'POST', url: `/api/playback/${film.id}`, headers: { cookie: v.cookie } });
    /** A viewer whose pass came from a gift paid from `msisdn` by someone else. */
    async function giftedFrom(msisdn: string) {
      const giver = await signUp(t);
      const v = await signUp(t);
      const { rows } = await t.db.executeSql(
        `insert into payments (user_id, kind, plan, amount, currency, msisdn, provider, provider_reference, status, expires_at, settled_at)
         values ($1, 'pass', 'weekly', 1000, 'RWF', $2, 'sandbox', $3, 'successful', now(), now()) returning id`,
        [giver.id, msisdn, randomUUID()],
      );
      await t.db.executeSql(
        `insert into gifts (payment_id, giver_id, plan, recipient_email, code_hash, code_sealed, activated_at, claimed_by, claimed_at) values ($1, $2, 'weekly', $3, $4, 'x', now(), $5, now())`,
        [rows[0]!.id, giver.id, `${v.id}@example.com`, randomUUID(), v.id],
      );
      await t.services.billing.grantPass(v.id, 'weekly');
      await t.db.executeSql(`update subscriptions set source = 'gift' where user_id = $1`, [v.id]);
      return v;
    }
    expect((await play(await giftedFrom('256771234567'))).json().error).toMatchObject({ code: 'not_licensed_in_country', details: { country: 'UG' } });
    expect((await play(await giftedFrom('250781234567'))).statusCode).toBe(200);
    const voucher = await signUp(t);
    await t.services.billing.grantPass(voucher.id, 'weekly');
    await t.db.executeSql(`update subscriptions set source = 'voucher' where user_id = $1`, [voucher.id]);
    expect((await play(voucher)).statusCode).toBe(200);
    // A card paid in USD: no known country, refused here, accepted where the licence covers every country.
    const card = await signUp(t);
    await t.services.billing.grantPass(card.id, 'weekly');
    await t.db.executeSql(
      `insert into payments (user_id, kind, plan, amount, currency, msisdn, provider, provider_reference, status, expires_at, settled_at)
       values ($1, 'pass', 'weekly', 499, 'USD', null, 'card', $2, 'successful', now(), now())`,
      [card.id, randomUUID()],
    );
    await t.db.executeSql(`update subscriptions set source = 'payment' where user_id = $1`, [card.id]);
    expect((await play(card)).json().error).toMatchObject({ code: 'not_licensed_in_country', details: { country: null } });
    await setLicence(film.id, new Date(Date.now() - 86_400_000), null, null);
    expect((await play(card)).statusCode).toBe(200);
  });

  it('gives titles from before this change the operator as sole holder from their creation, flagged for review, and they keep playing', async () => {
    const film = await movieWithVideo('Imported long ago');
    const series = await t.services.series.create({ title: 'Old series', category: 'drama' });
    await t.db.executeSql(`update movies set created_at = '2025-03-01T10:00:00Z' where id = $1`, [film.id]);
    await t.db.executeSql('delete from title_rights where title_id in ($1, $2)', [film.id, series.id]);
    // The backfill of migration 0025, as it ran on the titles there were.
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '0025_rights_and_licences.sql'), 'utf8').split('--> statement-breakpoint').at(-1)!;
    await t.db.executeSql(sql);
    const rights = await t.services.rights.get(film.id);
    expect(rights).toMatchObject({ holders: [{ kind: 'operator', shareBp: 10000 }], licenceStart: '2025-03-01T10:00:00.000Z', licenceEnd: null, countries: null, needsReview: true, licence: { state: 'in_force' } });
    expect((await t.services.rights.get(series.id)).needsReview).toBe(true);
    const v = await signUp(t);
    await t.services.billing.grantPass(v.id, 'weekly');
    expect((await t.app.inject({ method: 'POST', url: `/api/playback/${film.id}`, headers: { cookie: v.cookie } })).statusCode).toBe(200);
    // Saving the record clears the flag.
    const saved = await call('PUT', `/api/admin/rights/${film.id}`, { holders: [{ kind: 'operator', shareBp: 10000 }], licenceStart: '2025-03-01T10:00:00Z' });
    expect(saved.json().rights.needsReview).toBe(false);
  });

  it('lists licences ending within the days asked, soonest first', async () => {
    const soon = await movieWithVideo('Ends in ten days');
    const later = await movieWithVideo('Ends in forty days');
    const gone = await movieWithVideo('Ended yesterday');
    const day = 86_400_000;
    await setLicence(soon.id, new Date(Date.now() - day), new Date(Date.now() + 10 * day));
    await setLicence(later.id, new Date(Date.now() - day), new Date(Date.now() + 40 * day));
    await setLicence(gone.id, new Date(Date.now() - 5 * day), new Date(Date.now() - day));
    const ids = async (q: string) => ((await call('GET', `/api/admin/rights/ending${q}`)).json().items as { titleId: string }[]).map((i) => i.titleId);
    const thirty = await ids('?days=30');
    expect(thirty).toContain(soon.id);
    expect(thirty).not.toContain(later.id);
    expect(thirty).not.toContain(gone.id);
    expect(await ids('')).toEqual(thirty);
    const sixty = await ids('?days=60');
    expect(sixty.indexOf(soon.id)).toBeLessThan(sixty.indexOf(later.id));
    expect((await call('GET', '/api/admin/rights/ending?days=0')).statusCode).toBe(400);
  });

  it('keeps the licence document for admins only, checked by content', async () => {
    const film = await movieWithVideo('Documented');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const up = await t.app.inject({ method: 'PUT', url: `/api/admin/rights/${film.id}/document?name=contract.pdf`, headers: { cookie: admin.cookie, 'content-type': 'application/pdf' }, payload: pdf });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().rights.document).toMatchObject({ name: 'contract.pdf', type: 'application/pdf', bytes: pdf.length, url: `/api/admin/rights/${film.id}/document` });
    const got = await call('GET', `/api/admin/rights/${film.id}/document`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const viewer = await signUp(t);
    expect((await call('GET', `/api/admin/rights/${film.id}/document`, undefined, viewer.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/rights/${film.id}/document` })).statusCode).toBe(401);
    const text = await t.app.inject({ method: 'PUT', url: `/api/admin/rights/${film.id}/document`, headers: { cookie: admin.cookie, 'content-type': 'application/pdf' }, payload: 'not a pdf' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('document_rejected');
    expect((await call('GET', `/api/admin/rights/${randomUUID()}`)).statusCode).toBe(404);
  });
});
