/**
 * The Airtel Money Collections client against a local emulator of Airtel's published API (issue 5 point 2): the
 * USSD push as Airtel documents it, each transaction status (TS, TF with its reason, TE, TIP, TA), token caching and
 * renewal (Airtel's tokens live 180 s), a 401 answered with a fresh token, a repeated transaction id that is not a
 * second charge, and 500s and slow answers retried.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAirtelMoneyProvider, type AirtelMoneyConfig } from './airtel-money-provider.js';
import { startAirtelMoneyEmulator, type AirtelMoneyEmulator } from './emulators/airtel-money-emulator.js';
import { PaymentProviderError, type RequestToPay } from './payment-provider.js';

const CREDS = { clientId: 'c02e9e46-db9d-4faf-b91a-94f88bbe688c', clientSecret: 'ab672211-4197-4c11-ba79-b29ce2034ca2' };

describe('Airtel Money Collections client (emulator)', () => {
  let airtel: AirtelMoneyEmulator;
  beforeAll(async () => {
    airtel = await startAirtelMoneyEmulator({ ...CREDS, approvalMs: 250, deliverCallback: null });
  });
  afterAll(() => airtel.close());
  afterEach(() => airtel.calls.clear());

  const client = (over: Partial<AirtelMoneyConfig> = {}) => createAirtelMoneyProvider({ baseUrl: airtel.url, ...CREDS, retry: { baseDelayMs: 20, timeoutMs: 400 }, ...over });
  const req = (msisdn: string): RequestToPay => ({
    referenceId: randomUUID(),
    amount: 3000,
    currency: 'RWF',
    msisdn,
    externalId: randomUUID(),
    payerMessage: 'Sobanura weekly pass',
    payeeNote: 'Sobanura weekly pass',
  });
  const pay = async (c: ReturnType<typeof client>, msisdn: string) => {
    const r = req(msisdn);
    await c.requestToPay(r);
    return r;
  };

  it('pushes the request as Airtel publishes it: local number, RW and RWF, our reference as the transaction id', async () => {
    const c = client();
    const r = await pay(c, '250721234567');
    expect(airtel.requests.get(r.referenceId)).toMatchObject({ msisdn: '721234567', amount: 3000, reference: 'Sobanura weekly pass' });
    expect(c.currency).toBe('RWF');
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it.each([
    ['250720000001', { status: 'FAILED', reason: 'PAYER_NOT_FOUND' }],
    ['250720000002', { status: 'FAILED', reason: 'APPROVAL_REJECTED' }],
    ['250730000003', { status: 'PENDING' }],
    ['250720000004', { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' }],
    ['250720000006', { status: 'FAILED', reason: 'EXPIRED' }],
    ['250720000007', { status: 'FAILED', reason: 'INCORRECT_PIN' }],
  ])('reads the outcome for %s', async (msisdn, expected) => {
    const c = client();
    const r = await pay(c, msisdn);
    expect(await c.status(r.referenceId)).toEqual(expected);
  });

  it('keeps an ambiguous (TA) transaction pending and asks again', async () => {
    const c = client();
    const r = await pay(c, '250720000005');
    expect(await c.status(r.referenceId)).toEqual({ status: 'PENDING' });
    await new Promise((res) => setTimeout(res, 300));
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('answers NOT_FOUND for a transaction Airtel never received', async () => {
    expect(await client().status(randomUUID())).toEqual({ status: 'NOT_FOUND' });
  });

  it('caches the token (expires_in sent as a string) and renews it before its 180 s run out', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    await pay(c, '250721000001');
    clock += 150 * 1000;
    await pay(c, '250721000002');
    expect(c.tokensFetched).toBe(1);
    clock += 15 * 1000; // 15 s left: renewed
    await pay(c, '250721000003');
    expect(c.tokensFetched).toBe(2);
  });

  it('answers a 401 by fetching a fresh token once and trying again', async () => {
    const c = client();
    await pay(c, '250721000011');
    airtel.revokeTokens();
    const r = await pay(c, '250721000012');
    expect(airtel.requests.has(r.referenceId)).toBe(true);
    expect(c.tokensFetched).toBe(2);
  });

  it('treats a repeated transaction id (ESB000041) as the request already made: one charge', async () => {
    const c = client();
    const r = req('250721000021');
    await c.requestToPay(r);
    await c.requestToPay(r);
    expect(airtel.calls.get('payments')).toBe(2);
    expect([...airtel.requests.values()].filter((x) => x.msisdn === '721000021')).toHaveLength(1);
  });

  it('retries 500s and slow answers without charging twice', async () => {
    const c = client();
    airtel.fault('payments', { status: 500 }, 1);
    airtel.fault('payments', { delayMs: 1500 }, 1);
    const r = await pay(c, '250721000031');
    expect(airtel.calls.get('payments')).toBe(3);
    expect(airtel.requests.has(r.referenceId)).toBe(true);
    airtel.fault('status', { status: 502 }, 2);
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('classifies refusals, ambiguity and bad credentials', async () => {
    const c = client();
    airtel.fault('payments', { status: 200, body: { status: { code: '200', success: false, result_code: 'ESB000001', message: 'Something went wrong' } } }, 1);
    expect(((await c.requestToPay(req('250721000041')).catch((e: unknown) => e)) as PaymentProviderError).kind).toBe('ambiguous');
    const badNumber = { ...req('250721000042'), msisdn: '2507210000' };
    expect((await c.requestToPay(badNumber).catch((e: unknown) => e)) as PaymentProviderError).toMatchObject({ kind: 'refused', reason: 'PAYER_NOT_FOUND' });
    const wrong = (await client({ clientSecret: 'not-the-secret' }).requestToPay(req('250721000043')).catch((e: unknown) => e)) as PaymentProviderError;
    expect(wrong.kind).toBe('not_delivered');
    expect(wrong.message).toMatch(/AIRTEL_CLIENT_SECRET/);
    expect(wrong.message).not.toContain('not-the-secret');
  });
});
