/**
 * Pay to play: how long from pressing Pay until the viewer is entitled to play (the pass in force, GET
 * /api/accounts/me), for each payment method with its sandbox or emulator (docs/decisions/043 and 044). The real
 * app runs in this process on a port (PGlite in memory); each try is a new viewer. Time the payer spends
 * approving on a phone or typing a card is left out: the sandboxes approve at once (SANDBOX_APPROVAL_SECONDS=0),
 * the emulators answer SUCCESSFUL, and the card page is "clicked" as soon as it exists. What is measured is the
 * site's own work: the payment request, the provider call, the settlement and the entitlement.
 *
 * Two figures per method, p50 and p95 over BENCH_TRIES tries (default 10):
 * - `server`: polling the payment every 100 ms, as fast as the site can answer;
 * - `viewer`: as the web app polls (first 3 s after the request, then every 3 s: docs/product/viewer.md §4), mobile
 *   money only (a card payment is settled by the payer's return itself). The 3 s wait is most of it.
 * The first frame after that is bench/playback's (under a second at Slow 4G, ADR 030) and is not repeated here.
 *
 * Run: npx tsx bench/payments/pay-to-play.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from '../../src/server/providers/payments/card/emulators/flutterwave-emulator.js';
import { startAirtelMoneyEmulator } from '../../src/server/providers/payments/emulators/airtel-money-emulator.js';
import { startMtnMomoEmulator } from '../../src/server/providers/payments/emulators/mtn-momo-emulator.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';
import { signUp } from '../../src/server/test/harness.js';

const TRIES = Number(process.env.BENCH_TRIES ?? 10);
const WEB_POLL_MS = 3000;
/** The site's public origin as configured (requests go in-process, so nothing listens there). */
const PUBLIC_URL = 'http://sobanura.bench';
const MTN = { apiUser: '0b1f7c2e-3d4a-4b5c-8d6e-7f8091a2b3c4', apiKey: 'bench-api-key-1234', subscriptionKey: 'bench-subscription-5678' };
const AIRTEL = { clientId: 'bench-airtel-client', clientSecret: 'bench-airtel-secret' };
const FLW = { secretKey: 'FLWSECK_TEST-bench0123456789abcdef-X', webhookHash: 'bench-webhook-hash-0123' };

interface Method {
  name: string;
  env: Record<string, string>;
  /** Starts the payment; returns its id and, for cards, what the payer's browser does on the processor's page. */
  pay(app: BuiltApp, cookie: string): Promise<{ id: string; afterCheckout?: () => Promise<void> }>;
}

const mobile = (phone: string) => async (app: BuiltApp, cookie: string) => {
  const res = await app.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie }, payload: { plan: 'daily', phone } });
  if (res.statusCode !== 202) throw new Error(`pay answered ${res.statusCode} ${res.body}`);
  return { id: res.json().payment.id as string };
};

function cardWith(flw: FlutterwaveEmulator | null) {
  return async (app: BuiltApp, cookie: string) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/billing/card-checkouts', headers: { cookie }, payload: { plan: 'daily' } });
    if (res.statusCode !== 201) throw new Error(`checkout answered ${res.statusCode} ${res.body}`);
    const { payment, checkoutUrl } = res.json() as { payment: { id: string }; checkoutUrl: string };
    const afterCheckout = async () => {
      let redirect: string;
      if (flw) redirect = flw.pay(checkoutUrl.split('/').at(-1)!, 'successful').redirect;
      else {
        const host = new URL(PUBLIC_URL).host;
        const done = await app.app.inject({ method: 'POST', url: checkoutUrl, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, host }, payload: 'outcome=successful' });
        redirect = new URL(String(done.headers.location), PUBLIC_URL).toString();
      }
      const back = new URL(redirect);
      await app.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    };
    return { id: payment.id, afterCheckout };
  };
}

async function entitled(app: BuiltApp, cookie: string): Promise<boolean> {
  const me = (await app.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie } })).json() as { pass: { active: boolean } | null };
  return !!me.pass?.active;
}

