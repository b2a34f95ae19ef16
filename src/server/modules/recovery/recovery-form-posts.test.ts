/**
 * Account recovery by HTML form posts, before the app has loaded (docs/decisions/024-forms-before-hydration.md,
 * docs/decisions/021-account-recovery.md), through `app.inject` on both databases: asking for a link or a code is
 * 303 to the page's "sent" state (the same whether or not an account exists); a new password set with the link or
 * the code is 303 to "done"; a failure goes back to the form with the error code and what may be shown again (the
 * link's token, the phone number), never a password or a code; a post from another site is refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AfricasTalkingEmulator } from '../../providers/messaging/emulators/africastalking-emulator.js';
import { verifyPhoneByCode } from '../../test/phone-verification.js';
import { describeEachDb, signUp, type TestApp } from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp-server.js';
import { startRecoveryTestBed, type RecoveryTestBed } from '../../test/recovery-test-bed.js';

const SITE = 'http://localhost:80';
const NEW_PASSWORD = 'Amata-ya-Nyanza-2026';
let ipSeq = 1;
const freshIp = () => `10.31.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

/** The Location of a 303, as its path and query. */
function seeOther(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers['cache-control']).toBe('no-store');
  const u = new URL(String(res.headers.location), SITE);
  return { path: u.pathname, q: Object.fromEntries(u.searchParams), raw: String(res.headers.location) };
}

describeEachDb('account recovery by form posts', (kind) => {
  let bed: RecoveryTestBed;
  let t: TestApp;
  let smtp: TestSmtpServer;
  let at: AfricasTalkingEmulator;
  beforeAll(async () => {
    bed = await startRecoveryTestBed(kind);
    ({ t, smtp, at } = bed);
  });
  afterAll(() => bed.stop());

  /** A form post from this site's page, as a browser sends it. */
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = { origin: SITE }) =>
    t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password }, remoteAddress: freshIp() });
  const linkToken = (text: string) => /https:\/\/sobanura\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const lastCode = () => /\b(\d{6})\b/.exec(at.sent[at.sent.length - 1]!.message)![1]!;

  it('by email: "sent" for a known and an unknown address alike; the link then sets the password, and a weak one goes back with the token', async () => {
    const u = await signUp(t);
    const before = smtp.mails.length;
    const asked = seeOther(await post('/api/accounts/recovery/email', { email: u.email }));
    expect(asked).toMatchObject({ path: '/forgot-password', q: { sent: 'email', email: u.email } });
    const unknown = seeOther(await post('/api/accounts/recovery/email', { email: 'nobody-here@sobanura.test' }));
    expect(unknown).toMatchObject({ path: '/forgot-password', q: { sent: 'email', email: 'nobody-here@sobanura.test' } });
    await t.services.recovery.idle();
    expect(smtp.mails.length).toBe(before + 1);
    const token = linkToken(smtp.mails.at(-1)!.text ?? '')!;
    expect(token).toBeTruthy();

    const weak = seeOther(await post('/api/accounts/recovery/reset', { token, password: 'short', confirmPassword: 'short' }));
    expect(weak.path).toBe('/reset-password');
    expect(weak.q).toMatchObject({ error: 'weak_password', token });
    expect(weak.raw).not.toContain('short');
    const mismatch = seeOther(await post('/api/accounts/recovery/reset', { token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }));
    expect(mismatch.q).toMatchObject({ error: 'password_mismatch', token });
    expect(mismatch.raw).not.toContain(NEW_PASSWORD);

    const done = seeOther(await post('/api/accounts/recovery/reset', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(done).toEqual({ path: '/reset-password', q: { done: '1' }, raw: '/reset-password?done=1' });
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Used once: the same link now goes back with the error, and the password stays.
    const again = seeOther(await post('/api/accounts/recovery/reset', { token, password: 'Another-Pass-2026', confirmPassword: 'Another-Pass-2026' }));
    expect(again.q.error).toBe('reset_link_invalid');
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('by email: a malformed address goes back with the field named and the text typed', async () => {
    const back = seeOther(await post('/api/accounts/recovery/email', { email: 'not-an-address' }));
    expect(back).toMatchObject({ path: '/forgot-password', q: { error: 'validation_failed', invalid: 'email', email: 'not-an-address' } });
  });

  it('by SMS: "sent" with the number, then the code sets the password; a wrong code goes back with the number, never the code', async () => {
    const u = await signUp(t);
    const profile = await t.app.inject({ method: 'PUT', url: '/api/accounts/profile', headers: { cookie: u.cookie }, payload: { fullName: 'Aline Uwase', phone: '0788555311' } });
    expect(profile.statusCode).toBe(200);
    await verifyPhoneByCode(t, u.cookie, () => at.sent[at.sent.length - 1]!.message);
    const asked = seeOther(await post('/api/accounts/recovery/sms', { phone: '0788555311' }));
    expect(asked).toMatchObject({ path: '/forgot-password', q: { sent: 'sms', phone: '0788555311' } });
    await t.services.recovery.idle();
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';

    const bad = seeOther(await post('/api/accounts/recovery/reset-code', { phone: '0788555311', code: wrong, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(bad).toMatchObject({ path: '/reset-password', q: { error: 'reset_code_invalid', phone: '0788555311' } });
    expect(bad.raw).not.toContain(wrong);
    expect(bad.raw).not.toContain(NEW_PASSWORD);

    const done = seeOther(await post('/api/accounts/recovery/reset-code', { phone: '0788555311', code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(done.raw).toBe('/reset-password?done=1');
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('by SMS: a number that is no Rwandan mobile goes back to the SMS choice with the number typed', async () => {
    const back = seeOther(await post('/api/accounts/recovery/sms', { phone: '12345' }));
    expect(back.path).toBe('/forgot-password');
    expect(back.q).toMatchObject({ channel: 'sms', phone: '12345' });
    expect(['validation_failed', 'invalid_msisdn']).toContain(back.q.error);
  });

  it('refuses a form post from another site, or one that shows no origin, and sends nothing', async () => {
    const u = await signUp(t);
    const before = smtp.mails.length;
    const cross = await post('/api/accounts/recovery/email', { email: u.email }, { origin: 'https://evil.example' });
    expect([cross.statusCode, cross.json().error.code]).toEqual([403, 'bad_origin']);
    const blind = await post('/api/accounts/recovery/email', { email: u.email }, {});
    expect([blind.statusCode, blind.json().error.code]).toEqual([403, 'bad_origin']);
    await t.services.recovery.idle();
    expect(smtp.mails.length).toBe(before);
  });

  it('JSON requests are answered as before', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/email', payload: { email: 'json-asker@sobanura.test' }, remoteAddress: freshIp() });
    expect([r.statusCode, r.json()]).toEqual([202, { ok: true }]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/reset', payload: { token: 'x'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, remoteAddress: freshIp() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('reset_link_invalid');
  });
});
