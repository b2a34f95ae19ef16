import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('accounts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/accounts/register', payload });

  it('registers, signs in, reads the session and signs out', async () => {
    const reg = await register({ fullName: 'Aline Uwase', phone: '0788123456', email: 'Aline@Example.com', password: 'secret-41', confirmPassword: 'secret-41' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user).toMatchObject({ email: 'aline@example.com', name: 'Aline Uwase', role: 'user' });

    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'aline@example.com', password: 'secret-41' } });
    expect(login.statusCode).toBe(200);
    const setCookie = [login.headers['set-cookie']].flat().join(';');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');

    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { email: 'aline@example.com', role: 'user' }, pass: null });

    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie } });
    expect(after.json().user).toBeNull();
  });

  it('names every bad field of a registration', async () => {
    const res = await register({ fullName: ' ', email: 'not-an-email', password: '123', confirmPassword: '456' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    const fields = body.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.fullName', 'body.email', 'body.password', 'body.confirmPassword']));
  });

  it('refuses a phone that is no operator’s number, saying what is wrong, and creates no account (ADR 055)', async () => {
    for (const phone of ['12345', 'abc', '0712345678', '+255 754 123 456']) {
      const res = await register({ fullName: 'Phone Test', phone, email: 'phone-test@example.com', password: 'secret-41', confirmPassword: 'secret-41' });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.details.fields).toEqual([{ field: 'body.phone', message: 'Enter a mobile number of MTN or Airtel in Rwanda (07X XXX XXXX) or Uganda (+256 7XX XXX XXX)' }]);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'phone-test@example.com', password: 'secret-41' } });
    expect(login.statusCode).toBe(401);
    // Rwanda's forms and Uganda's +256 form are taken, as typed.
    for (const [i, phone] of ['0788 123 456', '+250722123456', '256772123456'].entries()) {
      const ok = await register({ fullName: 'Phone Test', phone, email: `phone-ok-${i}@example.com`, password: 'secret-41', confirmPassword: 'secret-41' });
      expect(ok.statusCode, phone).toBe(201);
    }
  });

  it('refuses a password that differs from its confirmation', async () => {
    const res = await register({ fullName: 'A', email: 'mismatch@example.com', password: 'secret-41', confirmPassword: 'secret2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([{ field: 'body.confirmPassword', message: 'Passwords do not match' }]);
  });

  it('refuses a second account with the same email, keeping the first', async () => {
    const a = await register({ fullName: 'First', email: 'same@example.com', password: 'secret-41', confirmPassword: 'secret-41' });
    expect(a.statusCode).toBe(201);
    const b = await register({ fullName: 'Second', email: 'SAME@example.com', password: 'other12', confirmPassword: 'other12' });
    expect(b.statusCode).toBe(409);
    expect(b.json().error.code).toBe('email_taken');
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'same@example.com', password: 'secret-41' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe('First');
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    await signUp(t, 'user', 'known@example.com');
    for (const payload of [{ email: 'known@example.com', password: 'wrong-pass' }, { email: 'nobody@example.com', password: 'secret-pass' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: '', password: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('reports the latest role row', async () => {
    const u = await signUp(t, 'admin');
    await t.services.accountsRepo.assignRole(u.id, 'user', null);
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie: u.cookie } });
    expect(me.json().user.role).toBe('user');
  });

  it('refuses a write from another site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login', headers: { origin: 'https://evil.example' }, payload: { email: 'a@b.co', password: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});
