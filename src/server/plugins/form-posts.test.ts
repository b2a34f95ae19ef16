/**
 * HTML form posts of sign-in, register and contact before the app has loaded (ADR 024, plugins/form-posts.ts):
 * a success is 303 to the next page (sign-in with the session cookie), a failure 303 back to the form with the
 * error code and the typed fields but never the password; the same rate limit counter, sign-in lock-out and
 * password policy as the JSON routes; a post from another site, or one with no proof of where it comes from,
 * is refused; `next` never leads off the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../test/harness.js';
import { backUrl, MAX_BACK_URL, parseFormBody } from './form-posts.js';

const PASSWORD = 'kwiga-neza-2026';
const SITE = 'http://localhost:80';
let seq = 0;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().filter(Boolean) as string[];
/** The Location of a 303, split into its path and query. */
function location(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(303);
  const u = new URL(String(res.headers.location), SITE);
  return { path: u.pathname, q: u.searchParams, raw: String(res.headers.location) };
}

describe('form-posts helpers', () => {
  it('parseFormBody keeps the first value of a name and cannot reach a prototype', () => {
    const f = parseFormBody('a=1&a=2&__proto__=x&b=%C3%A9+c');
    expect(f.a).toBe('1');
    expect(f.b).toBe('é c');
    expect(Object.getPrototypeOf(f)).toBe(Object.prototype);
    expect(Object.hasOwn(f, '__proto__')).toBe(true);
  });

  it('backUrl drops the longest field when the URL would be too long', () => {
    const url = backUrl('/contact', { code: 'rate_limited', retryAfterSeconds: 60, fields: [] }, { email: 'a@b.rw', message: 'x'.repeat(5000), empty: '' });
    expect(url.length).toBeLessThanOrEqual(MAX_BACK_URL);
    const q = new URL(url, SITE).searchParams;
    expect([q.get('error'), q.get('retry'), q.get('email'), q.has('message'), q.has('empty')]).toEqual(['rate_limited', '60', 'a@b.rw', false, false]);
  });
});

