/**
 * Gifts (docs/decisions/046-gifts.md), through `app.inject` on both databases: a pass bought for a phone number with
 * the sandbox mobile money leaves the giver's own pass alone and texts the number a claim code (the outbox); the
 * recipient claims it once, and of 20 concurrent claims by different accounts exactly one credits a pass; expired
 * gifts, typos (refused before any lookup) and bodies giving a title are refused; too many wrong codes lock an account
 * out with `gift_locked`; the giver lists and sends again.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_LIMITS } from '../../../shared/contracts/vouchers.js';
import { PLANS } from '../../../shared/domain/plans.js';
import { voucherCheckCharacter } from '../../../shared/domain/voucher-code.js';
import { subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { paymentRequests } from '../../test/payment-requests.js';
import { wellFormedUnknownCode } from '../../test/voucher-test-bed.js';
import type { BillingService } from '../billing/billing.service.js';
import type { RedeemLimits } from '../vouchers/redeem-limits.js';
import { createGiftsService } from './gifts.service.js';
import type { GiftDelivery } from './gift-delivery.js';
import type { GiftsRepository } from './gifts.repository.js';

let ipSeq = 0;
const nextIp = () => `198.51.101.${++ipSeq}`;
const CODE_RE = /\b([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})\b/;

describeEachDb('gifts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const pay = (cookie: string, payload: object) => paymentRequests(t).pay(cookie, payload);
  const poll = (cookie: string, id: string) => paymentRequests(t).poll(cookie, id);
  const claim = (cookie: string, code: string, ip = nextIp()) => t.app.inject({ method: 'POST', url: '/api/gifts/claim', headers: { cookie }, payload: { code }, remoteAddress: ip });
  const passOf = async (userId: string) => (await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0] ?? null;
  const smsTo = async (msisdn: string) => (await t.db.executeSql(`select body from outbox_messages where channel = 'sms' and "to" = $1 order by created_at`, [msisdn])).rows.map((r) => r.body as string);

  /** A gift of `plan` bought and paid (sandbox) by a new giver for `phone`; its code from the SMS. */
  async function paidGift(phone: string, msisdn: string, plan = 'weekly') {
    const giver = await signUp(t);
    const created = await pay(giver.cookie, { plan, phone: '0788123456', gift: { phone, language: 'fr' } });
    expect(created.statusCode).toBe(202);
    const payment = created.json().payment;
    expect((await poll(giver.cookie, payment.id)).json().payment.status).toBe('successful');
    const texts = await smsTo(msisdn);
    const code = CODE_RE.exec(texts.at(-1) ?? '')?.[1];
    expect(code).toBeTruthy();
    const giftId = (await t.db.executeSql('select id from gifts where payment_id = $1', [payment.id])).rows[0]!.id as string;
    return { giver, payment, code: code!, giftId, texts };
  }

  it('buys a gift by phone: the giver\'s pass is not extended, the number is texted the code once, the recipient claims it', async () => {
    const { giver, code, texts, giftId, payment } = await paidGift('0781230001', '250781230001');
    expect(await passOf(giver.id)).toBeNull();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`https://sobanura.test/gift?code=${code}`.replace('https://sobanura.test', t.config.publicUrl));
    expect(texts[0]).toMatch(/^Sobanura : .* vous offre un pass d'une semaine/);

    const listed = (await t.app.inject({ url: '/api/gifts', headers: { cookie: giver.cookie } })).json().gifts;
    expect(listed).toEqual([expect.objectContaining({ id: giftId, paymentId: payment.id, plan: 'weekly', channel: 'sms', status: 'sent', recipient: '250781***001', sentCount: 1 })]);

    const recipient = await signUp(t);
    const before = Date.now();
    const res = await claim(recipient.cookie, code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const c = res.json().claimed;
    expect(c.plan).toBe('weekly');
    expect(new Date(c.endsAt).getTime() - new Date(c.startsAt).getTime()).toBe(PLANS.weekly.durationSeconds * 1000);
    expect(new Date(c.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await passOf(recipient.id)).toMatchObject({ plan: 'weekly', status: 'active', source: 'gift' });
    expect(await passOf(giver.id)).toBeNull();

    const again = await claim(recipient.cookie, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'gift_claimed', details: { byYou: true } });
    const other = await signUp(t);
    const refused = await claim(other.cookie, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'gift_claimed', message: 'This gift has already been claimed.', details: { byYou: false } });
    expect(await passOf(other.id)).toBeNull();
    expect((await t.app.inject({ url: '/api/gifts', headers: { cookie: giver.cookie } })).json().gifts[0].status).toBe('claimed');
  });

  it('of 20 concurrent claims of one code by different accounts, exactly one credits a pass', async () => {
    const { code } = await paidGift('0781230002', '250781230002', 'monthly');
    const viewers = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
    const results = await Promise.all(viewers.map((v) => claim(v.cookie, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().error.code).toBe('gift_claimed');
    const passes = (await Promise.all(viewers.map((v) => passOf(v.id)))).filter(Boolean);
    expect(passes).toEqual([expect.objectContaining({ plan: 'monthly', source: 'gift' })]);
  });

  it('refuses an expired gift, an unknown code, a typo and a gift of a title', async () => {
    const { code, giftId } = await paidGift('0781230003', '250781230003', 'daily');
    await t.db.executeSql(`update gifts set expires_at = now() - interval '1 minute' where id = $1`, [giftId]);
    const v = await signUp(t);
    const expired = await claim(v.cookie, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'gift_expired', message: 'This gift has expired.' });
    expect(await passOf(v.id)).toBeNull();

    // A typo in the check character.
    const last = code.at(-1)!;
    const typo = code.slice(0, -1) + (last === '2' ? '3' : '2');
    const bad = await claim(v.cookie, typo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'gift_malformed', details: { problem: 'check' } });

    const unknown = await claim(v.cookie, '22222-22222-22222');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('gift_unknown');

    const giver = await signUp(t);
    const title = await pay(giver.cookie, { movieId: randomUUID(), phone: '0788123456', gift: { phone: '0781230009' } });
    expect(title.statusCode).toBe(400);
    expect(title.json().error.code).toBe('validation_failed');
    const both = await pay(giver.cookie, { plan: 'daily', phone: '0788123456', gift: { phone: '0781230009', email: 'a@example.com' } });
    expect(both.statusCode).toBe(400);
    const badNumber = await pay(giver.cookie, { plan: 'daily', phone: '0788123456', gift: { phone: '0741234567' } });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.code).toBe('invalid_msisdn');
    expect(Number((await t.db.executeSql('select count(*)::int as n from payments where user_id = $1', [giver.id])).rows[0]!.n)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/gifts/claim', payload: { code } })).statusCode).toBe(401);
  });

  it(`locks an account out after ${VOUCHER_LIMITS.wrongPerAccount.points} wrong gift codes with 429 gift_locked, its own code (not voucher_locked)`, async () => {
    const v = await signUp(t);
    for (let i = 0; i < VOUCHER_LIMITS.wrongPerAccount.points; i++) expect((await claim(v.cookie, wellFormedUnknownCode())).json().error.code).toBe('gift_unknown');
    const locked = await claim(v.cookie, wellFormedUnknownCode());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'gift_locked', message: expect.stringMatching(/Too many wrong gift codes/), details: { scope: 'account', retryAfterMinutes: 60 } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('sends a gift by email in its language; a gift not paid yet cannot be claimed', async () => {
    const giver = await signUp(t);
    const created = (await pay(giver.cookie, { plan: 'daily', phone: '0780000003', gift: { email: 'Aline@Example.com', language: 'rw' } })).json().payment;
    const g = (await t.db.executeSql('select recipient_email, language, activated_at from gifts where payment_id = $1', [created.id])).rows[0]!;
    expect(g).toMatchObject({ recipient_email: 'aline@example.com', language: 'rw', activated_at: null });
    const listed = (await t.app.inject({ url: '/api/gifts', headers: { cookie: giver.cookie } })).json().gifts;
    expect(listed[0]).toMatchObject({ status: 'awaiting_payment', channel: 'email', recipient: 'a***@example.com', sentCount: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/gifts/${listed[0].id}/resend`, headers: { cookie: giver.cookie } })).statusCode).toBe(409);

    // Paid later: the settlement activates the gift and mails it.
    await t.services.billingRepo.settle(created.id, { status: 'successful', reason: null });
    await t.services.giftDelivery.hooks.paid(created.id);
    const mail = (await t.db.executeSql(`select subject, body from outbox_messages where channel = 'email' and "to" = 'aline@example.com'`)).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Ifatabuguzi rya Sobanura ryawe');
    expect(mail[0]!.body).toMatch(CODE_RE);
    expect(await passOf(giver.id)).toBeNull();
  });

  it('a refunded gift stops working, or its pass is taken back from whoever claimed it (ADR 045)', async () => {
    const unclaimed = await paidGift('0781230005', '250781230005', 'daily');
    expect(await t.services.billingRepo.recordRefund(unclaimed.payment.id, unclaimed.payment.amount)).toBe(true);
    const v = await signUp(t);
    expect((await claim(v.cookie, unclaimed.code)).json().error.code).toBe('gift_expired');

    const claimed = await paidGift('0781230006', '250781230006', 'weekly');
    await t.services.billing.grantPass(claimed.giver.id, 'daily');
    const giverPass = await passOf(claimed.giver.id);
    expect((await claim(v.cookie, claimed.code)).statusCode).toBe(200);
    expect(await t.services.billingRepo.recordRefund(claimed.payment.id, claimed.payment.amount)).toBe(true);
    const taken = await passOf(v.id);
    expect(taken!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await passOf(claimed.giver.id)).toMatchObject({ plan: 'daily', expiresAt: giverPass!.expiresAt });
  });

  it('lets the giver send the gift again with the same code, at most 3 times a day; another user gets 404', async () => {
    const { giver, code, giftId } = await paidGift('0781230004', '250781230004');
    const resend = (cookie: string, id = giftId) => t.app.inject({ method: 'POST', url: `/api/gifts/${id}/resend`, headers: { cookie } });
    const first = await resend(giver.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().gift).toMatchObject({ id: giftId, status: 'sent', sentCount: 2 });
    const texts = await smsTo('250781230004');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(code);
    expect((await resend(giver.cookie)).statusCode).toBe(200);
    const limited = await resend(giver.cookie);
    expect(limited.statusCode).toBe(429);
    expect(await smsTo('250781230004')).toHaveLength(3);

    const other = await signUp(t);
    const notYours = await resend(other.cookie);
    expect(notYours.statusCode).toBe(404);
    expect((await resend(giver.cookie, randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/gifts', headers: { cookie: other.cookie } })).json().gifts).toEqual([]);
  });
});

describe('claiming a gift', () => {
  it('refuses a wrong check character with 400 before any database lookup or limit', async () => {
    const fail = () => {
      throw new Error('looked up');
    };
    const repo = { findByHash: fail, byId: fail, ofGiver: fail, claimIn: fail } as unknown as GiftsRepository;
    const limits: RedeemLimits = { attempt: fail };
    const gifts = createGiftsService({ repo, billing: {} as BillingService, delivery: {} as GiftDelivery, limits });
    const body = 'ABCDEFGHJKMNPQ';
    const right = voucherCheckCharacter(body);
    const wrong = right === '2' ? '3' : '2';
    const err = await gifts.claim('u1', '198.51.100.1', `${body}${wrong}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, code: 'gift_malformed', details: { problem: 'check' } });
    // The right check character goes on to the limits (and so to the lookup).
    await expect(gifts.claim('u1', '198.51.100.1', `${body}${right}`)).rejects.toThrow('looked up');
  });
});
