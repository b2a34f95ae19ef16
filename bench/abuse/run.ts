/**
 * Abuse bench: what one hostile client gets out of a real server process (`node --import tsx src/server/main.ts`, as
 * bench/delivery starts it, with TRUST_PROXY=loopback so X-Forwarded-For is believed, as behind a trusted proxy).
 * Goals: OWASP Authentication / Credential Stuffing cheat sheets and docs/decisions/018-sign-in-and-payment-limits.md
 * for (a), OWASP API4 "Unrestricted Resource Consumption" for (b), docs/decisions/015-shared-page-cache.md for (c).
 *
 * a. Sign-in guesses accepted per minute against one account by one client that sends every request from a new
 *    X-Forwarded-For address, 8 loops for 60 s (BENCH_SIGNIN_SECONDS). Accepted = answered with a password verdict
 *    (401 or 200), not 429. Goal: at most the per-account limit, whatever the addresses.
 * b. Live GET /api/events streams one client holds: from one address (goal: EVENTS_MAX_PER_ADDRESS, then 429), and
 *    with a new X-Forwarded-For per stream (goal: EVENTS_MAX_TOTAL or half `ulimit -n`, then 503); while they are
 *    held, `/api/health` must still answer.
 * c. `/` signed out, pages per second over 10 keep-alive connections from a separate process (bench/catalog
 *    load-worker) for BENCH_SECONDS (10) each, measured as two halves in the order A B B A so that a drift of the
 *    machine's load weighs on both: without cookies, with `Cookie: junk=1` (goal: within 10 % of the first: both get
 *    the shared page); then with a forged session cookie (it names no session, so it gets the shared page too,
 *    after better-auth has checked its signature: ADR 015; printed for the record).
 *
 * Needs the web build (dist/web, dist/ssr): `npm run build:web`, or pass --build. PGlite, and PostgreSQL as well when
 * DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped afterwards). Prints the machine's state
 * (CPUs, load, memory, open-files limit, commit) and the command.
 *
 * Run: npm run bench:abuse [-- --build]   (about 2 minutes per database)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, runLoad } from '../catalog/harness.js';
import type { LoadSummary } from '../catalog/load-worker.js';
import { REPO_ROOT, startSobanura, type SobanuraProcess } from '../delivery/sobanura-process.js';
import { guessPasswords, type GuessSummary } from './sign-in.js';
import { holdStreams } from './streams.js';

const COMMAND = 'npm run bench:abuse';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIGNIN_SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 60);
const SIGNIN_LOOPS = 8;
const CONNECTIONS = 10;
const ACCOUNT = { email: 'target@bench.test', password: 'Correct-Horse-Bench-7731' };

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const began = performance.now();
/** Progress on stderr, so the report on stdout stays clean. */
const step = (what: string) => process.stderr.write(`[${fmt((performance.now() - began) / 1000).padStart(4)} s] ${what}\n`);

/** The open-files soft limit of process `pid` (/proc/{pid}/limits), or '?'. */
function openFilesLimit(pid: number | 'self'): string {
  try {
    return /^Max open files\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

function machineState(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => fmt(l, 2)).join(' / ');
  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    if (dirty) commit += ` (+ ${dirty.split('\n').length} files changed in the working tree)`;
  } catch {
    // not a git checkout
  }
  return [
    `${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), ${fmt(os.totalmem() / 1024 ** 3, 1)} GiB RAM (${fmt(os.freemem() / 1024 ** 3, 1)} free), ${os.type()} ${os.release()}`,
    `load average (1/5/15 min) ${load}; open files (ulimit -n) ${openFilesLimit('self')}; Node ${process.version}; commit ${commit}`,
  ].join('\n');
}

/** Loads `/` with `headers` for SECONDS after a 2 s warm-up. */
async function pages(origin: string, headers: Record<string, string>): Promise<LoadSummary> {
  const job = { origin, urls: ['/'], connections: CONNECTIONS, headers: { accept: 'text/html', ...headers } };
  await runLoad({ ...job, seconds: 1 });
  return runLoad({ ...job, seconds: SECONDS / 2 });
}

/** Milliseconds GET `url` took, and its status. */
async function timed(url: string): Promise<string> {
  const t0 = performance.now();
  const res = await fetch(url).catch(() => null);
  await res?.arrayBuffer();
  return `${res?.status ?? 'no answer'} in ${fmt(performance.now() - t0, 1)} ms`;
}

