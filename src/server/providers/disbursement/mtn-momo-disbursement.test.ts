/**
 * The MTN MoMo Disbursement client against a local emulator of MTN's published API (docs/decisions/048-disbursement-
 * clients.md): what it sends, each outcome, a payee not registered, the exactly-once cases (a transfer that times out
 * but was made, a reference sent twice, a retry after a lost answer: one payment each), callbacks delivered twice,
 * token expiry and refresh, and errors classified apart from refusals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { foldTransferStatus, parseMtnTransferCallback } from './callbacks.js';
import { DisbursementError, type TransferRequest, type TransferStatus } from './disbursement-provider.js';
import { MTN_PAYEE_NUMBERS, type MtnMomoDisbursementEmulator, startMtnMomoDisbursementEmulator } from './emulators/mtn-momo-disbursement-emulator.js';
import { createMtnMomoDisbursement, type MtnDisbursementConfig, mtnAmount } from './mtn-momo-disbursement.js';

const CREDS = { apiUser: randomUUID(), apiKey: '0c2a41f5b7e94c1d8f3a6b2e9d7c5a13', subscriptionKey: '7d9e2b4c1a3f4e6b8c0d2e4f6a8b0c1d' };

describe('MTN MoMo Disbursement client (emulator)', () => {
  let mtn: MtnMomoDisbursementEmulator;
  beforeAll(async () => {
    mtn = await startMtnMomoDisbursementEmulator({ ...CREDS, approvalMs: 200, deliver: null });
  });
  afterAll(() => mtn.close());
  afterEach(() => mtn.calls.clear());

  const client = (over: Partial<MtnDisbursementConfig> = {}) =>
    createMtnMomoDisbursement({ baseUrl: mtn.url, ...CREDS, targetEnvironment: 'sandbox', currency: 'EUR', retry: { baseDelayMs: 10, timeoutMs: 400 }, ...over });
  const req = (msisdn: string, over: Partial<TransferRequest> = {}): TransferRequest => ({
    referenceId: randomUUID(),
    msisdn,
    country: 'RW',
    amount: 1250,
    currency: 'EUR',
    note: 'Sobanura earnings, November',
    ...over,
  });

  it('sends what MTN publishes: the reference as X-Reference-Id, the amount as a decimal string, the payee MSISDN', async () => {
    const c = client();
    const r = req('250788123456', { callbackUrl: 'https://sobanura.example/api/payouts/callbacks/mtn/x' });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(mtn.transfers.get(r.referenceId)).toMatchObject({ amount: '12.50', currency: 'EUR', partyId: '250788123456', externalId: r.referenceId, payeeNote: r.note, callbackUrl: r.callbackUrl });
    const s = await c.status(r.referenceId);
    expect(s).toEqual({ status: 'successful', operatorTransactionId: mtn.transfers.get(r.referenceId)!.financialTransactionId });
  });

  it('writes amounts in the currency’s minor unit', () => {
    expect(mtnAmount(5000, 'RWF')).toBe('5000');
    expect(mtnAmount(1205, 'EUR')).toBe('12.05');
    expect(mtnAmount(7, 'EUR')).toBe('0.07');
    expect(() => mtnAmount(1, 'XYZ')).toThrow(DisbursementError);
  });

  it('reads a payee who is not registered as failed PAYEE_NOT_FOUND; nothing is paid', async () => {
    const c = client();
    const r = req(MTN_PAYEE_NUMBERS.notRegistered);
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await c.status(r.referenceId)).toEqual({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
    expect(mtn.paidTo(MTN_PAYEE_NUMBERS.notRegistered)).toBe(0);
  });

  it.each([
    [MTN_PAYEE_NUMBERS.failed, { status: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' }],
    [MTN_PAYEE_NUMBERS.rejected, { status: 'failed', reason: 'REJECTED' }],
    [MTN_PAYEE_NUMBERS.expired, { status: 'failed', reason: 'EXPIRED' }],
    [MTN_PAYEE_NUMBERS.pending, { status: 'pending' }],
  ])('reads the outcome of test number %s', async (msisdn, expected) => {
    const c = client();
    const r = req(msisdn);
    await c.transfer(r);
    expect(await c.status(r.referenceId)).toEqual(expected);
  });

  it('reads pending, then successful', async () => {
    const c = client();
    const r = req(MTN_PAYEE_NUMBERS.pendingThenSuccessful);
    await c.transfer(r);
    expect(await c.status(r.referenceId)).toEqual({ status: 'pending' });
    await new Promise((res) => setTimeout(res, 250));
    expect((await c.status(r.referenceId)).status).toBe('successful');
  });

  it('answers unknown for a reference MTN never received, and a bare 404 is not taken for it', async () => {
    const c = client();
    expect(await c.status(randomUUID())).toEqual({ status: 'unknown' });
    mtn.fault('status', { status: 404, body: {} });
    await expect(c.status(randomUUID())).rejects.toMatchObject({ name: 'DisbursementError', kind: 'protocol' });
  });

  it('a transfer that times out but was made: status says successful, the caller resends nothing, one payment', async () => {
    const c = client({ retry: { retries: 0, baseDelayMs: 10, timeoutMs: 150 } });
    const payee = '250788000101';
    const r = req(payee);
    mtn.fault('transfer', { delayMs: 400 });
    const err = await c.transfer(r).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DisbursementError);
    expect(err).toMatchObject({ kind: 'timeout', maybeDelivered: true });
    // The contract: after an error, ask first; only `unknown` may be re-sent.
    const s = await c.status(r.referenceId);
    expect(s.status).toBe('successful');
    expect(mtn.paidTo(payee)).toBe(1);
    expect(mtn.posts.get(r.referenceId)).toBe(1);
  });

  it('a retry after a lost answer reuses the reference: MTN’s 409 is read as accepted, one payment', async () => {
    const c = client({ retry: { retries: 2, baseDelayMs: 10, timeoutMs: 150 } });
    const payee = '250788000102';
    const r = req(payee);
    mtn.fault('transfer', { delayMs: 400 });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(mtn.posts.get(r.referenceId)).toBe(2);
    expect(mtn.paidTo(payee)).toBe(1);
  });

  it('the same reference sent twice is one transfer: the second answer is accepted, never a second payment', async () => {
    const c = client();
    const payee = '250788000103';
    const r = req(payee);
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(mtn.posts.get(r.referenceId)).toBe(2);
    expect(mtn.paidTo(payee)).toBe(1);
  });

  it('a 500 after doing the work is retried with the same reference: one payment', async () => {
    const c = client();
    const payee = '250788000104';
    const r = req(payee);
    mtn.fault('transfer', { status: 500, afterWork: true });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(mtn.paidTo(payee)).toBe(1);
  });

  it('5xx that persist are an error that may have been delivered, not a refusal', async () => {
    const c = client({ retry: { retries: 1, baseDelayMs: 10, timeoutMs: 400 } });
    mtn.fault('transfer', { status: 503 }, 2);
    await expect(c.transfer(req('250788000105'))).rejects.toMatchObject({ kind: 'unavailable', maybeDelivered: true });
  });

  it('a 400 is a definite refusal; a wrong currency or country never leaves the machine', async () => {
    const c = client();
    mtn.fault('transfer', { status: 400, body: { code: 'PAYEE_NOT_FOUND', message: 'Payee not found' } });
    expect(await c.transfer(req('250788000106'))).toEqual({ outcome: 'refused', reason: 'PAYEE_NOT_FOUND' });
    const before = mtn.calls.get('transfer');
    await expect(c.transfer(req('250788000106', { currency: 'RWF' }))).rejects.toMatchObject({ kind: 'invalid_request', maybeDelivered: false });
    await expect(c.transfer(req('250788000106', { country: 'UG' }))).rejects.toMatchObject({ kind: 'invalid_request' });
    await expect(c.transfer(req('250788000106', { referenceId: 'payout-1' }))).rejects.toMatchObject({ kind: 'invalid_request' });
    await expect(c.transfer(req('250788000106', { amount: 12.5 }))).rejects.toMatchObject({ kind: 'invalid_request' });
    expect(mtn.calls.get('transfer')).toBe(before);
  });

  it('renews the token before its 3600 s run out, and fetches a fresh one once on a 401', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    await c.status(randomUUID());
    await c.status(randomUUID());
    expect(c.tokensFetched).toBe(1);
    clock += 3550_000; // within the last minute of the token's life
    await c.status(randomUUID());
    expect(c.tokensFetched).toBe(2);
    mtn.revokeTokens(); // MTN forgot it (expired on its side): a 401, then a fresh token
    const r = req('250788000107');
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(c.tokensFetched).toBe(3);
  });

  it('bad credentials are an auth error that delivered nothing, naming what to check without secrets', async () => {
    const c = client({ apiKey: 'wrong-key-0000000000' });
    const err = (await c.transfer(req('250788000108')).catch((e: unknown) => e)) as DisbursementError;
    expect(err).toMatchObject({ kind: 'auth', maybeDelivered: false });
    expect(err.message).toMatch(/disbursement API user/);
    expect(err.message).not.toContain('wrong-key');
    expect(mtn.calls.get('transfer')).toBeUndefined();
  });

  it('a callback delivered twice is one transition once confirmed by status', async () => {
    const got: { url: string; body: object }[] = [];
    const emulator = await startMtnMomoDisbursementEmulator({ ...CREDS, callbackTimes: 2, deliver: async (url, body) => void got.push({ url, body }) });
    try {
      const c = createMtnMomoDisbursement({ baseUrl: emulator.url, ...CREDS, targetEnvironment: 'sandbox', currency: 'EUR', retry: { baseDelayMs: 10, timeoutMs: 400 } });
      const r = req('250788000109', { callbackUrl: 'https://sobanura.example/api/payouts/callbacks/mtn' });
      await c.transfer(r);
      await expect.poll(() => got.length).toBe(2);
      let known: TransferStatus | null = { status: 'pending' };
      let transitions = 0;
      for (const cb of got) {
        const hint = parseMtnTransferCallback(r.referenceId, cb.body);
        expect(hint?.claimed.status).toBe('successful');
        const folded = foldTransferStatus(known, await c.status(hint!.referenceId));
        if (folded.changed) transitions++;
        known = folded.next;
      }
      expect(transitions).toBe(1);
      expect(known.status).toBe('successful');
    } finally {
      await emulator.close();
    }
  });
});
