/**
 * Registration with an email that already has an account (docs/decisions/033-registration-answers-whether-an-email-
 * is-taken.md), through `app.inject` on both databases: the answer stays 409 `email_taken`, the owner is told by mail
 * (a real SMTP server on loopback) at most once an hour, and an address (IPv4, or an IPv6 /64) that hits taken emails
 * REGISTER_TAKEN_LIMIT times gets 429 for every registration until the window ends, new emails included.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTER_TAKEN_LIMIT } from '../../../shared/contracts/accounts.js';
import { describeEachDb, signUp, type TestApp } from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp-server.js';
import { startRecoveryTestBed, type RecoveryTestBed } from '../../test/recovery-test-bed.js';

const PASSWORD = 'Ikawa-ya-Huye-2026';
let seq = 1;
const freshIp = () => `10.33.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

describeEachDb('registration with a taken email', (kind) => {
  let bed: RecoveryTestBed;
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    bed = await startRecoveryTestBed(kind);
    ({ t, smtp } = bed);
  });
  afterAll(() => bed.stop());

  const register = (email: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: 'Someone Else', email, password: PASSWORD, confirmPassword: PASSWORD }, remoteAddress: ip, headers });
  const fresh = () => `new-${seq++}-${Date.now()}@example.com`;
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.rcptTo.includes(email));

  it('answers 409 email_taken and mails the owner, in the asker\'s language, once an hour', async () => {
    const owner = await signUp(t);
    const ip = freshIp();
    const first = await register(owner.email.toUpperCase(), ip, { cookie: 'sobanura-lang=fr' });
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('email_taken');
    await t.services.registration.idle();
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Quelqu'un a essayé de s'inscrire avec votre adresse");
    expect(mails[0]!.text).toContain('https://sobanura.test/forgot-password');
    expect(mails[0]!.text).not.toContain(PASSWORD);
    // A second try, from anywhere, within the hour: the same answer, no second mail.
    expect((await register(owner.email, freshIp())).statusCode).toBe(409);
    await t.services.registration.idle();
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it(`stops an address after ${REGISTER_TAKEN_LIMIT.points} taken emails: 429 for any registration, new emails too; other addresses are untouched`, async () => {
    const owners = await Promise.all(Array.from({ length: REGISTER_TAKEN_LIMIT.points }, () => signUp(t)));
    const ip = freshIp();
    // Registrations of new emails do not count.
    expect((await register(fresh(), ip)).statusCode).toBe(201);
    for (const o of owners) expect((await register(o.email, ip)).statusCode).toBe(409);
    const probe = await register(owners[0]!.email, ip);
    expect(probe.statusCode).toBe(429);
    expect(probe.json().error.code).toBe('rate_limited');
    expect(Number(probe.headers['retry-after'])).toBeGreaterThan(0);
    const newEmail = fresh();
    const blocked = await register(newEmail, ip);
    expect(blocked.statusCode).toBe(429);
    expect(await t.services.accountsRepo.findUserByEmail(newEmail)).toBeNull();
    expect((await register(fresh(), freshIp())).statusCode).toBe(201);
    await t.services.registration.idle();
  });

  it('counts an IPv6 /64 as one address', async () => {
    const owners = await Promise.all(Array.from({ length: REGISTER_TAKEN_LIMIT.points }, () => signUp(t)));
    for (const [i, o] of owners.entries()) expect((await register(o.email, `2001:db8:77:1::${i + 1}`)).statusCode).toBe(409);
    expect((await register(fresh(), '2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    expect((await register(fresh(), '2001:db8:77:2::1')).statusCode).toBe(201);
    await t.services.registration.idle();
  });
});
