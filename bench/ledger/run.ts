/**
 * Minutes-watched ledger benchmark (docs/decisions/049-minutes-watched-ledger.md): heartbeats per second one web
 * instance takes with the ledger on (MINUTES_LEDGER=true, the default: each heartbeat reads its session's mark, then
 * merges its ledger rows and saves the mark in one statement) and off (MINUTES_LEDGER=false), on PostgreSQL.
 *
 * Each case: a fresh database on the server at TEST_DATABASE_URL (bench/catalog/harness.ts `freshPostgres`, dropped
 * afterwards), migrated; one instance (buildApp, no job workers) listening on 127.0.0.1; VIEWERS viewers with a
 * yearly pass, SESSIONS_PER_VIEWER live stream sessions each of one film (rows written directly: the stream limit is
 * not what is measured), each sent one heartbeat first (warm-up, not measured); a load child process
 * (bench/catalog/load-worker.ts, method POST) with CONNECTIONS keep-alive clients POSTs heartbeats
 * round-robin over all sessions for SECONDS (so each session beats about every sessions / rate seconds, and most
 * heartbeats credit a second or more). Prints heartbeats/s, p50/p95/p99 latency (ms), non-2xx answers and the
 * seconds the ledger holds afterwards, the machine, and the command.
 *
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger/run.ts [seconds]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';
import { freshPostgres, runLoad } from '../catalog/harness.js';
import type { LoadSummary } from '../catalog/load-worker.js';

const SECONDS = Number(process.argv[2] ?? 10);
const COMMAND = `TEST_DATABASE_URL=postgres://… npx tsx bench/ledger/run.ts ${SECONDS}`;
const VIEWERS = 40;
const SESSIONS_PER_VIEWER = 5;
const CONNECTIONS = 16;
const say = (s: string) => console.log(s);

interface CaseResult {
  ledger: boolean;
  load: LoadSummary;
  ledgerSeconds: number;
  ledgerRows: number;
}

async function runCase(serverUrl: string, ledger: boolean): Promise<CaseResult> {
  const fresh = await freshPostgres(serverUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-ledger-bench-'));
  const db = await openDatabase({ url: fresh.url });
  try {
    await migrateDatabase(db);
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIR: path.join(dataDir, 'no-web'), DEMO_CATALOG: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '100000', MINUTES_LEDGER: String(ledger) });
    const built = await buildApp({ config, db, transcoder: new FfmpegTranscoder(), workers: false, logger: false });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
      const movie = await built.services.catalog.create({ title: 'Bench film', category: 'drama', isPremium: true });
      const { rows } = await db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, []);
      const videoId = rows[0]!.id as string;
      await db.executeSql('update movies set video_id = $1 where id = $2', [videoId, movie.id]);
      const targets: { path: string; cookie: string }[] = [];
      for (let i = 0; i < VIEWERS; i++) {
        const email = `bench${i}@example.com`;
        const password = 'secret-pass';
        const reg = await built.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: `Viewer ${i}`, email, password, confirmPassword: password } });
        if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
        const userId = reg.json().user.id as string;
        await built.services.billing.grantPass(userId, 'yearly');
        const login = await built.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password } });
        const cookie = ([login.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
        const made = await db.executeSql(
          `insert into playback_sessions (user_id, video_id, title, device) select $1, $2, 'Bench film', 'bench' from generate_series(1, ${SESSIONS_PER_VIEWER}) returning id`,
          [userId, videoId],
        );
        for (const r of made.rows) targets.push({ path: `/api/playback/sessions/${r.id as string}/heartbeat`, cookie });
      }
      // Interleave viewers so consecutive heartbeats are of different viewers and sessions.
      targets.sort((a, b) => a.path.localeCompare(b.path));
      // Warm-up: one heartbeat per session (the first of a chain credits nothing and resolves the title), so the
      // measured ones are the steady state, each crediting the second or two since the session's previous one.
      for (const t of targets) await built.app.inject({ method: 'POST', url: t.path, headers: { cookie: t.cookie } });
      const load = await runLoad({ origin, method: 'POST', urls: targets.map((t) => t.path), urlHeaders: targets.map((t) => ({ cookie: t.cookie })), connections: CONNECTIONS, seconds: SECONDS });
      const sum = await db.executeSql(`select coalesce(sum(seconds), 0)::int as s, count(*)::int as n from viewing_minutes`, []);
      return { ledger, load, ledgerSeconds: Number(sum.rows[0]!.s), ledgerRows: Number(sum.rows[0]!.n) };
    } finally {
      await built.close();
    }
  } finally {
    await db.close().catch(() => {});
    await fresh.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server the bench may create databases on.');
  const results: CaseResult[] = [];
  // Off first, then on: each case on its own fresh database.
  for (const ledger of [false, true]) {
    const r = await runCase(serverUrl, ledger);
    results.push(r);
    process.stderr.write(`  ledger ${ledger ? 'on' : 'off'}: ${(r.load.requests / r.load.seconds).toFixed(0)} heartbeats/s\n`);
  }
  say(`\nMinutes-watched ledger: heartbeats per second, one web instance, PostgreSQL`);
  say(`${VIEWERS} viewers x ${SESSIONS_PER_VIEWER} sessions, ${CONNECTIONS} connections, ${SECONDS} s per case`);
  say(`${'ledger'.padEnd(8)} ${'beats/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'ledger s'.padStart(9)} ${'rows'.padStart(6)}`);
  for (const r of results) {
    say(
      `${(r.ledger ? 'on' : 'off').padEnd(8)} ${(r.load.requests / r.load.seconds).toFixed(0).padStart(8)} ${r.load.p50.toFixed(2).padStart(8)} ${r.load.p95.toFixed(2).padStart(8)} ${r.load.p99.toFixed(2).padStart(8)} ${String(r.load.errors).padStart(8)} ${String(r.ledgerSeconds).padStart(9)} ${String(r.ledgerRows).padStart(6)}`,
    );
  }
  const [off, on] = results as [CaseResult, CaseResult];
  const rate = (r: CaseResult) => r.load.requests / r.load.seconds;
  say(`ledger on / off: ${((rate(on) / rate(off)) * 100).toFixed(0)} % of the heartbeats per second`);
  say(`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, node ${process.version}`);
  say(`run: ${COMMAND}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
