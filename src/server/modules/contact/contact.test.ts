/**
 * Contact messages, client error reports and the kept interface language (issue 7 points 3, 4, 5): a message is
 * validated (400 with the field), stored and listed in the admins' inbox, marked handled; the form is rate
 * limited per address (429 after CONTACT_RATE_LIMIT_PER_HOUR); the inbox is closed to visitors and viewers.
 * Client errors: only warn/error/critical, at most 10 per report, body capped (413), rate limited (429).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_ERROR_MAX_BYTES, CLIENT_ERROR_RATE_LIMIT_PER_MINUTE, CONTACT_RATE_LIMIT_PER_HOUR } from '../../../shared/contracts/contact.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const good = { firstName: 'Aline', lastName: 'Uwase', email: 'Aline@Example.com', subject: 'Payment question', message: 'My MoMo payment went through but no pass yet.' };
let ipSeq = 1;
const freshIp = () => `10.0.0.${ipSeq++}`;

describeEachDb('contact and client errors', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: { cookie: string; id: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'admin')).cookie;
    viewer = await signUp(t);
  });
  afterAll(() => t.stop());

  const send = (payload: unknown, opts: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: opts.ip ?? freshIp(), headers: opts.cookie ? { cookie: opts.cookie } : {} });
  const inbox = async (query = '') => (await t.app.inject({ url: `/api/admin/messages${query}`, headers: { cookie: admin } })).json();

  it('stores a visitor message (201) and shows it in the admin inbox, trimmed and with the email lower-cased', async () => {
    const r = await send({ ...good, subject: '  Payment question  ' });
    expect(r.statusCode).toBe(201);
    const { items, total } = await inbox();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ id: r.json().id, firstName: 'Aline', email: 'aline@example.com', subject: 'Payment question', userId: null, handled: false, handledAt: null });
  });

  it('links a signed-in sender and ignores unknown fields such as handled or userId', async () => {
    const r = await send({ ...good, subject: 'From a viewer', handled: true, userId: 'someone-else' }, { cookie: viewer.cookie });
    expect(r.statusCode).toBe(201);
    const m = (await inbox()).items.find((x: { id: string }) => x.id === r.json().id);
    expect(m).toMatchObject({ userId: viewer.id, handled: false });
  });

  it('refuses bad input with 400 validation_failed naming the field, and stores nothing', async () => {
    const before = (await inbox()).total;
    const cases: [object, string][] = [
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, firstName: '   ' }, 'firstName'],
      [{ ...good, lastName: undefined }, 'lastName'],
      [{ ...good, subject: 'x'.repeat(151) }, 'subject'],
      [{ ...good, message: 'short' }, 'message'],
      [{ ...good, message: 'x'.repeat(5001) }, 'message'],
      [{ ...good, message: 42 }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const r = await send(payload);
      expect(r.statusCode, field).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
      expect(JSON.stringify(r.json().error.details), field).toContain(field);
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/contact', payload: '{"firstName": ', headers: { 'content-type': 'application/json' }, remoteAddress: freshIp() });
    expect(broken.statusCode).toBe(400);
    expect((await inbox()).total).toBe(before);
  });

  it(`rate limits the form: ${CONTACT_RATE_LIMIT_PER_HOUR} per address per hour, then 429 rate_limited; another address still sends`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_HOUR; i++) expect((await send(good, { ip })).statusCode).toBe(201);
    const limited = await send(good, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await send(good, { ip: freshIp() })).statusCode).toBe(201);
  });

  it('counts bodies that fail validation toward the limit too (it runs before validation, after parsing)', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_HOUR; i++) expect((await send({ ...good, email: 'nope' }, { ip })).statusCode).toBe(400);
    expect((await send(good, { ip })).statusCode).toBe(429);
  });

  it('keeps the inbox to admins: 401 for visitors, 403 for viewers, on list and update', async () => {
    expect((await t.app.inject({ url: '/api/admin/messages' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/messages', headers: { cookie: viewer.cookie } })).statusCode).toBe(403);
    const id = (await inbox()).items[0].id;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}`, payload: { handled: true } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}`, payload: { handled: true }, headers: { cookie: viewer.cookie } })).statusCode).toBe(403);
    expect((await inbox()).items.find((m: { id: string }) => m.id === id).handled).toBe(false);
  });

  it('marks a message handled and open again, filters by handled, 404 for an unknown id and 400 for a bad body', async () => {
    const id = (await inbox()).items[0].id;
    const patch = (mid: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${mid}`, payload, headers: { cookie: admin } });
    const done = await patch(id, { handled: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatchObject({ id, handled: true });
    expect(done.json().message.handledAt).toEqual(expect.any(String));
    expect((await inbox('?handled=true')).items.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await inbox('?handled=false')).items.map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await patch(id, { handled: false })).json().message).toMatchObject({ handled: false, handledAt: null });
    expect((await patch('00000000-0000-4000-8000-000000000000', { handled: true })).json().error.code).toBe('not_found');
    expect((await patch('nope', { handled: true })).statusCode).toBe(400);
    expect((await patch(id, { handled: 'yes' })).statusCode).toBe(400);
    expect((await inbox('?limit=1')).items).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/admin/messages?limit=1000', headers: { cookie: admin } })).statusCode).toBe(400);
  });

  const report = (payload: unknown, ip = freshIp(), cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress: ip, headers: { 'user-agent': 'TestAgent/1', ...(cookie ? { cookie } : {}) } });
  const entry = (level: string, message = 'Boom') => ({ level, message, timestamp: '2026-01-01T00:00:00.000Z', context: '/movies', data: { stack: 'at x' } });

  it('stores warn, error and critical reports (202) for admins, with the reporter and user agent', async () => {
    const r = await report({ entries: [entry('warn'), entry('error'), entry('critical', 'Render crashed')] }, freshIp(), viewer.cookie);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ accepted: 3 });
    const list = await t.app.inject({ url: '/api/admin/client-errors', headers: { cookie: admin } });
    expect(list.json().total).toBe(3);
    expect(list.json().items.map((e: { level: string }) => e.level).sort()).toEqual(['critical', 'error', 'warn']);
    expect(list.json().items[0]).toMatchObject({ userId: viewer.id, userAgent: 'TestAgent/1', context: '/movies', data: '{"stack":"at x"}' });
    expect((await t.app.inject({ url: '/api/admin/client-errors', headers: { cookie: viewer.cookie } })).statusCode).toBe(403);
  });

  it('refuses info/debug levels, empty or oversized batches (400) and bodies over the cap (413)', async () => {
    for (const payload of [{ entries: [entry('info')] }, { entries: [entry('debug')] }, { entries: [] }, { entries: Array.from({ length: 11 }, () => entry('error')) }, { entries: [{ ...entry('error'), message: '' }] }]) {
      expect((await report(payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const huge = await report({ entries: [{ ...entry('error'), data: 'x'.repeat(CLIENT_ERROR_MAX_BYTES) }] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    expect((await t.app.inject({ url: '/api/admin/client-errors', headers: { cookie: admin } })).json().total).toBe(3);
  });

  it(`rate limits reports: ${CLIENT_ERROR_RATE_LIMIT_PER_MINUTE} per address per minute, then 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CLIENT_ERROR_RATE_LIMIT_PER_MINUTE; i++) expect((await report({ entries: [entry('error')] }, ip)).statusCode).toBe(202);
    const r = await report({ entries: [entry('error')] }, ip);
    expect(r.statusCode).toBe(429);
    expect(r.json().error.code).toBe('rate_limited');
  });

  it('keeps the interface language of a signed-in viewer; visitors get 401, unknown languages 400', async () => {
    const get = () => t.app.inject({ url: '/api/preferences', headers: { cookie: viewer.cookie } });
    expect((await get()).json()).toEqual({ language: null });
    const put = await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { language: 'rw' }, headers: { cookie: viewer.cookie } });
    expect(put.statusCode).toBe(200);
    expect((await get()).json()).toEqual({ language: 'rw' });
    await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { language: 'fr' }, headers: { cookie: viewer.cookie } });
    expect((await get()).json()).toEqual({ language: 'fr' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { language: 'de' }, headers: { cookie: viewer.cookie } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { language: 'fr' } })).statusCode).toBe(401);
  });
});
