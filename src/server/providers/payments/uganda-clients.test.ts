/**
 * MTN MoMo Uganda and Airtel Money Uganda through the same clients as Rwanda, against emulators set up as each
 * operator's Ugandan API is (docs/decisions/043-payment-methods-countries-and-currencies.md): MTN's target environment
 * `mtnuganda` and UGX, Airtel's `X-Country: UG` and `X-Currency: UGX`; amounts whole (UGX has no minor unit,
 * ISO 4217), MSISDNs 2567… (MTN) and 7… without the country code (Airtel). The declarations read MTN_UG_* and
 * AIRTEL_UG_* and build clients that name their operator.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { airtelMoneyUgandaOperator } from './airtel-money-provider.js';
import { startAirtelMoneyEmulator, type AirtelMoneyEmulator } from './emulators/airtel-money-emulator.js';
import { startMtnMomoEmulator, type MtnMomoEmulator } from './emulators/mtn-momo-emulator.js';
import { mtnMomoUgandaOperator } from './mtn-momo-provider.js';
import { PaymentProviderError, type RequestToPay } from './payment-provider.js';

const MTN_CREDS = { apiUser: randomUUID(), apiKey: 'f1db798c98df4bcf83b538175893bbf0', subscriptionKey: '1f5e8b9a77c54a1b9e5c0a0e3b7d2c41' };
const AIRTEL_CREDS = { clientId: 'c02e9e46-db9d-4faf-b91a-94f88bbe688c', clientSecret: 'ab672211-4197-4c11-ba79-b29ce2034ca2' };
const retry = { timeoutMs: 400 };

const request = (msisdn: string, amount: number): RequestToPay => ({
  referenceId: randomUUID(),
  amount,
  currency: 'UGX',
  msisdn,
  externalId: randomUUID(),
  payerMessage: 'Sobanura weekly pass',
  payeeNote: 'Sobanura weekly pass',
});

describe('MTN MoMo Uganda (emulator, target environment mtnuganda)', () => {
  let mtn: MtnMomoEmulator;
  beforeAll(async () => {
    mtn = await startMtnMomoEmulator({ ...MTN_CREDS, targetEnvironment: 'mtnuganda', currency: 'UGX', approvalMs: 250, deliverCallback: null });
  });
  afterAll(() => mtn.close());

  const env = { MTN_UG_BASE_URL: '', MTN_UG_API_USER: MTN_CREDS.apiUser, MTN_UG_API_KEY: MTN_CREDS.apiKey, MTN_UG_SUBSCRIPTION_KEY: MTN_CREDS.subscriptionKey };
  const configFrom = (over: Record<string, string> = {}) => mtnMomoUgandaOperator.config(z.object(mtnMomoUgandaOperator.env).parse({ ...env, MTN_UG_BASE_URL: mtn.url, ...over }));

  it('reads MTN_UG_*: target environment mtnuganda and UGX unless set', () => {
    expect(configFrom()).toMatchObject({ operator: 'mtn-ug', targetEnvironment: 'mtnuganda', currency: 'UGX', apiUser: MTN_CREDS.apiUser });
    expect(configFrom({ MTN_UG_TARGET_ENVIRONMENT: 'sandbox' })).toMatchObject({ targetEnvironment: 'sandbox', currency: 'EUR' });
    expect(z.object(mtnMomoUgandaOperator.env).safeParse({ MTN_UG_CURRENCY: 'ugx' }).success).toBe(false);
  });

  it('sends the amount in UGX as an integer string, in the mtnuganda environment, for a 2567… payer', async () => {
    const client = mtnMomoUgandaOperator.create(configFrom(), { retry });
    expect(client.name).toBe('mtn-ug');
    expect(client.currency).toBe('UGX');
    const r = request('256772123456', 8000);
    await client.requestToPay(r);
    expect(mtn.requests.get(r.referenceId)).toMatchObject({ amount: '8000', currency: 'UGX', partyId: '256772123456' });
    expect(await client.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('is refused by an environment it was not set up for, and nothing is charged', async () => {
    const client = mtnMomoUgandaOperator.create(configFrom({ MTN_UG_TARGET_ENVIRONMENT: 'mtnrwanda', MTN_UG_CURRENCY: 'UGX' }), { retry });
    const r = request('256772123456', 8000);
    await expect(client.requestToPay(r)).rejects.toSatisfy((e) => e instanceof PaymentProviderError && e.kind === 'refused');
    expect(mtn.requests.has(r.referenceId)).toBe(false);
  });
});

describe('Airtel Money Uganda (emulator, UG and UGX)', () => {
  let airtel: AirtelMoneyEmulator;
  let rwanda: AirtelMoneyEmulator;
  beforeAll(async () => {
    airtel = await startAirtelMoneyEmulator({ ...AIRTEL_CREDS, country: 'UG', currency: 'UGX', approvalMs: 250, deliverCallback: null });
    rwanda = await startAirtelMoneyEmulator({ ...AIRTEL_CREDS, approvalMs: 250, deliverCallback: null });
  });
  afterAll(async () => {
    await airtel.close();
    await rwanda.close();
  });

  const configFor = (url: string) =>
    airtelMoneyUgandaOperator.config(z.object(airtelMoneyUgandaOperator.env).parse({ AIRTEL_UG_BASE_URL: url, AIRTEL_UG_CLIENT_ID: AIRTEL_CREDS.clientId, AIRTEL_UG_CLIENT_SECRET: AIRTEL_CREDS.clientSecret }));

  it('reads AIRTEL_UG_* with country UG and currency UGX', () => {
    expect(configFor('https://openapi.airtel.africa')).toMatchObject({ operator: 'airtel-ug', country: 'UG', currency: 'UGX', clientId: AIRTEL_CREDS.clientId });
  });

  it('pushes the request with X-Country UG and X-Currency UGX, the local number and a whole amount', async () => {
    const client = airtelMoneyUgandaOperator.create(configFor(airtel.url), { retry });
    expect(client.name).toBe('airtel-ug');
    expect(client.currency).toBe('UGX');
    const r = request('256701234567', 18000);
    await client.requestToPay(r);
    expect(airtel.requests.get(r.referenceId)).toMatchObject({ msisdn: '701234567', amount: 18000 });
    expect(await client.status(r.referenceId)).toEqual({ status: 'SUCCESSFUL' });
  });

  it('is refused by Airtel Rwanda (another country and currency), and nothing is charged', async () => {
    const client = airtelMoneyUgandaOperator.create(configFor(rwanda.url), { retry });
    const r = request('256701234567', 18000);
    await expect(client.requestToPay(r)).rejects.toBeInstanceOf(PaymentProviderError);
    expect(rwanda.requests.has(r.referenceId)).toBe(false);
  });
});
