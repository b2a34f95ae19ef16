/**
 * The payout run killed mid-way (docs/decisions/052-payout-run.md): the built CLI (`node dist/server/cli.js payout
 * run`, as an operator runs it) against a PostgreSQL database with a closed month, its MTN Rwanda payouts going to
 * the MTN disbursement emulator, slowed so the run is caught between a transfer and its answer; SIGKILL, start again,
 * and the emulator, which counts the transfers per reference and the money per payee, shows each holder paid exactly
 * once. PostgreSQL only (TEST_DATABASE_URL): a CLI process beside the test needs a server database.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MtnMomoDisbursementEmulator, startMtnMomoDisbursementEmulator } from '../../providers/disbursement/emulators/mtn-momo-disbursement-emulator.js';
import { serverCommand } from '../../test/built-server.js';
import { createPostgresDatabase, migratedPostgresTemplate } from '../../test/harness.js';
import { addTranslator, closeMonth } from '../../test/payout-test-bed.js';

const CREDS = { apiUser: randomUUID(), apiKey: '0c2a41f5b7e94c1d8f3a6b2e9d7c5a13', subscriptionKey: '7d9e2b4c1a3f4e6b8c0d2e4f6a8b0c1d' };
const MONTH = '2026-10';
const NUMBERS = ['250788100001', '250788100002', '250788100003', '250788100004', '250788100005', '250788100006'];

describe.skipIf(!process.env.TEST_DATABASE_URL)('payout run killed and started again (built CLI, PostgreSQL, MTN emulator)', () => {
  const [NODE, CLI] = serverCommand('cli');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-payout-'));
  let mtn: MtnMomoDisbursementEmulator;
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    db = await createPostgresDatabase({ template: await migratedPostgresTemplate() });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const exec = (text: string, values?: unknown[]) => client.query(text, values);
    const holders = [];
    for (const [i, n] of NUMBERS.entries()) holders.push(await addTranslator(exec, `Holder ${i + 1}`, n));
    await closeMonth(exec, MONTH, holders.map((h, i) => ({ holder: h, name: `Holder ${i + 1}`, currency: 'RWF', amount: 5000 + i })));
    mtn = await startMtnMomoDisbursementEmulator({ ...CREDS, targetEnvironment: 'mtnrwanda', currency: 'RWF', deliver: null });
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      DEMO_CATALOG: 'false',
      DISBURSEMENT_METHODS: 'mtn-rw',
      MTN_BASE_URL: mtn.url,
      MTN_TARGET_ENVIRONMENT: 'mtnrwanda',
      MTN_DISBURSEMENT_API_USER: CREDS.apiUser,
      MTN_DISBURSEMENT_API_KEY: CREDS.apiKey,
      MTN_DISBURSEMENT_SUBSCRIPTION_KEY: CREDS.subscriptionKey,
      PAYMENT_TIMEOUT_SECONDS: '5',
      PAYOUT_POLL_SECONDS: '0.2',
    };
  });
  afterAll(async () => {
    await client?.end();
    await mtn?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => {
    const child = spawn(NODE, [CLI, 'payout', 'run', '--month', MONTH, '--wait', '20'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exit, out: () => out };
  };

  it('pays each holder exactly once', async () => {
    // Every transfer is made at once but answered 1.5 s later: the first run is killed while one is in flight.
    mtn.fault('transfer', { delayMs: 1500 }, NUMBERS.length * 2);
    const first = start();
    const deadline = Date.now() + 60_000;
    while (mtn.transfers.size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(mtn.transfers.size, first.out()).toBeGreaterThanOrEqual(2);
    first.child.kill('SIGKILL');
    expect(await first.exit).toBeNull();
    const before = await client.query<{ status: string }>('select status from payouts where month = $1', [MONTH]);
    // The kill left rows stored and some not yet answered (created), and holders not reached at all.
    expect(before.rows.length).toBeLessThan(NUMBERS.length);
    expect(before.rows.some((r) => r.status === 'created')).toBe(true);

    const second = start();
    expect(await second.exit, second.out()).toBe(0);
    const rows = await client.query<{ status: string; msisdn: string; id: string }>('select id::text, status, msisdn from payouts where month = $1', [MONTH]);
    expect(rows.rows.map((r) => r.status)).toEqual(NUMBERS.map(() => 'successful'));
    for (const n of NUMBERS) expect(mtn.paidTo(n), n).toBe(1);
    expect(mtn.transfers.size).toBe(NUMBERS.length);
    // The row killed in flight was asked about first and not sent again: one request per reference.
    for (const r of rows.rows) expect(mtn.posts.get(r.id), r.msisdn).toBe(1);
  }, 180_000);
});
