/**
 * Claiming a gift signed out, with a new account (docs/decisions/046-gifts.md, amended 2026-11-29: a gift's recipient
 * who has no account yet gets one on claim), through `app.inject` on both databases:
 * - the account is made, signed in (session cookie) and has the pass; the gift's number is on its profile, unverified;
 * - a malformed, unknown, expired or claimed code makes no account;
 * - an email that has an account gets registration's answer (409 `email_taken`, the owner mailed, the per-address
 *   limit of ADR 033) and no gift is claimed;
 * - of 10 concurrent claims with different emails exactly one gets the pass; the others are 409 `gift_claimed` and
 *   keep their (signed-in) accounts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptions, user } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { paymentRequests } from '../../test/payment-requests.js';
import { wellFormedUnknownCode } from '../../test/voucher-test-bed.js';

let ipSeq = 0;
const nextIp = () => `198.51.102.${++ipSeq}`;
let emailSeq = 0;
const newEmail = () => `new${++emailSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const CODE_RE = /\b([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})\b/;

describeEachDb('gifts: claiming with a new account', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const claimNew = (payload: object, ip = nextIp()) => t.app.inject({ method: 'POST', url: '/api/gifts/claim-with-account', payload, remoteAddress: ip });
  const body = (code: string, email = newEmail()) => ({ code, fullName: 'Aline Uwase', email, password: 'inka-z-ijuru-7' });
  const userCount = async () => Number((await t.db.executeSql('select count(*)::int as n from "user"')).rows[0]!.n);
  const userOf = async (email: string) => (await t.db.db.select().from(user).where(eq(user.email, email)))[0] ?? null;
  const passOf = async (userId: string) => (await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0] ?? null;
  const cookieOf = (res: { headers: Record<string, unknown> }) => ([res.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');

  /** A weekly gift bought and paid (sandbox) by a new giver for the Rwandan number `phone`; its code from the SMS. */
  async function paidGift(phone: string, msisdn: string) {
    const giver = await signUp(t);
    const created = await paymentRequests(t).pay(giver.cookie, { plan: 'weekly', phone: '0788123456', gift: { phone } });
    expect(created.statusCode).toBe(202);
    expect((await paymentRequests(t).poll(giver.cookie, created.json().payment.id)).json().payment.status).toBe('successful');
    const sms = (await t.db.executeSql(`select body from outbox_messages where channel = 'sms' and "to" = $1 order by created_at`, [msisdn])).rows.at(-1);
    const code = CODE_RE.exec(String(sms?.body ?? ''))?.[1];
    expect(code).toBeTruthy();
    return code!;
  }

  it('makes the account, signs it in and gives it the pass; the gift\'s number is on the profile, unverified', async () => {
    const code = await paidGift('0781240001', '250781240001');
    const email = newEmail();
    const res = await claimNew(body(code.toLowerCase(), email.toUpperCase()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user: made, claimed } = res.json();
    expect(made).toMatchObject({ email, name: 'Aline Uwase', role: 'user' });
    expect(claimed).toMatchObject({ plan: 'weekly' });
    expect(await passOf(made.id)).toMatchObject({ plan: 'weekly', status: 'active', source: 'gift' });

    const cookie = cookieOf(res);
    const me = (await t.app.inject({ url: '/api/accounts/me', headers: { cookie } })).json();
    expect(me).toMatchObject({ user: { id: made.id, email }, pass: { plan: 'weekly', active: true } });
    const profile = (await t.app.inject({ url: '/api/accounts/profile', headers: { cookie } })).json().profile;
    expect(profile).toMatchObject({ fullName: 'Aline Uwase', phone: '+250781240001', phoneVerified: false });
    // The password works for a later sign-in.
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password: 'inka-z-ijuru-7' } })).statusCode).toBe(200);

    // The code is spent: another visitor gets 409 and no account.
    const before = await userCount();
    const again = await claimNew(body(code));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'gift_claimed', details: { byYou: false } });
    expect(await userCount()).toBe(before);
  });

  it('checks the code before making any account: a typo, an unknown code and an expired gift make no user row', async () => {
    const code = await paidGift('0781240002', '250781240002');
    const before = await userCount();
    const last = code.at(-1)!;
    const typo = await claimNew(body(code.slice(0, -1) + (last === '2' ? '3' : '2')));
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error).toMatchObject({ code: 'gift_malformed', details: { problem: 'check' } });
    const unknown = await claimNew(body(wellFormedUnknownCode()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('gift_unknown');
    await t.db.executeSql(`update gifts set expires_at = now() - interval '1 minute' where code_hash is not null and recipient_msisdn = '250781240002'`);
    const expired = await claimNew(body(code));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('gift_expired');
    // Registration's own field rules: a short password is refused before anything.
    const weak = await claimNew({ ...body(code), password: '123' });
    expect(weak.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
    for (const r of [typo, unknown, expired, weak]) expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('an email that has an account gets registration\'s answer (409 email_taken, the owner mailed); the gift stays claimable', async () => {
    const code = await paidGift('0781240003', '250781240003');
    const owner = await signUp(t);
    const ip = nextIp();
    const res = await claimNew(body(code, owner.email), ip);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(res.headers['set-cookie']).toBeUndefined();
    await t.services.registration.idle();
    const mails = (await t.db.executeSql(`select subject from outbox_messages where channel = 'email' and "to" = $1`, [owner.email])).rows;
    expect(mails).toHaveLength(1);
    expect(await passOf(owner.id)).toBeNull();
    // Registration's per-address limit on taken emails (ADR 033) counts here too: after 5, even a new email is 429.
    for (let i = 1; i < 5; i++) expect((await claimNew(body(code, owner.email), ip)).json().error.code).toBe('email_taken');
    const limited = await claimNew(body(code), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Signed in, the owner claims it the usual way.
    const claimed = await t.app.inject({ method: 'POST', url: '/api/gifts/claim', headers: { cookie: owner.cookie }, payload: { code }, remoteAddress: ip });
    expect(claimed.statusCode).toBe(200);
  });

  it('of 10 concurrent claims with different emails, exactly one gets the pass; the others are told 409 and keep their accounts', async () => {
    const code = await paidGift('0781240004', '250781240004');
    const emails = Array.from({ length: 10 }, () => newEmail());
    const results = await Promise.all(emails.map((email) => claimNew(body(code, email))));
    const won = results.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(lost.map((r) => r.statusCode)).toEqual(Array(9).fill(409));
    for (const r of lost) {
      expect(r.json().error).toMatchObject({ code: 'gift_claimed', details: { byYou: false, accountCreated: true } });
      // Signed in all the same: the account is theirs, without the pass.
      expect((await t.app.inject({ url: '/api/accounts/me', headers: { cookie: cookieOf(r) } })).json()).toMatchObject({ user: { role: 'user' }, pass: null });
    }
    const accounts = await Promise.all(emails.map(userOf));
    expect(accounts.every(Boolean)).toBe(true);
    const passes = (await Promise.all(accounts.map((a) => passOf(a!.id)))).filter(Boolean);
    expect(passes).toEqual([expect.objectContaining({ plan: 'weekly', source: 'gift', userId: won[0]!.json().user.id })]);
  });
});
