/**
 * The outbox, the embedded default for mail and SMS (docs/decisions/021-account-recovery.md): with no SMTP_URL and
 * SMS_PROVIDER=outbox, reset messages are kept in the database, listed newest first by `services.outbox.list`
 * (the command line's `outbox list`) and by GET /api/admin/outbox for the super admin only; a reset works from a
 * kept message; the log line of a kept message names no link, code or full number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPhoneByCode } from '../../test/phone-verification.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { createOutbox } from './outbox.js';

let ipSeq = 1;
const freshIp = () => `10.31.0.${ipSeq++}`;

describeEachDb('outbox (embedded default)', (kind) => {
  let t: TestApp;
  let superAdmin: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    superAdmin = (await signUp(t, 'super_admin')).cookie;
    admin = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  it('keeps the reset mail and SMS, lists them newest first, and a reset works from them', async () => {
    expect(t.config.messaging).toEqual({ mail: null, sms: { provider: 'outbox' } });
    const u = await signUp(t);
    await t.app.inject({ method: 'PUT', url: '/api/accounts/profile', headers: { cookie: u.cookie }, payload: { fullName: 'Jean Bosco', phone: '0789 111 222' } });
    // Only a verified number gets a reset code (ADR 021, amended 2026-11-28); the verification SMS is kept too.
    await verifyPhoneByCode(t, u.cookie, async () => (await t.services.outbox.list({ limit: 1 }))[0]!.body);
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/email', payload: { email: u.email }, remoteAddress: freshIp() })).statusCode).toBe(202);
    await t.services.recovery.idle();
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/sms', payload: { phone: '0789111222' }, remoteAddress: freshIp(), headers: { cookie: 'sobanura-lang=fr' } })).statusCode).toBe(202);
    await t.services.recovery.idle();

    const items = await t.services.outbox.list({ limit: 10 });
    expect(items).toHaveLength(3);
    const [sms, mail, verification] = items;
    expect(verification).toMatchObject({ channel: 'sms', to: '250789111222' });
    expect(verification!.body).toMatch(/^Sobanura: your code to verify this phone number is \d{6}/);
    expect(sms).toMatchObject({ channel: 'sms', to: '250789111222', subject: null });
    expect(sms!.body).toMatch(/^Sobanura : votre code/);
    expect(sms!.createdAt).toBeInstanceOf(Date);
    expect(mail).toMatchObject({ channel: 'email', to: u.email, subject: 'Reset your Sobanura password' });
    expect(mail!.body).toContain('http://localhost:0/reset-password?token=');
    expect(await t.services.outbox.list({ limit: 1 })).toEqual([sms]);
    expect((await t.services.outbox.list()).length).toBe(3);

    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const done = await t.app.inject({ method: 'POST', url: '/api/accounts/recovery/reset-code', payload: { phone: '250789111222', code, password: 'Umuganura-2026!', confirmPassword: 'Umuganura-2026!' }, remoteAddress: freshIp() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: u.email, password: 'Umuganura-2026!' }, remoteAddress: freshIp() })).statusCode).toBe(200);
  });

  it('GET /api/admin/outbox is for the super admin only', async () => {
    const r = await t.app.inject({ url: '/api/admin/outbox?limit=5', headers: { cookie: superAdmin } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.json().items[0]).toMatchObject({ channel: 'sms', to: '250789111222' });
    expect(typeof r.json().items[0].createdAt).toBe('string');
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: admin } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/outbox?limit=0', headers: { cookie: superAdmin } })).statusCode).toBe(400);
  });

  it('logs one line per kept message, without the body or the full recipient', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const outbox = createOutbox(t.db.db, { info: (obj, msg) => lines.push({ obj, msg }) });
    await outbox.sms.send({ to: '250788123456', text: 'Sobanura: your password reset code is 987654.' });
    await outbox.mail.send({ to: 'aline.uwase@example.com', subject: 'Reset', text: 'https://x/reset-password?token=SECRET-TOKEN' });
    const logged = JSON.stringify(lines);
    expect(lines).toHaveLength(2);
    expect(logged).not.toMatch(/987654|SECRET-TOKEN|250788123456|aline\.uwase/);
    expect(logged).toContain('250788***456');
    expect(logged).toContain('a***@example.com');
  });
});

describe('outbox list bounds', () => {
  it('clamps the limit to 1..200', async () => {
    const seen: number[] = [];
    const fakeDb = { select: () => ({ from: () => ({ orderBy: () => ({ limit: (n: number) => (seen.push(n), Promise.resolve([])) }) }) }) };
    const outbox = createOutbox(fakeDb as never, { info: () => {} });
    await outbox.list({ limit: 0 });
    await outbox.list({ limit: 10_000 });
    await outbox.list();
    expect(seen).toEqual([1, 200, 50]);
  });
});
