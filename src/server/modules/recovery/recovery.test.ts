/**
 * Getting back into an account (docs/decisions/021-account-recovery.md), through `app.inject` on both databases:
 * the email link through a real SMTP server on loopback (the link parsed out of the mail), the SMS code through
 * the Africa's Talking client against its emulator, the same answer for unknown addresses and numbers (nothing
 * sent, nothing stored), five wrong codes killing the code, expired and reused links, the limits (429 with
 * Retry-After), and every session of the account ended by a reset. The outbox default is in outbox.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECOVERY_LIMITS } from '../../../shared/contracts/recovery.js';
import type { AfricasTalkingEmulator } from '../../providers/messaging/emulators/africastalking-emulator.js';
import { verifyPhoneByCode } from '../../test/phone-verification.js';
import { describeEachDb, signUp, type TestApp } from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp-server.js';
import { startRecoveryTestBed, type RecoveryTestBed } from '../../test/recovery-test-bed.js';

const NEW_PASSWORD = 'Ikawa-ya-Huye-2026';
let ipSeq = 1;
const freshIp = () => `10.21.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

describeEachDb('account recovery', (kind) => {
  let bed: RecoveryTestBed;
  let t: TestApp;
  let smtp: TestSmtpServer;
  let at: AfricasTalkingEmulator;
  beforeAll(async () => {
    bed = await startRecoveryTestBed(kind);
    ({ t, smtp, at } = bed);
  });
  afterAll(() => bed.stop());

  const post = (url: string, payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: opts.ip ?? freshIp(), headers: opts.headers ?? {} });
  const askEmail = (email: string, opts?: { ip?: string; headers?: Record<string, string> }) => post('/api/accounts/recovery/email', { email }, opts);
  const askSms = (phone: string, opts?: { ip?: string; headers?: Record<string, string> }) => post('/api/accounts/recovery/sms', { phone }, opts);
  const resetLink = (token: string, password = NEW_PASSWORD) => post('/api/accounts/recovery/reset', { token, password, confirmPassword: password });
  const resetCode = (phone: string, code: string, password = NEW_PASSWORD) => post('/api/accounts/recovery/reset-code', { phone, code, password, confirmPassword: password });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password }, remoteAddress: freshIp() });
  const me = async (cookie: string) => (await t.app.inject({ url: '/api/accounts/me', headers: { cookie } })).json().user;
  const resetRows = async () => Number((await t.db.executeSql('select count(*)::int as n from password_resets')).rows[0]!.n);
  const lastMail = () => smtp.mails[smtp.mails.length - 1]!;
  const linkToken = (text: string) => /https:\/\/sobanura\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const lastCode = () => /\b(\d{6})\b/.exec(at.sent[at.sent.length - 1]!.message)![1]!;
  const withPhone = async (phone: string) => {
    const u = await signUp(t);
    const r = await t.app.inject({ method: 'PUT', url: '/api/accounts/profile', headers: { cookie: u.cookie }, payload: { fullName: 'Aline Uwase', phone } });
    expect(r.statusCode).toBe(200);
    expect(r.json().profile.phoneVerified).toBe(false);
    return u;
  };
  /** A user whose profile phone is verified with the texted code (the only kind recovery by SMS texts). */
  const withVerifiedPhone = async (phone: string) => {
    const u = await withPhone(phone);
    await verifyPhoneByCode(t, u.cookie, () => at.sent[at.sent.length - 1]!.message);
    return u;
  };
  const sendVerification = (cookie: string, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/accounts/phone/verification', headers: { cookie }, payload: {}, remoteAddress: ip });
  const verify = (cookie: string, code: string) => t.app.inject({ method: 'POST', url: '/api/accounts/phone/verify', headers: { cookie }, payload: { code }, remoteAddress: freshIp() });

  it('email: the link arrives through SMTP in the asker\'s language, sets the password and ends every session', async () => {
    const u = await signUp(t);
    const second = await login(u.email, 'secret-pass');
    const secondCookie = ([second.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    expect((await me(secondCookie))?.id).toBe(u.id);

    const before = smtp.mails.length;
    const r = await askEmail(u.email.toUpperCase(), { headers: { cookie: 'sobanura-lang=rw' } });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ ok: true });
    await t.services.recovery.idle();
    expect(smtp.mails.length).toBe(before + 1);
    const mail = lastMail();
    expect(mail.rcptTo).toEqual([u.email]);
    expect(mail.from?.text).toContain('no-reply@sobanura.test');
    expect(mail.subject).toBe("Hindura ijambo ry'ibanga rya Sobanura");
    const token = linkToken(mail.text ?? '');
    expect(token).toBeTruthy();
    // Only a hash is stored.
    expect(JSON.stringify((await t.db.executeSql('select secret_hash from password_resets')).rows)).not.toContain(token);

    const done = await resetLink(token!);
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(u.cookie)).toBeNull();
    expect(await me(secondCookie)).toBeNull();
    expect((await login(u.email, 'secret-pass')).statusCode).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('email: a used link works once; an expired link fails; a newer link replaces an older one', async () => {
    const u = await signUp(t);
    await askEmail(u.email, { headers: { 'accept-language': 'fr-RW,fr;q=0.9,en;q=0.5' } });
    await t.services.recovery.idle();
    expect(lastMail().subject).toBe('Réinitialisez votre mot de passe Sobanura');
    const first = linkToken(lastMail().text ?? '')!;
    await askEmail(u.email);
    await t.services.recovery.idle();
    expect(lastMail().subject).toBe('Reset your Sobanura password');
    const second = linkToken(lastMail().text ?? '')!;
    expect((await resetLink(first)).json().error.code).toBe('reset_link_invalid');

    expect((await resetLink(second)).statusCode).toBe(200);
    const reused = await resetLink(second, 'Another-good-pass-77');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('reset_link_invalid');
    expect((await login(u.email, 'Another-good-pass-77')).statusCode).toBe(401);

    await askEmail(u.email);
    await t.services.recovery.idle();
    const late = linkToken(lastMail().text ?? '')!;
    await t.db.executeSql("update password_resets set expires_at = now() - interval '1 second' where used_at is null");
    const expired = await resetLink(late, 'Another-good-pass-77');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('reset_link_invalid');
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('email: the page asks whether a link works before the password is typed, spending nothing (ADR 055)', async () => {
    const u = await signUp(t);
    const check = (token: string) => t.app.inject({ url: `/api/accounts/recovery/link?token=${encodeURIComponent(token)}`, remoteAddress: freshIp() });
    await askEmail(u.email);
    await t.services.recovery.idle();
    const token = linkToken(lastMail().text ?? '')!;
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(ok.headers['cache-control']).toBe('no-store');
    expect((await check(token)).statusCode).toBe(200); // asking twice spends nothing
    expect((await resetLink(token)).statusCode).toBe(200);
    // Used, unknown, expired, malformed: refused at once.
    expect((await check(token)).json().error.code).toBe('reset_link_invalid');
    expect((await check('A'.repeat(43))).json().error.code).toBe('reset_link_invalid');
    await askEmail(u.email);
    await t.services.recovery.idle();
    const late = linkToken(lastMail().text ?? '')!;
    expect((await check(late)).statusCode).toBe(200);
    await t.db.executeSql("update password_resets set expires_at = now() - interval '1 second' where used_at is null");
    const expired = await check(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: 'reset_link_invalid', message: 'This reset link has expired or has already been used. Ask for a new one.' });
    expect((await check('short')).json().error.code).toBe('validation_failed');
    expect((await t.app.inject({ url: '/api/accounts/recovery/link' })).statusCode).toBe(400);
  });

  it('email: a weak or mismatched new password is refused and the link still works', async () => {
    const u = await signUp(t);
    await askEmail(u.email);
    await t.services.recovery.idle();
    const token = linkToken(lastMail().text ?? '')!;
    const weak = await resetLink(token, 'password123');
    expect(weak.json().error.code).toBe('weak_password');
    const personal = await resetLink(token, u.email);
    expect(personal.json().error).toMatchObject({ code: 'weak_password', details: { reason: 'personal' } });
    const mismatch = await post('/api/accounts/recovery/reset', { token, password: NEW_PASSWORD, confirmPassword: 'x' });
    expect(mismatch.json().error.code).toBe('password_mismatch');
    expect((await resetLink(token)).statusCode).toBe(200);
  });

  it('the same answer for an unknown email or number, and nothing sent or stored', async () => {
    const known = await withVerifiedPhone('0788 555 101');
    const [mails, sms, rows] = [smtp.mails.length, at.sent.length, await resetRows()];
    const a = await askEmail('nobody-here@example.com');
    const b = await askEmail(known.email);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    const c = await askSms('0788 999 000');
    const d = await askSms('250788555101');
    expect([c.statusCode, c.body]).toEqual([d.statusCode, d.body]);
    await t.services.recovery.idle();
    expect(smtp.mails.length).toBe(mails + 1);
    expect(at.sent.length).toBe(sms + 1);
    expect(await resetRows()).toBe(rows + 2);
    // A wrong code for a number without an account reads like a wrong code for one with an account.
    const unknown = await resetCode('0788999000', '123456');
    expect(unknown.json().error).toMatchObject({ code: 'reset_code_invalid', details: { attemptsLeft: 4 } });
  });

  it("SMS: the code goes through Africa's Talking to the profile's number and sets the password", async () => {
    const u = await withVerifiedPhone('+250 788 555 202');
    const other = await login(u.email, 'secret-pass');
    const otherCookie = ([other.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    const r = await askSms('0788555202', { headers: { 'accept-language': 'rw' } });
    expect(r.statusCode).toBe(202);
    await t.services.recovery.idle();
    const sms = at.sent[at.sent.length - 1]!;
    expect(sms.to).toBe('+250788555202');
    expect(sms.message).toMatch(/^Sobanura: kode yo guhindura/);
    const done = await resetCode('078 855 5202', lastCode());
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(u.cookie)).toBeNull();
    expect(await me(otherCookie)).toBeNull();
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await resetCode('0788555202', lastCode())).json().error.code).toBe('reset_code_invalid');
  });

  it('SMS: five wrong codes kill the code, and then even the right code fails until a new one is asked', async () => {
    const u = await withVerifiedPhone('0722555303');
    await askSms('0722555303');
    await t.services.recovery.idle();
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const r = await resetCode('0722555303', wrong);
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'reset_code_invalid', details: { attemptsLeft: left } });
    }
    expect((await resetCode('0722555303', wrong)).json().error.code).toBe('reset_code_locked');
    const right = await resetCode('0722555303', code);
    expect(right.json().error.code).toBe('reset_code_locked');
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(401);

    await askSms('0722555303');
    await t.services.recovery.idle();
    expect((await resetCode('0722555303', lastCode())).statusCode).toBe(200);
  });

  it('SMS: an expired code fails; a malformed number or code is a 400 naming the field', async () => {
    await withVerifiedPhone('0733555404');
    await askSms('0733555404');
    await t.services.recovery.idle();
    await t.db.executeSql("update password_resets set expires_at = now() - interval '1 second' where used_at is null");
    expect((await resetCode('0733555404', lastCode())).json().error.code).toBe('reset_code_invalid');
    expect((await askSms('12345')).json().error.code).toBe('invalid_msisdn');
    const bad = await resetCode('0733555404', '12ab');
    expect(bad.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(bad.json().error.details)).toContain('code');
  });

  it('limits requests per email or number whoever asks, and per address (429 with Retry-After)', async () => {
    const u = await signUp(t);
    const per = RECOVERY_LIMITS.requestsPerTarget.points;
    for (let i = 0; i < per; i++) expect((await askEmail(u.email)).statusCode).toBe(202);
    const limited = await askEmail(u.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same for an address nobody has: the limit tells nothing either.
    for (let i = 0; i < per; i++) await askEmail('ghost@example.com');
    expect((await askEmail('ghost@example.com')).statusCode).toBe(429);

    const ip = freshIp();
    for (let i = 0; i < RECOVERY_LIMITS.requestsPerAddress.points; i++) expect((await askEmail(`p${i}@example.com`, { ip })).statusCode).toBe(202);
    const fromAddress = await askSms('0788000111', { ip });
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.headers['retry-after']).toBeDefined();
    await t.services.recovery.idle();
  });

  it('phone verification: the takeover of the finding no longer blocks recovery, and the verified holder alone gets the code', async () => {
    // The owner verified the number; an attacker saves the same number on their own profile.
    const owner = await withVerifiedPhone('0788 555 606');
    const attacker = await withPhone('250788555606');
    await askSms('0788555606');
    await t.services.recovery.idle();
    const sms = at.sent[at.sent.length - 1]!;
    expect(sms.to).toBe('+250788555606');
    expect(sms.message).toMatch(/password reset code/);
    expect((await resetCode('0788555606', lastCode())).statusCode).toBe(200);
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(attacker.email, NEW_PASSWORD)).statusCode).toBe(401);
    // The attacker cannot verify it without the code, which goes to the number (the owner's phone).
    const sent = await sendVerification(attacker.cookie);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ ok: true, sentTo: '250788***606' });
    const guess = lastCode() === '000000' ? '111111' : '000000';
    expect((await verify(attacker.cookie, guess)).json().error).toMatchObject({ code: 'phone_code_invalid', details: { attemptsLeft: 4 } });
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie: attacker.cookie } })).json().profile.phoneVerified).toBe(false);
  });

  it('phone verification: an unverified number gets no reset code; a number moves to whoever verifies it last; a changed phone is no longer verified', async () => {
    const first = await withPhone('0788555707');
    const before = at.sent.length;
    expect((await askSms('0788555707')).statusCode).toBe(202);
    await t.services.recovery.idle();
    expect(at.sent.length).toBe(before);
    expect(await resetRows()).toBeGreaterThanOrEqual(0);

    await verifyPhoneByCode(t, first.cookie, () => at.sent[at.sent.length - 1]!.message);
    // The number's owner (who reads its SMS) signs up again and verifies it: the number moves to the new account.
    const second = await withVerifiedPhone('0788555707');
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie: first.cookie } })).json().profile.phoneVerified).toBe(false);
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie: second.cookie } })).json().profile.phoneVerified).toBe(true);
    const rows = (await t.db.executeSql("select user_id from verified_phones where msisdn = '250788555707'")).rows;
    expect(rows).toEqual([{ user_id: second.id }]);

    // Another way of writing the same number keeps it verified; another number drops it.
    const same = await t.app.inject({ method: 'PUT', url: '/api/accounts/profile', headers: { cookie: second.cookie }, payload: { fullName: 'Aline', phone: '+250 788 555 707' } });
    expect(same.json().profile.phoneVerified).toBe(true);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/accounts/profile', headers: { cookie: second.cookie }, payload: { fullName: 'Aline', phone: '0788555708' } });
    expect(changed.json().profile.phoneVerified).toBe(false);
    expect((await t.db.executeSql("select count(*)::int as n from verified_phones where msisdn = '250788555707'")).rows[0]!.n).toBe(0);
  });

  it('phone verification: wrong codes count down and lock, an expired code fails, no phone or a bad one is a 400, and the SMS is rate limited', async () => {
    const u = await withPhone('0722555808');
    expect((await sendVerification(u.cookie)).statusCode).toBe(202);
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) expect((await verify(u.cookie, wrong)).json().error).toMatchObject({ code: 'phone_code_invalid', details: { attemptsLeft: left } });
    expect((await verify(u.cookie, wrong)).json().error.code).toBe('phone_code_locked');
    expect((await verify(u.cookie, code)).json().error.code).toBe('phone_code_invalid');

    expect((await sendVerification(u.cookie)).statusCode).toBe(202);
    const late = lastCode();
    await t.db.executeSql("update password_resets set expires_at = now() - interval '1 second' where used_at is null and channel = 'phone'");
    expect((await verify(u.cookie, late)).json().error).toMatchObject({ code: 'phone_code_invalid', details: { attemptsLeft: 0 } });
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie: u.cookie } })).json().profile.phoneVerified).toBe(false);

    // The third SMS to this number within the hour is the last (RECOVERY_LIMITS.requestsPerTarget, shared with resets).
    expect((await sendVerification(u.cookie)).statusCode).toBe(202);
    const limited = await sendVerification(u.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');

    const none = await signUp(t);
    expect((await sendVerification(none.cookie)).json().error.code).toBe('phone_required');
    // A profile takes a Ugandan number since ADR 055 ("12345" no longer), but codes go to Rwandan numbers only.
    const bad = await withPhone('+256 772 123 456');
    expect((await sendVerification(bad.cookie)).json().error.code).toBe('invalid_msisdn');
    expect((await verify(none.cookie, '123456')).json().error.code).toBe('phone_required');
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/phone/verification', payload: {} })).statusCode).toBe(401);
    // The provider refusing the SMS (the emulator fails numbers ending 0000500) is a 503 to try again, not a 500.
    const refused = await sendVerification((await withPhone('0780000500')).cookie);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('server_busy');
  });
});
