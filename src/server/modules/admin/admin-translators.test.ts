/**
 * Translators as people (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md): admins create, edit,
 * merge and remove translators; email and phone are checked and never public; an email links the account with that
 * email (role `translator` unless admin or super_admin) or makes one, mailed a set-password link through the outbox;
 * a merge and a removal keep the display items' translator columns right. Other roles are refused.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogItems, movies, series, titleRights, titleRightsHolders } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from '../catalog/playable-fixture.js';

type Who = { cookie: string; id: string; email: string };
const NOBODY = '00000000-0000-4000-8000-000000000000';

describeEachDb('admin translators', (kind) => {
  let t: TestApp;
  let sup: Who;
  let admin: Who;
  let viewer: Who;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    sup = await signUp(t, 'super_admin', 'boss@example.com');
    admin = await signUp(t, 'admin', 'helper@example.com');
    viewer = await signUp(t, 'user', 'mugisha@example.com');
  });
  afterAll(() => t.stop());

  const as = (who: { cookie: string } | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
  const create = (payload: object, who: { cookie: string } = admin) => as(who, 'POST', '/api/admin/translators', payload);
  const roleOf = (cookie: string) => t.app.inject({ url: '/api/accounts/me', headers: { cookie } }).then((r) => r.json().user.role as string);
  const fieldOf = (res: { json(): { error: { details?: { fields?: { field: string }[] } } } }) => res.json().error.details?.fields?.map((f) => f.field);
  const itemTranslators = async (movieId: string) =>
    (await t.db.db.select({ ids: catalogItems.translatorIds }).from(catalogItems).innerJoin(movies, eq(movies.displayKey, catalogItems.key)).where(eq(movies.id, movieId)))[0]?.ids;

  it('creates a translator with a name only; the public list shows it without contact details', async () => {
    const res = await create({ name: 'Junior Giti', bio: 'Action films.', photoUrl: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ translator: { name: 'Junior Giti', slug: 'junior-giti', bio: 'Action films.', photoUrl: null, email: null, phone: null, userId: null, titles: 0 }, account: { status: 'none' } });
    const list = await as(admin, 'GET', '/api/admin/translators');
    expect(list.json().translators.map((x: { name: string }) => x.name)).toContain('Junior Giti');
    const pub = (await t.app.inject({ url: '/api/translators' })).json().translators.find((x: { slug: string }) => x.slug === 'junior-giti');
    expect(Object.keys(pub).sort()).toEqual(['bio', 'id', 'name', 'photoUrl', 'slug', 'titles']);
  });

  it('refuses a taken name, a bad email, a bad phone, an unknown id; reads +250 and +256 numbers', async () => {
    const dup = await create({ name: 'junior  GITI' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('conflict');
    expect(fieldOf(dup)).toEqual(['body.name']);

    const badEmail = await create({ name: 'Eric', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.code).toBe('validation_failed');
    expect(fieldOf(badEmail)).toEqual(['body.email']);

    const badPhone = await create({ name: 'Eric', phone: '0712 345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.code).toBe('invalid_msisdn');
    expect(fieldOf(badPhone)).toEqual(['body.phone']);
    // Nothing was saved by the refusals.
    expect((await as(admin, 'GET', '/api/admin/translators')).json().translators.map((x: { name: string }) => x.name)).not.toContain('Eric');

    const rw = await create({ name: 'Rocky Kimomo', phone: '+250 788 123 456' });
    expect(rw.json().translator.phone).toBe('250788123456');
    const ug = await create({ name: 'VJ Junior', phone: '+256772123456' });
    expect(ug.statusCode).toBe(201);
    expect(ug.json().translator.phone).toBe('256772123456');
    const edited = await as(admin, 'PATCH', `/api/admin/translators/${rw.json().translator.id}`, { phone: '0722123456' });
    expect(edited.json().translator.phone).toBe('250722123456');
    const cleared = await as(admin, 'PATCH', `/api/admin/translators/${rw.json().translator.id}`, { phone: '', bio: 'Comedy.' });
    expect(cleared.json().translator).toMatchObject({ phone: null, bio: 'Comedy.' });
    const badEdit = await as(admin, 'PATCH', `/api/admin/translators/${rw.json().translator.id}`, { phone: '12345' });
    expect(badEdit.json().error.code).toBe('invalid_msisdn');

    expect((await as(admin, 'PATCH', `/api/admin/translators/${NOBODY}`, { name: 'X' })).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/admin/translators/${NOBODY}`)).statusCode).toBe(404);
    expect((await as(admin, 'PATCH', '/api/admin/translators/nope', { name: 'X' })).statusCode).toBe(400);
    const clash = await as(admin, 'PATCH', `/api/admin/translators/${ug.json().translator.id}`, { name: 'Rocky Kimomo' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('A translator with this name already exists');
  });

  it("links a viewer's account by email and makes it a translator; an admin keeps their role", async () => {
    const res = await create({ name: 'Mugisha', email: 'MUGISHA@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ translator: { email: 'mugisha@example.com', userId: viewer.id }, account: { status: 'linked' } });
    expect(await roleOf(viewer.cookie)).toBe('translator');
    // A translator is a viewer with no admin rights.
    expect((await as(viewer, 'GET', '/api/admin/translators')).statusCode).toBe(403);
    expect((await create({ name: 'Sneaky' }, viewer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/catalog' })).statusCode).toBe(200);

    const adm = await create({ name: 'Helper Who Translates', email: admin.email });
    expect(adm.json().account.status).toBe('linked');
    expect(await roleOf(admin.cookie)).toBe('admin');
    const boss = await create({ name: 'The Boss', email: sup.email }, sup);
    expect(boss.json().account.status).toBe('linked');
    expect(await roleOf(sup.cookie)).toBe('super_admin');

    const taken = await create({ name: 'Other Mugisha', email: 'mugisha@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(fieldOf(taken)).toEqual(['body.email']);
  });

  it('makes an account for a new email, mails a set-password link through the outbox, and the link works', async () => {
    const res = await create({ name: 'Aline Uwase', email: 'aline.uwase@example.com' }, { cookie: `${admin.cookie}; sobanura-lang=rw` });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.status).toBe('created');
    const userId = res.json().translator.userId as string;
    expect(userId).toBeTruthy();
    const mails = (await t.db.executeSql(`select subject, body from outbox_messages where channel = 'email' and "to" = 'aline.uwase@example.com'`)).rows as { subject: string; body: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Konti yawe y'umusobanuzi kuri Sobanura");
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.body)?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/reset', payload: { token, password: 'Umusobanuzi-2026', confirmPassword: 'Umusobanuzi-2026' }, remoteAddress: '10.9.8.7' });
    expect(set.statusCode).toBeLessThan(300);
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'aline.uwase@example.com', password: 'Umusobanuzi-2026' }, remoteAddress: '10.9.8.6' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: userId, role: 'translator', name: 'Aline Uwase' });
  });

  it('moves the link when the email changes and unlinks on a cleared email; roles stay', async () => {
    const other = await signUp(t, 'user', 'keza@example.com');
    const made = await create({ name: 'Keza Translator' });
    const id = made.json().translator.id as string;
    const linked = await as(admin, 'PATCH', `/api/admin/translators/${id}`, { email: 'keza@example.com' });
    expect(linked.json()).toMatchObject({ translator: { userId: other.id }, account: { status: 'linked' } });
    const renamed = await as(admin, 'PATCH', `/api/admin/translators/${id}`, { name: 'Keza' });
    expect(renamed.json()).toMatchObject({ translator: { name: 'Keza', slug: 'keza-translator', userId: other.id }, account: { status: 'linked' } });
    const unlinked = await as(admin, 'PATCH', `/api/admin/translators/${id}`, { email: null });
    expect(unlinked.json()).toMatchObject({ translator: { email: null, userId: null }, account: { status: 'none' } });
    expect(await roleOf(other.cookie)).toBe('translator');
  });

  it('merges: every movie and series moves, the first is deleted, the display items name the kept one', async () => {
    const a = (await create({ name: 'DJ Giti' })).json().translator;
    const b = (await create({ name: 'Giti Junior' })).json().translator;
    const m1 = await t.services.catalog.create({ title: 'Inzovu Part 1', category: 'action', year: 2020, translatorId: a.id });
    await t.services.catalog.create({ title: 'Inzovu Part 2', category: 'action', year: 2020, translatorId: a.id });
    const m3 = await t.services.catalog.create({ title: 'Intare', category: 'drama', translatorId: b.id });
    const s = await t.services.series.create({ title: 'Ubuzima', category: 'drama', translatorId: a.id });
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
    expect(await itemTranslators(m1.id)).toEqual([a.id]);

    expect((await as(admin, 'POST', `/api/admin/translators/${a.id}/merge`, { intoId: a.id })).json().error).toMatchObject({ code: 'validation_failed' });
    expect((await as(admin, 'POST', `/api/admin/translators/${a.id}/merge`, { intoId: NOBODY })).statusCode).toBe(404);
    expect((await as(admin, 'POST', `/api/admin/translators/${NOBODY}/merge`, { intoId: b.id })).statusCode).toBe(404);
    expect((await as(admin, 'POST', `/api/admin/translators/${a.id}/merge`, { intoId: 'x' })).statusCode).toBe(400);

    const merged = await as(admin, 'POST', `/api/admin/translators/${a.id}/merge`, { intoId: b.id });
    expect(merged.statusCode).toBe(200);
    // Titles are playable cards: the Inzovu group and Intare (the series has no episode yet).
    expect(merged.json()).toMatchObject({ translator: { id: b.id, name: 'Giti Junior', titles: 2 }, moved: { movies: 2, series: 1 } });
    expect((await as(admin, 'GET', '/api/admin/translators')).json().translators.map((x: { id: string }) => x.id)).not.toContain(a.id);
    expect(await itemTranslators(m1.id)).toEqual([b.id]);
    expect(await itemTranslators(m3.id)).toEqual([b.id]);
    expect((await t.db.db.select({ tr: series.translatorId }).from(series).where(eq(series.id, s.id)))[0]!.tr).toBe(b.id);
    const page = (await t.app.inject({ url: '/api/catalog?translator=giti-junior' })).json();
    expect(page.items.map((i: { title: string }) => i.title).sort()).toEqual(['Intare', 'Inzovu']);
    expect((await t.app.inject({ url: '/api/translators/dj-giti' })).statusCode).toBe(404);
    // Search matches the kept translator's name on the moved titles.
    const found = (await t.app.inject({ url: '/api/catalog?q=Giti%20Junior' })).json();
    expect(found.items.map((i: { title: string }) => i.title)).toContain('Inzovu');
  });

  it('merges rights holders too: A\'s rows go to B, a title both hold adds the shares, nothing is left without a translator (ADR 056)', async () => {
    const a = (await create({ name: 'Rights From' })).json().translator;
    const b = (await create({ name: 'Rights Into' })).json().translator;
    const c = (await create({ name: 'Rights Other' })).json().translator;
    const alone = await t.services.catalog.create({ title: 'Icyizere', category: 'drama', translatorId: a.id });
    const both = await t.services.catalog.create({ title: 'Ubumwe', category: 'drama', translatorId: a.id });
    const shared = await t.services.series.create({ title: 'Inshuti', category: 'drama', translatorId: c.id });
    const put = (titleId: string, holders: object[]) => as(admin, 'PUT', `/api/admin/rights/${titleId}`, { holders, licenceStart: '2026-01-01T00:00:00.000Z' });
    expect((await put(both.id, [{ kind: 'translator', translatorId: a.id, shareBp: 2500 }, { kind: 'translator', translatorId: b.id, shareBp: 3500 }, { kind: 'operator', shareBp: 4000 }])).statusCode).toBe(200);
    expect((await put(shared.id, [{ kind: 'translator', translatorId: c.id, shareBp: 7000 }, { kind: 'translator', translatorId: a.id, shareBp: 3000 }])).statusCode).toBe(200);

    expect((await as(admin, 'POST', `/api/admin/translators/${a.id}/merge`, { intoId: b.id })).statusCode).toBe(200);
    const rows = await t.db.db.select({ titleId: titleRightsHolders.titleId, kind: titleRightsHolders.kind, translatorId: titleRightsHolders.translatorId, shareBp: titleRightsHolders.shareBp }).from(titleRightsHolders).where(inArray(titleRightsHolders.titleId, [alone.id, both.id, shared.id]));
    const of = (id: string) => rows.filter((r) => r.titleId === id).map(({ titleId: _t, ...r }) => r).sort((x, y) => y.shareBp - x.shareBp);
    expect(of(alone.id)).toEqual([{ kind: 'translator', translatorId: b.id, shareBp: 10_000 }]);
    expect(of(both.id)).toEqual([{ kind: 'translator', translatorId: b.id, shareBp: 6000 }, { kind: 'operator', translatorId: null, shareBp: 4000 }]);
    expect(of(shared.id)).toEqual([{ kind: 'translator', translatorId: c.id, shareBp: 7000 }, { kind: 'translator', translatorId: b.id, shareBp: 3000 }]);
    // Moved, not orphaned: no record is flagged for review, and the admin read names B.
    const review = await t.db.db.select({ id: titleRights.titleId, needsReview: titleRights.needsReview }).from(titleRights).where(inArray(titleRights.titleId, [alone.id, both.id, shared.id]));
    expect(review.filter((r) => r.needsReview)).toEqual([]);
    const read = (await as(admin, 'GET', `/api/admin/rights/${both.id}`)).json().rights;
    expect(read.holders.map((x: { name: string; shareBp: number }) => [x.name, x.shareBp])).toEqual(expect.arrayContaining([['Rights Into', 6000], ['Sobanura', 4000]]));
  });

  it('removes a translator: the titles stay and play with no translator', async () => {
    const c = (await create({ name: 'Leaving Soon' })).json().translator;
    const m = await t.services.catalog.create({ title: 'Umuhanda', category: 'drama', translatorId: c.id });
    await givePlaceholderVideos(t.db.db);
    const del = await as(admin, 'DELETE', `/api/admin/translators/${c.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: c.id, name: 'Leaving Soon' });
    expect((await t.db.db.select({ tr: movies.translatorId }).from(movies).where(eq(movies.id, m.id)))[0]!.tr).toBeNull();
    expect(await itemTranslators(m.id)).toEqual([]);
    const detail = await t.app.inject({ url: `/api/movies/${m.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().movie.translator).toBeNull();
    expect((await as(admin, 'DELETE', `/api/admin/translators/${c.id}`)).statusCode).toBe(404);
  });

  it('refuses anonymous callers and signed-in viewers on every translator route', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/translators'],
      ['POST', '/api/admin/translators', { name: 'X' }],
      ['PATCH', `/api/admin/translators/${NOBODY}`, { name: 'X' }],
      ['POST', `/api/admin/translators/${NOBODY}/merge`, { intoId: NOBODY }],
      ['DELETE', `/api/admin/translators/${NOBODY}`],
    ];
    const plain = await signUp(t, 'user');
    for (const [method, url, body] of routes) {
      expect((await as(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(plain, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(viewer, method, url, body)).statusCode, `translator ${method} ${url}`).toBe(403);
    }
  });
});
