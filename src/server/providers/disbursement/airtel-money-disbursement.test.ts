/**
 * The Airtel Money disbursement client against a local emulator of Airtel's published Disbursement APIs
 * (docs/decisions/048-disbursement-clients.md): the body and the encrypted PIN, outcomes and refusals by response
 * code, a payee not registered, the exactly-once cases (a timed-out transfer that was made, an id sent twice),
 * callbacks delivered twice, token expiry and refresh, and configuration faults kept apart from refusals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AirtelDisbursementConfig, createAirtelMoneyDisbursement } from './airtel-money-disbursement.js';
import { foldTransferStatus, parseAirtelDisbursementCallback } from './callbacks.js';
import { DisbursementError, type TransferRequest, type TransferStatus } from './disbursement-provider.js';
import { type AirtelMoneyDisbursementEmulator, startAirtelMoneyDisbursementEmulator } from './emulators/airtel-money-disbursement-emulator.js';

const CREDS = { clientId: 'sobanura-payouts', clientSecret: 'a9f3c1e7b5d24f6a8c0e2b4d6f8a0c2e' };
const PIN = '4826';

describe('Airtel Money disbursement client (emulator)', () => {
  let airtel: AirtelMoneyDisbursementEmulator;
  const delivered: object[] = [];
  beforeAll(async () => {
    airtel = await startAirtelMoneyDisbursementEmulator({ ...CREDS, pin: PIN, approvalMs: 200, callbackUrl: 'https://sobanura.example/api/payouts/callbacks/airtel', callbackTimes: 2, deliver: async (_url, body) => void delivered.push(body) });
  });
  afterAll(() => airtel.close());
  afterEach(() => airtel.calls.clear());

  const client = (over: Partial<AirtelDisbursementConfig> = {}) =>
    createAirtelMoneyDisbursement({ baseUrl: airtel.url, ...CREDS, pin: PIN, publicKey: airtel.publicKey, country: 'RW', currency: 'RWF', retry: { baseDelayMs: 10, timeoutMs: 400 }, ...over });
  const req = (msisdn: string, over: Partial<TransferRequest> = {}): TransferRequest => ({
    referenceId: randomUUID(),
    msisdn,
    country: 'RW',
    amount: 15000,
    currency: 'RWF',
    note: 'Sobanura earnings, November',
    ...over,
  });

  it('sends what Airtel publishes: the local number, a whole amount, our id, and a PIN it can decrypt', async () => {
    const c = client();
    const r = req('250731234567');
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(airtel.transfers.get(r.referenceId)).toMatchObject({ msisdn: '731234567', amount: 15000, reference: r.note });
    const s = await c.status(r.referenceId);
    expect(s).toEqual({ status: 'successful', operatorTransactionId: airtel.transfers.get(r.referenceId)!.airtelMoneyId });
  });

  it('refuses a payee who is not registered (DP00900001012) for good; the enquiry agrees; nothing is paid', async () => {
    const c = client();
    const r = req('250720000001');
    expect(await c.transfer(r)).toEqual({ outcome: 'refused', reason: 'PAYEE_NOT_FOUND' });
    expect(await c.status(r.referenceId)).toEqual({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
    expect(airtel.paidTo('720000001')).toBe(0);
  });

  it.each([
    ['250720000002', { outcome: 'refused', reason: 'PAYEE_NOT_ALLOWED' }],
    ['250720000004', { outcome: 'refused', reason: 'NOT_ENOUGH_FUNDS' }],
    ['250720000003', { outcome: 'accepted' }],
  ])('answers %s by its response code', async (msisdn, expected) => {
    expect(await client().transfer(req(msisdn))).toEqual(expected);
  });

  it('reads TIP as pending, TA as pending until it turns TS', async () => {
    const c = client();
    const tip = req('250720000003');
    await c.transfer(tip);
    expect(await c.status(tip.referenceId)).toEqual({ status: 'pending' });
    const ta = req('250720000005');
    expect(await c.transfer(ta)).toEqual({ outcome: 'accepted' });
    expect(await c.status(ta.referenceId)).toEqual({ status: 'pending' });
    await new Promise((res) => setTimeout(res, 250));
    expect((await c.status(ta.referenceId)).status).toBe('successful');
  });

  it('answers unknown only on Airtel’s own "not found" code', async () => {
    const c = client();
    expect(await c.status(randomUUID())).toEqual({ status: 'unknown' });
    airtel.fault('enquiry', { status: 200, body: { status: { code: '200', success: false, response_code: 'XX123' } } });
    await expect(c.status(randomUUID())).rejects.toMatchObject({ kind: 'protocol', maybeDelivered: true });
  });

  it('a transfer that times out but was made: status says successful, one payment', async () => {
    const c = client({ retry: { retries: 0, baseDelayMs: 10, timeoutMs: 150 } });
    const r = req('250731000201');
    airtel.fault('disburse', { delayMs: 400 });
    const err = await c.transfer(r).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'DisbursementError', kind: 'timeout', maybeDelivered: true });
    expect(await c.status(r.referenceId)).toMatchObject({ status: 'successful' });
    expect(airtel.paidTo('731000201')).toBe(1);
    expect(airtel.posts.get(r.referenceId)).toBe(1);
  });

  it('the same id sent twice (or retried after a lost answer) is accepted, never paid twice', async () => {
    const c = client({ retry: { retries: 2, baseDelayMs: 10, timeoutMs: 150 } });
    const r = req('250731000202');
    airtel.fault('disburse', { delayMs: 400 });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await c.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(airtel.posts.get(r.referenceId)).toBe(3);
    expect(airtel.paidTo('731000202')).toBe(1);
  });

  it('an unknown code or a 5xx is an error left to the enquiry, never a refusal', async () => {
    const c = client({ retry: { retries: 0, baseDelayMs: 10, timeoutMs: 400 } });
    airtel.fault('disburse', { status: 400, body: { status: { code: '400', success: false, result_code: 'ESB000001', response_code: 'DP00900009999' } }, afterWork: true });
    await expect(c.transfer(req('250731000203'))).rejects.toMatchObject({ kind: 'protocol', maybeDelivered: true });
    airtel.fault('disburse', { status: 502 });
    await expect(c.transfer(req('250731000204'))).rejects.toMatchObject({ kind: 'unavailable', maybeDelivered: true });
  });

  it('a PIN Airtel cannot decrypt is a configuration fault (auth), not the payee’s refusal', async () => {
    const other = await startAirtelMoneyDisbursementEmulator({ ...CREDS, pin: PIN, deliver: null });
    try {
      const c = client({ publicKey: other.publicKey });
      await expect(c.transfer(req('250731000205'))).rejects.toMatchObject({ kind: 'auth', maybeDelivered: false });
      const wrongPin = client({ pin: '0000' });
      const err = (await wrongPin.transfer(req('250731000206')).catch((e: unknown) => e)) as DisbursementError;
      expect(err.kind).toBe('auth');
      expect(err.message).not.toContain('0000');
    } finally {
      await other.close();
    }
  });

  it('checks country and currency before sending', async () => {
    const c = client();
    await expect(c.transfer(req('250731000207', { currency: 'UGX' }))).rejects.toMatchObject({ kind: 'invalid_request', maybeDelivered: false });
    expect(airtel.calls.get('disburse')).toBeUndefined();
  });

  it('renews the 180 s token before it runs out, and once more on a 401', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    await c.status(randomUUID());
    await c.status(randomUUID());
    expect(c.tokensFetched).toBe(1);
    clock += 165_000; // within the last tenth of its life
    await c.status(randomUUID());
    expect(c.tokensFetched).toBe(2);
    airtel.revokeTokens();
    expect(await c.transfer(req('250731000208'))).toEqual({ outcome: 'accepted' });
    expect(c.tokensFetched).toBe(3);
    await expect(client({ clientSecret: 'not-the-secret' }).transfer(req('250731000209'))).rejects.toMatchObject({ kind: 'auth', maybeDelivered: false });
  });

  it('a callback delivered twice is one transition once confirmed by the enquiry', async () => {
    const c = client();
    const r = req('250731000210');
    delivered.length = 0;
    await c.transfer(r);
    await expect.poll(() => delivered.length).toBe(2);
    let known: TransferStatus | null = { status: 'pending' };
    let transitions = 0;
    for (const body of delivered) {
      const hint = parseAirtelDisbursementCallback(body);
      expect(hint).toMatchObject({ referenceId: r.referenceId, claimed: { status: 'successful' } });
      const folded = foldTransferStatus(known, await c.status(hint!.referenceId));
      if (folded.changed) transitions++;
      known = folded.next;
    }
    expect(transitions).toBe(1);
  });
});
