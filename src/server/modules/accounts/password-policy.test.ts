/**
 * New passwords (ADR 018): at least 6 characters, not common, not the email or name; refused with 400
 * `weak_password` naming the field, on registration and on password change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { checkNewPassword, passwordProblem } from './password-policy.js';

const who = { email: 'aline.uwase@example.com', name: 'Aline Uwase' };

describe('passwordProblem', () => {
  it.each(['123456', 'password', 'password1', 'qwerty123', 'iloveyou', 'P@ssw0rd', 'Password1', 'sunshine1', 'abcdefgh', '111111', 'secret1', 'azerty'])('refuses the common %s', (p) => {
    expect(passwordProblem(p, who)).toBe('common');
  });
  it.each(['aline.uwase@example.com', 'ALINE.UWASE', ' Aline Uwase '])('refuses %s, the email or name', (p) => {
    expect(passwordProblem(p, who)).toBe('personal');
  });
  it('keeps the spec\'s 6-character floor', () => {
    expect(passwordProblem('x7#Qz', who)).toBe('too_short');
  });
  it.each(['kwiga-neza', 'gukina-filime', 'secret-pass', 'n3w-viewer-pass', 'Tr0ub4dor', 'x7#Qzp'])('accepts %s (no high score required)', (p) => {
    expect(passwordProblem(p, who)).toBeNull();
  });
  it('throws weak_password naming the field', () => {
    expect(() => checkNewPassword('123456', who, 'body.newPassword')).toThrow(expect.objectContaining({
      statusCode: 400,
      code: 'weak_password',
      details: expect.objectContaining({ reason: 'common', fields: [expect.objectContaining({ field: 'body.newPassword' })] }),
    }));
  });
});

describeEachDb('common passwords refused', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const register = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: 'Keza Mugabo', email, password, confirmPassword: password } });

  it('refuses a common password, or the email, at registration, and saves no account', async () => {
    for (const [password, reason] of [['password1', 'common'], ['keza@example.com', 'personal'], ['Keza Mugabo', 'personal']] as const) {
      const res = await register('keza@example.com', password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'weak_password', details: { reason, fields: [{ field: 'body.password' }] } });
    }
    expect(await t.services.accountsRepo.findUserByEmail('keza@example.com')).toBeFalsy();
    const ok = await register('keza@example.com', 'ikawa-ya-mu-gitondo');
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a common new password in settings; the old one still works', async () => {
    const v = await signUp(t);
    const change = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/accounts/password', headers: { cookie: v.cookie }, payload: { currentPassword: 'secret-pass', newPassword, confirmPassword: newPassword } });
    const res = await change('qwerty123');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'weak_password', details: { reason: 'common', fields: [{ field: 'body.newPassword' }] } });
    expect((await change(v.email)).json().error.details.reason).toBe('personal');
    const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: v.email, password: 'secret-pass' } });
    expect(login.statusCode).toBe(200);
    expect((await change('amazi-meza-77')).statusCode).toBe(200);
  });
});
