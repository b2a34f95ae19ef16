/**
 * The MTN MoMo Collection client against a local emulator of MTN's published API (issue 5 point 2): each sandbox
 * test number, token caching and renewal, a 401 answered with a fresh token, a repeated reference that is not a
 * second charge, 500s and slow answers retried, and failures classified by whether anything could be charged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMtnMomoEmulator, MTN_TEST_NUMBERS, type MtnMomoEmulator } from './emulators/mtn-momo-emulator.js';
import { createMtnMomoProvider, type MtnMomoConfig } from './mtn-momo-provider.js';
import { PaymentProviderError, type RequestToPay } from './payment-provider.js';

const CREDS = { apiUser: randomUUID(), apiKey: 'f1db798c98df4bcf83b538175893bbf0', subscriptionKey: '1f5e8b9a77c54a1b9e5c0a0e3b7d2c41' };

describe('MTN MoMo Collection client (emulator)', () => {
  let mtn: MtnMomoEmulator;
  beforeAll(async () => {
    mtn = await startMtnMomoEmulator({ ...CREDS, approvalMs: 250, deliverCallback: null });
  });
  afterAll(() => mtn.close());
  afterEach(() => mtn.calls.clear());

  const client = (over: Partial<MtnMomoConfig> = {}) =>
    createMtnMomoProvider({ baseUrl: mtn.url, ...CREDS, targetEnvironment: 'sandbox', currency: 'EUR', retry: { baseDelayMs: 20, timeoutMs: 400 }, ...over });
  const req = (msisdn: string, over: Partial<RequestToPay> = {}): RequestToPay => ({
    referenceId: randomUUID(),
    amount: 500,
    currency: 'EUR',
    msisdn,
    externalId: randomUUID(),
    payerMessage: 'Sobanura daily pass',
    payeeNote: 'Sobanura daily pass',
    ...over,
  });
  const pay = async (c: ReturnType<typeof client>, msisdn: string) => {
    const r = req(msisdn);
    await c.requestToPay(r);
    return r;
  };

  it('sends what MTN publishes: amount as a string, the payer MSISDN, the reference and the callback URL', async () => {
    const c = client();
    const r = req('250788123456', { callbackUrl: 'https://sobanura.example/api/billing/callbacks/mtn/x' });
    await c.requestToPay(r);
    expect(mtn.requests.get(r.referenceId)).toMatchObject({
      amount: '500',
      currency: 'EUR',
      partyId: '250788123456',
      externalId: r.externalId,
      payerMessage: 'Sobanura daily pass',
      callbackUrl: 'https://sobanura.example/api/billing/callbacks/mtn/x',
    });
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it.each([
    [MTN_TEST_NUMBERS.failed, { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' }],
    [MTN_TEST_NUMBERS.rejected, { status: 'FAILED', reason: 'APPROVAL_REJECTED' }],
    [MTN_TEST_NUMBERS.timeout, { status: 'FAILED', reason: 'EXPIRED' }],
    [MTN_TEST_NUMBERS.pending, { status: 'PENDING' }],
    [MTN_TEST_NUMBERS.payerNotFound, { status: 'FAILED', reason: 'PAYER_NOT_FOUND' }],
  ])('reads the outcome of test number %s', async (msisdn, expected) => {
    const c = client();
    const r = await pay(c, msisdn);
    expect(await c.status(r.referenceId)).toEqual(expected);
  });

  it('reads 46733123453 as pending, then successful', async () => {
    const c = client();
    const r = await pay(c, MTN_TEST_NUMBERS.pendingThenSuccessful);
    expect(await c.status(r.referenceId)).toEqual({ status: 'PENDING' });
    await new Promise((res) => setTimeout(res, 300));
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('answers NOT_FOUND for a reference MTN never received', async () => {
    expect(await client().status(randomUUID())).toEqual({ status: 'NOT_FOUND' });
  });

  it('caches the token and renews it shortly before its 3600 s run out', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    await pay(c, '250788000001');
    await pay(c, '250788000002');
    expect(c.tokensFetched).toBe(1);
    clock += 3000 * 1000; // 50 minutes on: still good
    await pay(c, '250788000003');
    expect(c.tokensFetched).toBe(1);
    clock += 545 * 1000; // 55 s before expiry: renewed before MTN would refuse it
    await pay(c, '250788000004');
    expect(c.tokensFetched).toBe(2);
    expect(mtn.calls.get('token')).toBe(2);
  });

  it('fetches one token for many concurrent calls', async () => {
    const c = client();
    await Promise.all(Array.from({ length: 10 }, (_, i) => pay(c, `25078800010${i}`)));
    expect(c.tokensFetched).toBe(1);
  });

  it('answers a 401 by fetching a fresh token once and trying again', async () => {
    const c = client();
    await pay(c, '250788000011');
    mtn.revokeTokens();
    const r = await pay(c, '250788000012');
    expect(mtn.requests.has(r.referenceId)).toBe(true);
    expect(c.tokensFetched).toBe(2);
    mtn.revokeTokens();
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
    expect(c.tokensFetched).toBe(3);
  });

  it('treats a repeated reference (409) as the request already made: one charge', async () => {
    const c = client();
    const r = req('250788000021');
    await c.requestToPay(r);
    await c.requestToPay(r);
    expect(mtn.calls.get('requesttopay')).toBe(2);
    expect([...mtn.requests.values()].filter((x) => x.externalId === r.externalId)).toHaveLength(1);
  });

  it('retries a 500 and gets through', async () => {
    const c = client();
    mtn.fault('requesttopay', { status: 500 }, 2);
    const r = await pay(c, '250788000031');
    expect(mtn.calls.get('requesttopay')).toBe(3);
    expect(mtn.requests.has(r.referenceId)).toBe(true);
    mtn.fault('status', { status: 503 }, 1);
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('retries a slow answer without charging twice: the retry meets 409', async () => {
    const c = client();
    mtn.fault('requesttopay', { delayMs: 1500 }, 1); // done, but answered after the 400 ms timeout
    const r = await pay(c, '250788000041');
    expect(mtn.calls.get('requesttopay')).toBe(2);
    expect([...mtn.requests.values()].filter((x) => x.externalId === r.externalId)).toHaveLength(1);
    mtn.fault('status', { delayMs: 1500 }, 1);
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('a request whose answers all fail after MTN may have taken it is ambiguous (left to the status query)', async () => {
    const c = client();
    mtn.fault('requesttopay', { status: 500, afterWork: true }, 1);
    mtn.fault('requesttopay', { status: 500 }, 3);
    const r = req('250788000051');
    const err = await c.requestToPay(r).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).kind).toBe('ambiguous');
    expect(mtn.requests.has(r.referenceId)).toBe(true);
    expect(await c.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('a request that never reached MTN is not delivered: nothing charged', async () => {
    const dead = createMtnMomoProvider({ baseUrl: 'http://127.0.0.1:9', ...CREDS, targetEnvironment: 'sandbox', currency: 'EUR', retry: { baseDelayMs: 5, timeoutMs: 300, retries: 1 } });
    const err = (await dead.requestToPay(req('250788000061')).catch((e: unknown) => e)) as PaymentProviderError;
    expect(err.kind).toBe('not_delivered');
  });

  it('bad credentials stop before any request to pay, and say which variables to check', async () => {
    const c = client({ apiKey: 'wrong-key-123' });
    const err = (await c.requestToPay(req('250788000071')).catch((e: unknown) => e)) as PaymentProviderError;
    expect(err.kind).toBe('not_delivered');
    expect(err.message).toMatch(/MTN_API_KEY/);
    expect(err.message).not.toContain('wrong-key-123');
    expect(mtn.calls.get('requesttopay')).toBeUndefined();
  });

  it('is refused for a currency the environment does not take, and for the wrong target environment', async () => {
    const rwf = (await client({ currency: 'RWF' }).requestToPay(req('250788000081', { currency: 'RWF' })).catch((e: unknown) => e)) as PaymentProviderError;
    expect(rwf).toMatchObject({ kind: 'refused', reason: 'REQUEST_FAILED' });
    const prod = (await client({ targetEnvironment: 'mtnrwanda' }).requestToPay(req('250788000082')).catch((e: unknown) => e)) as PaymentProviderError;
    expect(prod.kind).toBe('refused');
  });
});