async function register(server: SobanuraProcess): Promise<void> {
  const res = await fetch(`${server.url}/api/accounts/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ fullName: 'Bench Target', email: ACCOUNT.email, password: ACCOUNT.password, confirmPassword: ACCOUNT.password }),
  });
  if (res.status !== 201) throw new Error(`registering the target account answered ${res.status}: ${await res.text()}`);
}

async function benchOne(label: string, env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-abuse-'));
  let server: SobanuraProcess | null = null;
  try {
    step(`${label}: starting the server`);
    server = await startSobanura({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback', WEB_DIR: path.join(REPO_ROOT, 'dist/web'), ...env });
    const perAddress = Number(process.env.EVENTS_MAX_PER_ADDRESS ?? 4);
    const serverFiles = openFilesLimit(server.pid);
    const total = Math.min(Number(process.env.EVENTS_MAX_TOTAL ?? 2000), serverFiles === '?' || serverFiles === 'unlimited' ? Infinity : Math.floor(Number(serverFiles) / 2));
    await register(server);
    const home = await fetch(`${server.url}/`).then((r) => r.text());
    const drawn = home.includes('id="sobanura-state"');

    step(`${label}: c. / without cookies, with junk=1, with a forged session cookie`);
    await runLoad({ origin: server.url, urls: ['/'], connections: CONNECTIONS, seconds: 5, headers: { accept: 'text/html' } }); // JIT and caches warm
    // In the order A B B A (without, junk, junk, without), half of BENCH_SECONDS each, so a drift of this machine's
    // load during the measure weighs on both alike.
    const junkCookie = { cookie: 'junk=1' };
    const abba = [await pages(server.url, {}), await pages(server.url, junkCookie), await pages(server.url, junkCookie), await pages(server.url, {})];
    const plain = [abba[0]!, abba[3]!];
    const junk = [abba[1]!, abba[2]!];
    const forged = await pages(server.url, { cookie: 'better-auth.session_token=forged.token' });

    step(`${label}: b. live streams from one address, then from a new address each`);
    const one = await holdStreams(server.port, perAddress + 50, () => null);
    const healthOne = await timed(`${server.url}/api/health`);
    one.closeAll();
    const many = await holdStreams(server.port, total + 100, (i) => `172.16.${(i >> 8) & 255}.${i & 255}`);
    const healthMany = await timed(`${server.url}/api/health`);
    const pageMany = await timed(`${server.url}/`);
    many.closeAll();

    step(`${label}: a. ${SIGNIN_SECONDS} s of sign-in guesses from rotating addresses`);
    const guesses: GuessSummary = await guessPasswords(server.url, ACCOUNT.email, SIGNIN_SECONDS, SIGNIN_LOOPS);

    const rate = (s: LoadSummary) => s.requests / s.seconds;
    const statuses = (s: Record<string, number>) => Object.entries(s).map(([k, v]) => `${k}: ${fmt(v)}`).join(', ');
    const perMinute = (guesses.accepted / guesses.seconds) * 60;
    /** Pages per second over several measures together. */
    const pooled = (ls: LoadSummary[]) => ls.reduce((n, l) => n + l.requests, 0) / ls.reduce((t, l) => t + l.seconds, 0);
    const row = (name: string, ls: LoadSummary[]) =>
      `   ${name.padEnd(22)} ${fmt(pooled(ls)).padStart(7)} pages/s (${ls.map((l) => fmt(rate(l))).join(' and ')}); p50 ${ls.map((l) => fmt(l.p50, 1)).join(' / ')} ms, p99 ${ls.map((l) => fmt(l.p99, 1)).join(' / ')} ms; ${ls.map((l) => statuses(l.statuses)).join(' / ')}`;
    const lines = [
      `\n## ${label}`,
      `a. sign-in guesses against one account, ${fmt(guesses.addresses)} X-Forwarded-For addresses, ${SIGNIN_LOOPS} loops, ${fmt(guesses.seconds, 1)} s:`,
      `   accepted (password checked) ${fmt(guesses.accepted)} = ${fmt(perMinute, 1)} a minute; refused (429) ${fmt(guesses.refused)}; statuses ${statuses(guesses.statuses)}`,
      `   goal: at most the per-account limit a minute (docs/decisions/018-sign-in-and-payment-limits.md)`,
      `b. live /api/events streams held by one client:`,
      `   one address: ${fmt(one.held)} held, then ${one.refusal ?? `none refused up to ${perAddress + 50}`} (Retry-After ${one.retryAfter ?? '-'}); goal ${perAddress}; /api/health meanwhile ${healthOne}`,
      `   a new X-Forwarded-For each: ${fmt(many.held)} held, then ${many.refusal ?? `none refused up to ${total + 100}`} (Retry-After ${many.retryAfter ?? '-'}); goal ${fmt(total)} (EVENTS_MAX_TOTAL, at most half of the server's ulimit -n ${serverFiles}); meanwhile /api/health ${healthMany}, / ${pageMany}`,
      `c. / signed out, ${CONNECTIONS} connections, 2 x ${SECONDS / 2} s each, in the order without, junk, junk, without (${drawn ? 'drawn on the server' : 'NOT drawn on the server: the app shell only'}):`,
      row('without cookies', plain),
      `${row('Cookie: junk=1', junk)}  = ${fmt((pooled(junk) / pooled(plain)) * 100, 1)} % of the rate without cookies; goal >= 90 %`,
      `${row('forged session cookie', [forged])}  (a session cookie that names no session: shared too, after the signature check; for the record)`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(path.join(REPO_ROOT, 'dist/ssr/entry-server.js'))) {
    step('building the web app (npm run build:web)');
    execFileSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  console.log(`# Abuse bench\n${machineState()}`);
  // The PGlite run gets no DATABASE_URL even when one is set (an empty value counts as unset).
  await benchOne('PGlite (embedded)', { DATABASE_URL: '' });
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const fresh = await freshPostgres(pgUrl);
    try {
      await benchOne(`PostgreSQL ${fresh.version}`, { DATABASE_URL: fresh.url });
    } finally {
      await fresh.drop();
    }
  }
  console.log(`\nMachine at the end: load average ${os.loadavg().map((l) => fmt(l, 2)).join(' / ')}`);
  console.log(`Command: ${COMMAND}  (BENCH_SECONDS=${SECONDS}, BENCH_SIGNIN_SECONDS=${SIGNIN_SECONDS}${pgUrl ? '' : '; set TEST_DATABASE_URL for PostgreSQL too'})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