describeEachDb('form posts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, env: { TRUST_PROXY: '127.0.0.1', SIGN_IN_LOCKOUT_FIRST_SECONDS: '60' } });
  });
  afterAll(() => t.stop());

  /** A form post from this site's page, as a browser sends it, from a new address each time. */
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = { origin: SITE }) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${++seq % 250}`, ...headers },
      payload: form(fields),
    });
  const register = async (email: string) => {
    const r = await post('/api/accounts/register', { fullName: 'Aline Uwase', phone: '', email, password: PASSWORD, confirmPassword: PASSWORD });
    expect(location(r).path).toBe('/login');
    return r;
  };

  it('register: 303 to /login with the address filled in; the account exists (a JSON sign-in works)', async () => {
    const r = await register('Form.Register@example.rw');
    const { q } = location(r);
    expect([q.get('registered'), q.get('email')]).toEqual(['1', 'form.register@example.rw']);
    expect(cookiesOf(r)).toEqual([]);
    const json = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'form.register@example.rw', password: PASSWORD } });
    expect(json.statusCode).toBe(200);
  });

  it('register: carries a same-site next on to /login and back to the form, and drops any other (ADR 054)', async () => {
    const r = await post('/api/accounts/register', { fullName: 'Grace M', email: 'register-next@example.rw', password: PASSWORD, confirmPassword: PASSWORD, next: '/watch/m1?x=1' });
    expect([location(r).path, location(r).q.get('next'), location(r).q.get('email')]).toEqual(['/login', '/watch/m1?x=1', 'register-next@example.rw']);
    const evil = await post('/api/accounts/register', { fullName: 'Eve', email: 'evil-next@example.rw', password: PASSWORD, confirmPassword: PASSWORD, next: '//evil.example/' });
    expect([location(evil).path, location(evil).q.has('next')]).toEqual(['/login', false]);
    const back = await post('/api/accounts/register', { fullName: 'Weak', email: 'weak-next@example.rw', password: 'password', confirmPassword: 'password', next: '/subscribe?plan=daily' });
    expect([location(back).path, location(back).q.get('error'), location(back).q.get('next')]).toEqual(['/register', 'weak_password', '/subscribe?plan=daily']);
  });

  it('register: the password policy and validation send the form back with the fields, never the password', async () => {
    const weak = await post('/api/accounts/register', { fullName: 'Weak Person', email: 'weak@example.rw', password: 'password', confirmPassword: 'password' });
    const w = location(weak);
    expect([w.path, w.q.get('error'), w.q.get('fullName'), w.q.get('email')]).toEqual(['/register', 'weak_password', 'Weak Person', 'weak@example.rw']);
    expect(w.raw).not.toContain('password=');
    const bad = await post('/api/accounts/register', { fullName: '', email: 'not-an-email', password: PASSWORD, confirmPassword: 'other-pass-2026' });
    const b = location(bad);
    expect(b.q.get('error')).toBe('validation_failed');
    expect(b.q.get('invalid')!.split(',').sort()).toEqual(['confirmPassword', 'email', 'fullName']);
    expect(b.raw).not.toContain(PASSWORD);
    await register('taken@example.rw');
    expect(location(await post('/api/accounts/register', { fullName: 'Two', email: 'taken@example.rw', password: PASSWORD, confirmPassword: PASSWORD })).q.get('error')).toBe('email_taken');
  });

  it('sign-in: 303 to a same-site next with the session cookie, as the JSON route sets it', async () => {
    await register('signin@example.rw');
    const r = await post('/api/accounts/login', { email: 'signin@example.rw', password: PASSWORD, next: '/account?tab=billing' });
    expect(location(r).raw).toBe('/account?tab=billing');
    const cookies = cookiesOf(r);
    const json = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'signin@example.rw', password: PASSWORD } });
    const names = (list: string[]) => list.map((c) => c.split('=')[0]).sort();
    expect(names(cookies)).toEqual(names(cookiesOf(json)));
    const session = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await t.app.inject({ url: '/api/accounts/me', headers: { cookie: session } });
    expect(me.json().user.email).toBe('signin@example.rw');
  });

  it('sign-in: next off the site (or back to /login) goes to / instead: no open redirect', async () => {
    await register('next@example.rw');
    // The penetration test's three first: each is a same-site path as sent but `//evil.example` once normalised.
    const offSite = ['/..//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', '/%2f%2fevil.example', 'javascript:alert(1)', '/login', '/LOGIN/'];
    for (const next of offSite) {
      const r = await post('/api/accounts/login', { email: 'next@example.rw', password: PASSWORD, next });
      expect(location(r).raw, next).toBe('/');
    }
    expect(location(await post('/api/accounts/login', { email: 'next@example.rw', password: PASSWORD, next: '/a/../account' })).raw).toBe('/account');
  });

  it('sign-in: a failed form keeps only a safe next for the form to send again', async () => {
    for (const next of ['/..//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example']) {
      const back = location(await post('/api/accounts/login', { email: 'nobody@example.rw', password: 'not-it', next }));
      expect([back.path, back.q.get('error'), back.q.get('next')], next).toEqual(['/login', 'invalid_credentials', null]);
    }
  });

  it('sign-in: a wrong password goes back to /login with the error and the address, never the password, and no cookie', async () => {
    await register('wrong@example.rw');
    const r = await post('/api/accounts/login', { email: 'wrong@example.rw', password: 'not-my-password', next: '/account' });
    const { path, q, raw } = location(r);
    expect([path, q.get('error'), q.get('email'), q.get('next')]).toEqual(['/login', 'invalid_credentials', 'wrong@example.rw', '/account']);
    expect(raw).not.toContain('not-my-password');
    expect(cookiesOf(r).some((c) => c.includes('session'))).toBe(false);
    const empty = location(await post('/api/accounts/login', { email: '', password: '' }));
    expect([empty.q.get('error'), empty.q.get('invalid')]).toEqual(['validation_failed', 'email,password']);
  });

  it('sign-in: wrong form posts count toward the account lock-out (ADR 018), and a locked form post says how long to wait', async () => {
    await register('locked@example.rw');
    for (let i = 0; i < 5; i++) expect(location(await post('/api/accounts/login', { email: 'locked@example.rw', password: `guess-${i}` })).q.get('error')).toBe('invalid_credentials');
    const json = await t.app.inject({ method: 'POST', url: '/api/accounts/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { email: 'locked@example.rw', password: PASSWORD } });
    expect(json.statusCode).toBe(429);
    const locked = location(await post('/api/accounts/login', { email: 'locked@example.rw', password: PASSWORD }));
    expect(locked.q.get('error')).toBe('rate_limited');
    expect(Number(locked.q.get('retry'))).toBeGreaterThan(0);
  });

  it('refuses a form post from another site (403 JSON, nothing done) and one with neither Origin nor a same-site Referer', async () => {
    await register('csrf@example.rw');
    const cross = await post('/api/accounts/login', { email: 'csrf@example.rw', password: PASSWORD }, { origin: 'https://evil.example' });
    expect([cross.statusCode, cross.json().error.code, cookiesOf(cross).length]).toEqual([403, 'bad_origin', 0]);
    const opaque = await post('/api/accounts/login', { email: 'csrf@example.rw', password: PASSWORD }, { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
    const none = await post('/api/accounts/login', { email: 'csrf@example.rw', password: PASSWORD }, {});
    expect(none.statusCode).toBe(403);
    const foreignReferer = await post('/api/contact', { firstName: 'A', lastName: 'B', email: 'a@b.rw', subject: 'S', message: 'A message long enough' }, { referer: 'https://evil.example/page' });
    expect(foreignReferer.statusCode).toBe(403);
    const sameReferer = await post('/api/accounts/login', { email: 'csrf@example.rw', password: PASSWORD }, { referer: `${SITE}/login` });
    expect(location(sameReferer).raw).toBe('/');
  });

  it('contact: saves the message and goes to /contact?sent=1; bad input goes back with the fields named', async () => {
    const admin = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: 'Admin', email: 'admin-form@example.rw', password: PASSWORD, confirmPassword: PASSWORD } });
    await t.services.accountsRepo.assignRole(admin.json().user.id, 'admin', null);
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'admin-form@example.rw', password: PASSWORD } });
    const cookie = cookiesOf(login).map((c) => c.split(';')[0]).join('; ');
    const message = 'Murakoze!\r\nMy MoMo payment went through but no pass yet.';
    const r = await post('/api/contact', { firstName: 'Aline', lastName: 'Uwase', email: 'Aline@Example.rw', subject: 'Form post', message });
    expect(location(r).raw).toBe('/contact?sent=1');
    const inbox = (await t.app.inject({ url: '/api/admin/messages', headers: { cookie } })).json();
    expect(inbox.items.find((m: { subject: string }) => m.subject === 'Form post')).toMatchObject({ email: 'aline@example.rw', firstName: 'Aline' });
    const bad = location(await post('/api/contact', { firstName: 'Aline', lastName: '', email: 'nope', subject: 'Hi', message: 'short' }));
    expect([bad.path, bad.q.get('error'), bad.q.get('invalid')!.split(',').sort(), bad.q.get('firstName'), bad.q.get('message')]).toEqual(['/contact', 'validation_failed', ['email', 'lastName', 'message'], 'Aline', 'short']);
    expect(bad.raw.length).toBeLessThanOrEqual(MAX_BACK_URL);
  });

  it('JSON requests to the same routes answer exactly as before', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: '', password: '' } });
    expect([r.statusCode, r.json().error.code]).toEqual([400, 'validation_failed']);
    const c = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: 'A', lastName: 'B', email: 'a@b.rw', subject: 'S', message: 'A message long enough' } });
    expect(c.statusCode).toBe(201);
  });
});

describe('form posts share the JSON routes\u2019 per-address rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { workers: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.stop());

  it('after the JSON sign-ins of an address, its form post is sent back with rate_limited and the wait', async () => {
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: '/api/accounts/login', remoteAddress: '192.0.2.7', payload: { email: 'x@example.rw', password: 'whatever' } });
    const r = await t.app.inject({ method: 'POST', url: '/api/accounts/login', remoteAddress: '192.0.2.7', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ email: 'x@example.rw', password: 'whatever' }) });
    const { path, q, raw } = location(r);
    expect([path, q.get('error')]).toEqual(['/login', 'rate_limited']);
    expect(Number(q.get('retry'))).toBeGreaterThan(0);
    // The limit is checked after the body is read: the address typed comes back with the form, the password never.
    expect(q.get('email')).toBe('x@example.rw');
    expect(raw).not.toContain('whatever');
  });
});
