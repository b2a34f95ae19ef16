/**
 * Payouts' configuration (docs/decisions/048-disbursement-clients.md): the sandbox by default, DISBURSEMENT_METHODS
 * read apart from PAYMENT_METHODS, a live method missing a variable refuses to start naming it, bad values refused
 * even with the sandbox, the collection side's base URL and currency shared, and the clients built from it.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createDisbursementProviders } from './disbursement-operators.js';

const PUBLIC_KEY = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

describe('payout configuration', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-payouts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
  const mtnLive = { MTN_DISBURSEMENT_API_USER: randomUUID(), MTN_DISBURSEMENT_API_KEY: 'k'.repeat(32), MTN_DISBURSEMENT_SUBSCRIPTION_KEY: 's'.repeat(32) };

  it('is the sandbox by default, for every operator, whatever PAYMENT_METHODS says', () => {
    const c = load({ PAYMENT_METHODS: 'mtn-rw', MTN_API_USER: randomUUID(), MTN_API_KEY: 'a'.repeat(32), MTN_SUBSCRIPTION_KEY: 'b'.repeat(32), PAYMENT_CALLBACKS: 'false' });
    expect(c.disbursements).toMatchObject({ mode: 'sandbox', operators: ['mtn', 'airtel', 'mtn-ug', 'airtel-ug'], mtn: null, airtel: null, timeoutMs: 15000 });
    const providers = createDisbursementProviders(c.disbursements);
    expect(providers.forOperator('mtn')?.name).toBe('sandbox');
    expect(providers.forOperator('airtel-ug')?.currency).toBe('UGX');
    expect(providers.byName('sandbox')).not.toBeNull();
    expect(providers.byName('mtn')).toBeNull();
  });

  it('a live method missing its variables refuses to start, naming each', () => {
    expect(() => load({ DISBURSEMENT_METHODS: 'mtn-rw,airtel-rw' })).toThrow(ConfigError);
    const message = (() => {
      try {
        load({ DISBURSEMENT_METHODS: 'mtn-rw,airtel-rw', ...mtnLive, AIRTEL_DISBURSEMENT_CLIENT_ID: 'sobanura' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/AIRTEL_DISBURSEMENT_CLIENT_SECRET: required when DISBURSEMENT_METHODS=mtn-rw,airtel-rw/);
    expect(message).toMatch(/AIRTEL_DISBURSEMENT_PIN: required/);
    expect(message).toMatch(/AIRTEL_DISBURSEMENT_PUBLIC_KEY: required/);
    expect(message).not.toMatch(/MTN_DISBURSEMENT/);
    expect(message).not.toMatch(/AIRTEL_DISBURSEMENT_CLIENT_ID/);
  });

  it('refuses bad values even with the sandbox, naming the variable', () => {
    expect(() => load({ DISBURSEMENT_METHODS: 'mtn-rw,paypal' })).toThrow(/DISBURSEMENT_METHODS: must be payment methods/);
    expect(() => load({ DISBURSEMENT_METHODS: 'mtn-rw,mtn-rw' })).toThrow(/DISBURSEMENT_METHODS/);
    expect(() => load({ AIRTEL_DISBURSEMENT_PIN: '12345' })).toThrow(/AIRTEL_DISBURSEMENT_PIN: must be the 4-digit PIN/);
    expect(() => load({ AIRTEL_UG_DISBURSEMENT_PUBLIC_KEY: 'not a key' })).toThrow(/AIRTEL_UG_DISBURSEMENT_PUBLIC_KEY: must be Airtel's RSA public key/);
    expect(() => load({ MTN_DISBURSEMENT_API_USER: 'someone' })).toThrow(/MTN_DISBURSEMENT_API_USER: must be the Disbursement API user id/);
  });

  it('live: its own credentials, the collection side’s base URL, environment and currency; other methods off', () => {
    const c = load({
      DISBURSEMENT_METHODS: 'MTN-RW, airtel-ug',
      ...mtnLive,
      MTN_BASE_URL: 'https://proxy.momoapi.mtn.co.rw/',
      MTN_TARGET_ENVIRONMENT: 'mtnrwanda',
      AIRTEL_UG_DISBURSEMENT_CLIENT_ID: 'sobanura-ug',
      AIRTEL_UG_DISBURSEMENT_CLIENT_SECRET: 'secret-ug-0000',
      AIRTEL_UG_DISBURSEMENT_PIN: '1234',
      AIRTEL_UG_DISBURSEMENT_PUBLIC_KEY: PUBLIC_KEY,
      PAYMENT_TIMEOUT_SECONDS: '5',
    });
    expect(c.payments.mode).toBe('sandbox');
    expect(c.disbursements).toMatchObject({ mode: 'live', operators: ['mtn', 'airtel-ug'], airtel: null, 'mtn-ug': null, timeoutMs: 5000 });
    expect(c.disbursements.mtn).toEqual({
      operator: 'mtn',
      baseUrl: 'https://proxy.momoapi.mtn.co.rw',
      targetEnvironment: 'mtnrwanda',
      currency: 'RWF',
      apiUser: mtnLive.MTN_DISBURSEMENT_API_USER,
      apiKey: mtnLive.MTN_DISBURSEMENT_API_KEY,
      subscriptionKey: mtnLive.MTN_DISBURSEMENT_SUBSCRIPTION_KEY,
    });
    expect(c.disbursements['airtel-ug']).toMatchObject({ operator: 'airtel-ug', country: 'UG', currency: 'UGX', baseUrl: 'https://openapiuat.airtel.africa', pin: '1234' });
    const providers = createDisbursementProviders(c.disbursements);
    expect(providers.forOperator('mtn')).toMatchObject({ name: 'mtn', currency: 'RWF' });
    expect(providers.forOperator('airtel-ug')).toMatchObject({ name: 'airtel-ug', currency: 'UGX' });
    expect(providers.forOperator('airtel')).toBeNull();
    expect(providers.byName('mtn')).toBe(providers.forOperator('mtn'));
    expect(providers.byName('sandbox')).toBeNull();
  });

  it('MTN’s sandbox environment pays in EUR', () => {
    const c = load({ DISBURSEMENT_METHODS: 'mtn-rw', ...mtnLive });
    expect(c.disbursements.mtn).toMatchObject({ baseUrl: 'https://sandbox.momodeveloper.mtn.com', targetEnvironment: 'sandbox', currency: 'EUR' });
  });
});
