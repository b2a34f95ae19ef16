/**
 * Account settings (issue 5 point 7; docs/product/viewer.md §2 "/settings", §5 and §8): the profile read and saved as
 * typed, a password change that signs every other session out, and the deletion of an account that removes the
 * personal data and keeps the payments, anonymised, for accounting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('account settings', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const login = async (email: string, password: string) => {
    const res = await call('POST', '/api/accounts/login', undefined, { email, password });
    if (res.statusCode !== 200) return null;
    return ([res.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
  };
  const whoami = async (cookie: string) => (await call('GET', '/api/accounts/me', cookie)).json().user;
  const cookieOf = (res: { headers: Record<string, unknown> }) => ([res.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
  const n = async (sql: string, params: unknown[]) => Number((await t.db.executeSql(sql, params)).rows[0]!.n);

  it('reads the profile: read-only email, full name and phone', async () => {
    const reg = await call('POST', '/api/accounts/register', undefined, { fullName: 'Aline Uwase', phone: '0788123456', email: 'aline.settings@example.com', password: 'secret-41', confirmPassword: 'secret-41' });
    expect(reg.statusCode).toBe(201);
    const cookie = (await login('aline.settings@example.com', 'secret-41'))!;
    const res = await call('GET', '/api/accounts/profile', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ email: 'aline.settings@example.com', fullName: 'Aline Uwase', phone: '0788123456' });
    expect((await call('GET', '/api/accounts/profile')).statusCode).toBe(401);
  });

  it('saves full name and phone as typed, within length limits, and keeps the email', async () => {
    const v = await signUp(t);
    const res = await call('PUT', '/api/accounts/profile', v.cookie, { fullName: '  Jean Bosco  ', phone: '+250 72 000 0000', email: 'other@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ email: v.email, fullName: 'Jean Bosco', phone: '+250 72 000 0000' });
    expect(res.json().profile.updatedAt).toBeTruthy();
    expect((await whoami(v.cookie)).name).toBe('Jean Bosco');
    // A Ugandan number (+256), and no phone at all, are kept too (ADR 055).
    expect((await call('PUT', '/api/accounts/profile', v.cookie, { fullName: 'Jean Bosco', phone: '+256 772 123 456' })).json().profile.phone).toBe('+256 772 123 456');
    expect((await call('PUT', '/api/accounts/profile', v.cookie, { fullName: 'Jean Bosco', phone: '' })).json().profile).toMatchObject({ fullName: 'Jean Bosco', phone: null });
    const long = await call('PUT', '/api/accounts/profile', v.cookie, { fullName: 'x'.repeat(121), phone: '1'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['body.fullName', 'body.phone']);
  });

  it('refuses an empty full name and a phone that is no operator’s number, naming each field, and keeps what was saved (ADR 055)', async () => {
    const v = await signUp(t);
    expect((await call('PUT', '/api/accounts/profile', v.cookie, { fullName: 'Jean Bosco', phone: '0788123456' })).statusCode).toBe(200);
    for (const [body, fields] of [
      [{ fullName: '', phone: '0788123456' }, ['body.fullName']],
      [{ fullName: '   ', phone: '' }, ['body.fullName']],
      [{ fullName: 'Jean Bosco', phone: 'abc' }, ['body.phone']],
      [{ fullName: 'Jean Bosco', phone: '12345' }, ['body.phone']],
      [{ fullName: 'Jean Bosco', phone: '0712345678' }, ['body.phone']], // 071 is no operator's prefix in Rwanda
      [{ fullName: '', phone: 'abc' }, ['body.fullName', 'body.phone']],
    ] as const) {
      const res = await call('PUT', '/api/accounts/profile', v.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(fields);
    }
    expect((await call('GET', '/api/accounts/profile', v.cookie)).json().profile).toMatchObject({ fullName: 'Jean Bosco', phone: '0788123456' });
    expect((await whoami(v.cookie)).name).toBe('Jean Bosco');
  });

  it('changes the password, keeps this session on a new cookie and signs every other session out', async () => {
    const v = await signUp(t); // password 'secret-pass'
    const other = (await login(v.email, 'secret-pass'))!;
    expect(await whoami(other)).toMatchObject({ id: v.id });
    const res = await call('POST', '/api/accounts/password', v.cookie, { currentPassword: 'secret-pass', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/session_token=/);
    expect(await whoami(fresh)).toMatchObject({ id: v.id });
    expect(await whoami(other)).toBeNull();
    expect(await whoami(v.cookie)).toBeNull();
    expect(await login(v.email, 'secret-pass')).toBeNull();
    expect(await login(v.email, 'brand-new-1')).toBeTruthy();
  });

  it.each([
    [{ currentPassword: 'secret-pass', newPassword: '12345', confirmPassword: '12345' }, 'weak_password', 'Password must be at least 6 characters long.', 'body.newPassword'],
    [{ currentPassword: 'secret-pass', newPassword: 'abcdef', confirmPassword: 'abcdeg' }, 'password_mismatch', 'New passwords do not match.', 'body.confirmPassword'],
    [{ currentPassword: 'not-my-password', newPassword: 'abcdef-9', confirmPassword: 'abcdef-9' }, 'wrong_password', 'Your current password is incorrect.', 'body.currentPassword'],
    // The current password is checked first (ADR 055): a wrong one with a short or mismatched new one says so.
    [{ currentPassword: 'not-my-password', newPassword: '1', confirmPassword: '2' }, 'wrong_password', 'Your current password is incorrect.', 'body.currentPassword'],
    [{ currentPassword: 'secret-pass', newPassword: 'secret-pass', confirmPassword: 'secret-pass' }, 'same_password', 'Your new password must be different from your current password.', 'body.newPassword'],
  ])('refuses a password change %o with %s, naming %s', async (body, code, message, field) => {
    const v = await signUp(t);
    const res = await call('POST', '/api/accounts/password', v.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    expect(await whoami(v.cookie)).toMatchObject({ id: v.id });
    expect(await login(v.email, 'secret-pass')).toBeTruthy();
  });

  it('refuses an empty form by asking for the current password first', async () => {
    const v = await signUp(t);
    const res = await call('POST', '/api/accounts/password', v.cookie, { currentPassword: '', newPassword: '', confirmPassword: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['body.currentPassword']);
  });

  it('deletes an account: personal data gone, sessions ended, cookie cleared, payments kept without user or number', async () => {
    const v = await signUp(t);
    const other = (await login(v.email, 'secret-pass'))!;
    await call('PUT', '/api/accounts/profile', v.cookie, { fullName: 'To Be Deleted', phone: '0788000000' });
    const pay = await call('POST', '/api/billing/payments', v.cookie, { plan: 'daily', phone: '0788765432' });
    await call('GET', `/api/billing/payments/${pay.json().payment.id}`, v.cookie);
    const movie = await t.services.catalog.create({ title: 'Kept film', category: 'drama' });
    await t.db.executeSql('insert into user_watchlist (user_id, movie_id) values ($1, $2)', [v.id, movie.id]);
    await t.services.accountsRepo.assignRole(v.id, 'user', null);
    const contact = `insert into contact_messages (first_name, last_name, email, subject, message, user_id) values ($1, 'Deleted', $2, 'Help', 'My number is 0788000000', $3)`;
    await t.db.executeSql(contact, ['To Be', v.email, v.id]);
    await t.db.executeSql(contact, ['Someone', 'someone.else@example.com', null]);
    expect(await n('select count(*)::int as n from subscriptions where user_id = $1', [v.id])).toBe(1);

    const refused = await call('DELETE', '/api/accounts/me', v.cookie, { confirm: 'delete me' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('confirmation_required');
    expect(await whoami(v.cookie)).toMatchObject({ id: v.id });

    const res = await call('DELETE', '/api/accounts/me', v.cookie, { confirm: 'DELETE' });
    expect(res.statusCode).toBe(204);
    expect([res.headers['set-cookie']].flat().join(';')).toMatch(/session_token=;|Max-Age=0/i);
    expect(await whoami(v.cookie)).toBeNull();
    expect(await whoami(other)).toBeNull();
    expect(await login(v.email, 'secret-pass')).toBeNull();
    for (const [table, column] of [['user', 'id'], ['session', 'user_id'], ['account', 'user_id'], ['profiles', 'id'], ['user_roles', 'user_id'], ['subscriptions', 'user_id'], ['user_watchlist', 'user_id'], ['title_purchases', 'user_id']]) {
      expect(await n(`select count(*)::int as n from "${table}" where ${column} = $1`, [v.id]), table).toBe(0);
    }
    const { rows } = await t.db.executeSql('select user_id, msisdn, amount, status from payments where id = $1', [pay.json().payment.id]);
    expect(rows[0]).toEqual({ user_id: null, msisdn: null, amount: 500, status: 'successful' });
    expect(await n('select count(*)::int as n from movies where id = $1', [movie.id])).toBe(1);
    // Contact messages sent from the account (name, email, text) are personal data too; a visitor's message stays.
    expect(await n('select count(*)::int as n from contact_messages where email = $1', [v.email])).toBe(0);
    expect(await n('select count(*)::int as n from contact_messages where email = $1', ['someone.else@example.com'])).toBe(1);
    // The email is free again.
    expect((await call('POST', '/api/accounts/register', undefined, { fullName: 'New', email: v.email, password: 'secret-41', confirmPassword: 'secret-41' })).statusCode).toBe(201);
  });

  it('keeps settings for signed-in users only', async () => {
    for (const [method, url] of [['GET', '/api/accounts/profile'], ['PUT', '/api/accounts/profile'], ['POST', '/api/accounts/password'], ['DELETE', '/api/accounts/me']] as const) {
      const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(401);
    }
  });
});