/** Polls the payment every `everyMs` (first after `firstMs`) until settled, then checks the pass; returns ms from `t0`. */
async function until(app: BuiltApp, cookie: string, id: string, t0: number, everyMs: number, firstMs = 0): Promise<number> {
  await new Promise((r) => setTimeout(r, firstMs));
  for (;;) {
    const p = (await app.app.inject({ method: 'GET', url: `/api/billing/payments/${id}`, headers: { cookie } })).json().payment as { status: string };
    if (p.status === 'successful' && (await entitled(app, cookie))) return performance.now() - t0;
    if (p.status === 'failed') throw new Error(`payment ${id} failed`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

async function run(method: Method): Promise<{ server: number[]; viewer: number[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-pay-bench-'));
  const db = await openDatabase({ memory: true });
  let built: BuiltApp | null = null;
  try {
    await migrateDatabase(db);
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DEMO_CATALOG: 'false', SANDBOX_APPROVAL_SECONDS: '0', AUTH_RATE_LIMIT_PER_MINUTE: '1000', PAYMENT_LIMITS_PER_ACCOUNT: '1000/60', PAYMENT_LIMITS_PER_NUMBER: '1000/60', WEB_DIR: path.join(dataDir, 'no-web'), PUBLIC_URL, ...method.env });
    built = await buildApp({ config, db, transcoder: new FfmpegTranscoder(), workers: false, logger: false });
    const server: number[] = [];
    const viewer: number[] = [];
    for (let i = 0; i < TRIES * 2; i++) {
      const asViewer = i >= TRIES;
      if (asViewer && method.name.startsWith('card')) break;
      const v = await signUp(built);
      const t0 = performance.now();
      const started = await method.pay(built, v.cookie);
      await started.afterCheckout?.();
      const ms = await until(built, v.cookie, started.id, t0, asViewer ? WEB_POLL_MS : 100, asViewer ? WEB_POLL_MS : 0);
      (asViewer ? viewer : server).push(ms);
    }
    return { server, viewer };
  } finally {
    await built?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const mtn = await startMtnMomoEmulator({ ...MTN, deliverCallback: null });
  const airtel = await startAirtelMoneyEmulator({ ...AIRTEL, deliverCallback: null });
  const flw = await startFlutterwaveEmulator(FLW);
  const methods: Method[] = [
    { name: 'mobile money, Rwanda (sandbox)', env: {}, pay: mobile('0788123456') },
    { name: 'mobile money, Uganda (sandbox)', env: {}, pay: mobile('+256772123456') },
    { name: 'MTN MoMo Rwanda (emulator)', env: { PAYMENT_METHODS: 'mtn-rw', PAYMENT_CALLBACKS: 'false', MTN_BASE_URL: mtn.url, MTN_API_USER: MTN.apiUser, MTN_API_KEY: MTN.apiKey, MTN_SUBSCRIPTION_KEY: MTN.subscriptionKey }, pay: mobile('0788123456') },
    { name: 'Airtel Money Rwanda (emulator)', env: { PAYMENT_METHODS: 'airtel-rw', PAYMENT_CALLBACKS: 'false', AIRTEL_BASE_URL: airtel.url, AIRTEL_CLIENT_ID: AIRTEL.clientId, AIRTEL_CLIENT_SECRET: AIRTEL.clientSecret }, pay: mobile('0721234567') },
    { name: 'card (sandbox)', env: {}, pay: cardWith(null) },
    { name: 'card (Flutterwave emulator)', env: { PAYMENT_METHODS: 'card', FLW_BASE_URL: flw.url, FLW_SECRET_KEY: FLW.secretKey, FLW_SECRET_HASH: FLW.webhookHash }, pay: cardWith(flw) },
  ];
  console.log(`Pay → entitled to play, ${TRIES} tries each (ms; payer's own approval time excluded)\n`);
  console.log('method                              server p50  server p95  viewer p50  viewer p95');
  try {
    for (const m of methods) {
      const r = await run(m);
      const f = (xs: number[], q: number) => (xs.length ? pct(xs, q).toFixed(0).padStart(10) : '         -');
      console.log(`${m.name.padEnd(34)}  ${f(r.server, 0.5)}  ${f(r.server, 0.95)}  ${f(r.viewer, 0.5)}  ${f(r.viewer, 0.95)}`);
    }
  } finally {
    await mtn.close();
    await airtel.close();
    await flw.close();
  }
  console.log('\nReproduce: npx tsx bench/payments/pay-to-play.ts (BENCH_TRIES=N to change the tries)');
}

await main();
