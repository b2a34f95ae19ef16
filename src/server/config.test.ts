import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration (issue 2 point 2)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the embedded defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, paymentProvider: 'sandbox', publicUrl: 'http://localhost:3000', mediaDir: path.join(dir, 'media') });
    expect(c.pgliteDir).toBe(path.join(dir, 'pglite'));
    expect(c.pageCacheSeconds).toBe(5);
    expect(loadConfig({ DATA_DIR: dir, PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect([c.eventsMaxPerAddress, c.eventsMaxTotal]).toEqual([4, 2000]);
    expect(loadConfig({ DATA_DIR: dir, EVENTS_MAX_PER_ADDRESS: '10', EVENTS_MAX_TOTAL: '500' })).toMatchObject({ eventsMaxPerAddress: 10, eventsMaxTotal: 500 });
  });

  it('reads the payment limits per account and per number (ADR 018), as COUNT/SECONDS windows', () => {
    expect(loadConfig({ DATA_DIR: dir }).paymentLimits).toEqual({
      account: [{ points: 5, seconds: 600 }, { points: 20, seconds: 86400 }],
      number: [{ points: 3, seconds: 600 }, { points: 10, seconds: 86400 }],
    });
    expect(loadConfig({ DATA_DIR: dir, PAYMENT_LIMITS_PER_NUMBER: '1/60' }).paymentLimits.number).toEqual([{ points: 1, seconds: 60 }]);
    for (const bad of ['5', '0/600', '5/0', '5/600,', '5 per 600', '1/1,1/1,1/1,1/1,1/1']) {
      expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_LIMITS_PER_ACCOUNT: bad }), bad).toThrow(/PAYMENT_LIMITS_PER_ACCOUNT: must be COUNT\/SECONDS/);
    }
  });

  it('reads the sign-in lock-out (ADR 018): 1 s first, 15 minutes at most, the maximum never below the first', () => {
    expect(loadConfig({ DATA_DIR: dir }).signInLockout).toEqual({ firstSeconds: 1, maxSeconds: 900 });
    expect(loadConfig({ DATA_DIR: dir, SIGN_IN_LOCKOUT_FIRST_SECONDS: '60', SIGN_IN_LOCKOUT_MAX_SECONDS: '30' }).signInLockout).toEqual({ firstSeconds: 60, maxSeconds: 60 });
    expect(() => loadConfig({ DATA_DIR: dir, SIGN_IN_LOCKOUT_FIRST_SECONDS: '0.5' })).toThrow(/SIGN_IN_LOCKOUT_FIRST_SECONDS: must be whole seconds/);
  });

  it('reads the job heartbeat timings (job-heartbeat.ts): 5, 30 and 10 s by default; a stale limit under two beats is refused', () => {
    expect(loadConfig({ DATA_DIR: dir }).jobHeartbeat).toEqual({ beatSeconds: 5, staleSeconds: 30, sweepSeconds: 10 });
    expect(loadConfig({ DATA_DIR: dir, JOB_HEARTBEAT_SECONDS: '2', JOB_STALE_SECONDS: '8', JOB_SWEEP_SECONDS: '2' }).jobHeartbeat).toEqual({ beatSeconds: 2, staleSeconds: 8, sweepSeconds: 2 });
    expect(() => loadConfig({ DATA_DIR: dir, JOB_STALE_SECONDS: '9' })).toThrow(/JOB_STALE_SECONDS: must be at least twice JOB_HEARTBEAT_SECONDS \(5\)/);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_SWEEP_SECONDS: '0' })).toThrow(/JOB_SWEEP_SECONDS/);
  });

  it('reads UPLOAD_EXPIRY_HOURS, 24 by default, fractions allowed', () => {
    expect(loadConfig({ DATA_DIR: dir }).uploadExpiryHours).toBe(24);
    expect(loadConfig({ DATA_DIR: dir, UPLOAD_EXPIRY_HOURS: '0.5' }).uploadExpiryHours).toBe(0.5);
  });

  it('keeps the MP4 file download for admins unless ALLOW_FILE_DOWNLOADS says otherwise (ADR 028)', () => {
    expect(loadConfig({ DATA_DIR: dir }).allowFileDownloads).toBe(false);
    for (const yes of ['true', '1', 'yes']) expect(loadConfig({ DATA_DIR: dir, ALLOW_FILE_DOWNLOADS: yes }).allowFileDownloads, yes).toBe(true);
    for (const no of ['false', '0', 'no', '']) expect(loadConfig({ DATA_DIR: dir, ALLOW_FILE_DOWNLOADS: no }).allowFileDownloads, no).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, ALLOW_FILE_DOWNLOADS: 'maybe' })).toThrow(/ALLOW_FILE_DOWNLOADS/);
  });

  it('generates secrets once and keeps them under DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toBe(b.sessionSecret);
    expect(a.sessionSecret).not.toBe(a.urlSigningSecret);
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).urlSigningSecret).toBe(a.urlSigningSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ SESSION_SECRET: 'short', URL_SIGNING_SECRET: 'x'.repeat(40) }, 'SESSION_SECRET'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PAYMENT_PROVIDER: 'live', MTN_API_USER: 'not-a-uuid' }, 'MTN_API_USER'],
    [{ MTN_CURRENCY: 'rwf' }, 'MTN_CURRENCY'],
    [{ MTN_BASE_URL: 'not a url' }, 'MTN_BASE_URL'],
    [{ PAYMENT_TIMEOUT_SECONDS: '0' }, 'PAYMENT_TIMEOUT_SECONDS'],
    [{ UPLOAD_EXPIRY_HOURS: '0' }, 'UPLOAD_EXPIRY_HOURS'],
    [{ UPLOAD_EXPIRY_HOURS: 'a day' }, 'UPLOAD_EXPIRY_HOURS'],
    [{ PAGE_CACHE_SECONDS: '-1' }, 'PAGE_CACHE_SECONDS'],
    [{ PAGE_CACHE_SECONDS: '3600' }, 'PAGE_CACHE_SECONDS'],
    [{ EVENTS_MAX_PER_ADDRESS: '0' }, 'EVENTS_MAX_PER_ADDRESS'],
    [{ EVENTS_MAX_TOTAL: '1.5' }, 'EVENTS_MAX_TOTAL'],
  ])('names the variable of a bad value %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  describe('mobile money (issue 5 point 2)', () => {
    const MTN = { MTN_API_USER: '0b1f7c2e-3d4a-4b5c-8d6e-7f8091a2b3c4', MTN_API_KEY: 'api-key-1234', MTN_SUBSCRIPTION_KEY: 'subscription-5678' };
    const AIRTEL = { AIRTEL_CLIENT_ID: 'client-id', AIRTEL_CLIENT_SECRET: 'client-secret' };
    const PUBLIC_URL = 'https://sobanura.example';

    it('defaults to the sandbox for every method, Uganda\'s included', () => {
      expect(loadConfig({ DATA_DIR: dir }).payments).toMatchObject({
        mode: 'sandbox',
        operators: ['mtn', 'airtel', 'mtn-ug', 'airtel-ug'],
        mtn: null,
        airtel: null,
        'mtn-ug': null,
        'airtel-ug': null,
        callbacks: true,
        timeoutMs: 15000,
      });
    });

    const MTN_UG = { MTN_UG_API_USER: '1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5', MTN_UG_API_KEY: 'ug-api-key-1234', MTN_UG_SUBSCRIPTION_KEY: 'ug-subscription-5678' };
    const AIRTEL_UG = { AIRTEL_UG_CLIENT_ID: 'ug-client-id', AIRTEL_UG_CLIENT_SECRET: 'ug-client-secret' };

    it('runs live the methods PAYMENT_METHODS lists (docs/decisions/043), each on its own variables; the others are off', () => {
      const c = loadConfig({ DATA_DIR: dir, PAYMENT_METHODS: 'mtn-ug, airtel-ug,mtn-rw', PUBLIC_URL, ...MTN, ...MTN_UG, ...AIRTEL_UG });
      expect(c.payments).toMatchObject({
        mode: 'live',
        operators: ['mtn-ug', 'airtel-ug', 'mtn'],
        airtel: null,
        mtn: { targetEnvironment: 'sandbox', apiUser: MTN.MTN_API_USER },
        'mtn-ug': { operator: 'mtn-ug', targetEnvironment: 'mtnuganda', currency: 'UGX', apiUser: MTN_UG.MTN_UG_API_USER },
        'airtel-ug': { operator: 'airtel-ug', country: 'UG', currency: 'UGX', clientId: 'ug-client-id' },
      });
    });

    it('runs cards on the in-process sandbox by default, live with PAYMENT_METHODS=card, and not at all when live methods leave it out', () => {
      expect(loadConfig({ DATA_DIR: dir }).payments.card).toBe('sandbox');
      const live = loadConfig({ DATA_DIR: dir, PAYMENT_METHODS: 'card', PUBLIC_URL, FLW_SECRET_KEY: 'FLWSECK-live-key-1', FLW_SECRET_HASH: 'webhook-hash-0123456789' });
      expect(live.payments).toMatchObject({ mode: 'live', operators: [], card: { baseUrl: 'https://api.flutterwave.com', secretKey: 'FLWSECK-live-key-1', secretHash: 'webhook-hash-0123456789' } });
      expect(loadConfig({ DATA_DIR: dir, PAYMENT_METHODS: 'mtn-rw', PUBLIC_URL, ...MTN }).payments.card).toBeNull();
    });

    it('maps PAYMENT_PROVIDER onto the Rwandan methods as before: live is mtn-rw and airtel-rw, not Uganda\'s', () => {
      const c = loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'live', PUBLIC_URL, ...MTN, ...AIRTEL });
      expect(c.payments).toMatchObject({ mode: 'live', operators: ['mtn', 'airtel'], 'mtn-ug': null, 'airtel-ug': null });
      expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'mtn-ug', PUBLIC_URL, ...MTN_UG })).toThrow(/PAYMENT_PROVIDER: must be sandbox, live, mtn, airtel/);
    });

    it.each([
      [{ PAYMENT_METHODS: 'mtn-ug', PUBLIC_URL, MTN_UG_API_USER: MTN_UG.MTN_UG_API_USER, MTN_UG_API_KEY: MTN_UG.MTN_UG_API_KEY }, 'MTN_UG_SUBSCRIPTION_KEY: required when PAYMENT_METHODS=mtn-ug'],
      [{ PAYMENT_METHODS: 'airtel-ug,mtn-rw', PUBLIC_URL, ...MTN, AIRTEL_UG_CLIENT_ID: 'ug-client-id' }, 'AIRTEL_UG_CLIENT_SECRET: required when PAYMENT_METHODS=airtel-ug,mtn-rw'],
      [{ PAYMENT_METHODS: 'mtn-ug', PAYMENT_PROVIDER: 'sandbox', PUBLIC_URL, ...MTN_UG }, 'PAYMENT_PROVIDER: set PAYMENT_METHODS or PAYMENT_PROVIDER, not both'],
      [{ PAYMENT_METHODS: 'mtn-ke' }, 'PAYMENT_METHODS: must be payment methods separated by commas, of mtn-rw, airtel-rw, mtn-ug, airtel-ug, card'],
      [{ PAYMENT_METHODS: 'mtn-ug,mtn-ug', ...MTN_UG }, 'PAYMENT_METHODS: must be'],
      [{ MTN_UG_TARGET_ENVIRONMENT: 'MTN Uganda' }, 'MTN_UG_TARGET_ENVIRONMENT: must be sandbox, or the production environment such as mtnuganda'],
      [{ PAYMENT_METHODS: 'card', PUBLIC_URL, FLW_SECRET_KEY: 'FLWSECK_TEST-abc' }, 'FLW_SECRET_HASH: required when PAYMENT_METHODS=card'],
      [{ PAYMENT_METHODS: 'card', FLW_SECRET_KEY: 'FLWSECK_TEST-abc', FLW_SECRET_HASH: 'x'.repeat(20) }, 'PUBLIC_URL: required when PAYMENT_METHODS=card (the card checkout sends the payer back to it)'],
      [{ FLW_SECRET_KEY: 'sk_live_123' }, 'FLW_SECRET_KEY: must be the Flutterwave secret key'],
    ])('stops the start on a bad or missing payment method variable, naming it: %o', (env, line) => {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(line);
    });

    it('reads a live MTN and Airtel setup, with the sandbox currency by default', () => {
      const c = loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'live', PUBLIC_URL, ...MTN, ...AIRTEL });
      expect(c.paymentProvider).toBe('live');
      expect(c.payments).toMatchObject({
        mode: 'live',
        operators: ['mtn', 'airtel'],
        mtn: { baseUrl: 'https://sandbox.momodeveloper.mtn.com', targetEnvironment: 'sandbox', currency: 'EUR', apiUser: MTN.MTN_API_USER },
        airtel: { baseUrl: 'https://openapiuat.airtel.africa', clientId: 'client-id' },
      });
      const prod = loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'mtn', PUBLIC_URL, ...MTN, MTN_TARGET_ENVIRONMENT: 'mtnrwanda', MTN_BASE_URL: 'https://proxy.momoapi.mtn.co.rw/' });
      expect(prod.payments).toMatchObject({ operators: ['mtn'], airtel: null, mtn: { currency: 'RWF', baseUrl: 'https://proxy.momoapi.mtn.co.rw' } });
    });

    it.each([
      [{ PAYMENT_PROVIDER: 'live', PUBLIC_URL, ...MTN }, 'AIRTEL_CLIENT_ID'],
      [{ PAYMENT_PROVIDER: 'mtn', PUBLIC_URL, MTN_API_USER: MTN.MTN_API_USER, MTN_API_KEY: MTN.MTN_API_KEY }, 'MTN_SUBSCRIPTION_KEY'],
      [{ PAYMENT_PROVIDER: 'airtel', PUBLIC_URL, AIRTEL_CLIENT_ID: 'client-id' }, 'AIRTEL_CLIENT_SECRET'],
      [{ PAYMENT_PROVIDER: 'mtn', ...MTN }, 'PUBLIC_URL'],
    ])('stops a live setup missing a value, naming the variable: %o', (env, name) => {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`\\n  ${name}: required when PAYMENT_PROVIDER=`));
    });

    it('never puts a secret in its error messages', () => {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'live', ...MTN, MTN_API_USER: 'oops', AIRTEL_CLIENT_SECRET: 'client-secret' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/MTN_API_USER/);
      for (const secret of [MTN.MTN_API_KEY, MTN.MTN_SUBSCRIPTION_KEY, 'client-secret']) expect(message).not.toContain(secret);
    });

    it('takes PUBLIC_URL as optional when callbacks are off', () => {
      expect(loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'mtn', PAYMENT_CALLBACKS: 'false', ...MTN }).payments.callbacks).toBe(false);
    });
  });

  describe('roles and storage (docs/decisions/016-object-storage-and-roles.md, 017)', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'sobanura-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret-key', S3_FORCE_PATH_STYLE: 'true' };
    it('runs every role in one process on the local folder by default', () => {
      const c = loadConfig({ DATA_DIR: dir });
      expect(c).toMatchObject({ role: 'all', storage: 'local', s3: null, mediaAccelPrefix: null });
    });
    it('reads an S3-compatible bucket, a role and the nginx media location', () => {
      const c = loadConfig({ DATA_DIR: dir, ...s3, SOBANURA_ROLE: 'worker', DATABASE_URL: 'postgres://db/sobanura', MEDIA_ACCEL_PREFIX: '/_media/' });
      expect(c).toMatchObject({ role: 'worker', storage: 's3', mediaAccelPrefix: '/_media/' });
      expect(c.s3).toEqual({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'sobanura-media', accessKeyId: 'key', secretAccessKey: 'secret-key', forcePathStyle: true });
      // AWS itself: a region and the SDK's default credentials.
      expect(loadConfig({ DATA_DIR: dir, STORAGE: 's3', S3_BUCKET: 'sobanura-media', S3_REGION: 'af-south-1' }).s3).toEqual({ region: 'af-south-1', bucket: 'sobanura-media', forcePathStyle: false });
    });
    it.each([
      [{ STORAGE: 'nfs' }, 'STORAGE'],
      [{ STORAGE: 's3' }, 'S3_BUCKET'],
      [{ STORAGE: 's3', S3_BUCKET: 'media' }, 'S3_REGION'],
      [{ ...s3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
      [{ ...s3, S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
      [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
      [{ SOBANURA_ROLE: 'transcoder' }, 'SOBANURA_ROLE'],
      [{ SOBANURA_ROLE: 'web' }, 'DATABASE_URL'],
      [{ SOBANURA_ROLE: 'worker' }, 'DATABASE_URL'],
      [{ MEDIA_ACCEL_PREFIX: '_media' }, 'MEDIA_ACCEL_PREFIX'],
      // X-Accel-Redirect is answered only to a trusted proxy (ADR 017, amended 2026-11-28).
      [{ MEDIA_ACCEL_PREFIX: '/_media/' }, 'TRUST_PROXY: required when MEDIA_ACCEL_PREFIX'],
    ])('refuses %o, naming %s', (env, name) => {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
    });
    it('says why a web or worker process needs PostgreSQL', () => {
      expect(() => loadConfig({ DATA_DIR: dir, SOBANURA_ROLE: 'web' })).toThrow(/admits one process/);
    });
  });

  describe('proxy, shared counters and metrics (src/server/lib/trust-proxy.ts, lib/redis.ts, plugins/metrics.ts)', () => {
    it('trusts no proxy, uses no Redis and has no metrics by default', () => {
      expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ trustProxy: false, redisUrl: null, redisKeyPrefix: 'sobanura:', metricsToken: null });
    });

    it('reads proxy addresses, CIDRs and names, a Redis URL and a metrics token', () => {
      const c = loadConfig({ DATA_DIR: dir, TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback', REDIS_URL: 'redis://:pw@127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'staging:', METRICS_TOKEN: 'a'.repeat(16) });
      expect(c.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
      expect(c).toMatchObject({ redisUrl: 'redis://:pw@127.0.0.1:6379/2', redisKeyPrefix: 'staging:', metricsToken: 'a'.repeat(16) });
    });

    it.each([
      [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', /"true" is not an IP address/],
      [{ TRUST_PROXY: '1' }, 'TRUST_PROXY', /"1" is not an IP address/],
      [{ TRUST_PROXY: '127.0.0.1,nginx.local' }, 'TRUST_PROXY', /"nginx.local"/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY', /bad prefix length \(0-32 for IPv4\)/],
      [{ TRUST_PROXY: 'fd00::/129' }, 'TRUST_PROXY', /0-128 for IPv6/],
      [{ TRUST_PROXY: '10.0.0.0/' }, 'TRUST_PROXY', /bad prefix length/],
      [{ TRUST_PROXY: ' , ' }, 'TRUST_PROXY', /must list proxy addresses/],
      [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL', /redis:\/\/ or rediss:\/\//],
      [{ REDIS_URL: 'not a url' }, 'REDIS_URL', /./],
      [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX', /letters, digits/],
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', /at least 16 characters/],
    ])('names the variable of a bad value %o', (env, name, why) => {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(why);
    });

    it('never puts the metrics token or the Redis password in its error messages', () => {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'tiny-secret', REDIS_URL: 'http://:hunter2@x' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/METRICS_TOKEN/);
      expect(message).not.toContain('tiny-secret');
      expect(message).not.toContain('hunter2');
    });
  });
});
