/**
 * What drawing pages on the server costs the server (docs/decisions/014-server-rendering.md). Seeds the bench
 * catalogue of bench/catalog (10,000 movies, 500 series; BENCH_MOVIES / BENCH_SERIES to resize) through the
 * product's services, starts the real app on a port with the built web app (dist/web and dist/ssr: run
 * `npm run build:web` first, or pass --build), and loads each page for BENCH_SECONDS (default 5) with 10
 * keep-alive connections from a separate process: the bare app shell (a page the browser draws, /player/{id}) as
 * the baseline, then / and /login signed out, /movies (pages 1-20) and /watch/{id} (2,000 different films)
 * signed in, and /watch/{id} signed out: one film (a link passed around a WhatsApp group) and 2,000 films.
 * Signed-out pages are shared for PAGE_CACHE_SECONDS (default 5; ADR 015): run with PAGE_CACHE_SECONDS=0 to
 * see them drawn per request. Prints requests per second, latency percentiles, the compressed size of a page,
 * the server process's resident memory after each load, and its CPU time per page (all its threads: rendering,
 * the database client, compression), which depends less than req/s on what else the machine runs. PGlite, and
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set. A load that met non-2xx answers prints their statuses.
 *
 * Run: npx tsx bench/pages/run.ts [--build] [--only=<text>] [--db=pglite|postgres] [--profile=<dir>]
 *
 * `--only=<text>` loads only the pages whose name contains the text (e.g. `--only=/movies`; the shell baseline is
 * skipped unless it matches). `--db=` runs one database only. `--profile=<dir>` records a V8 CPU profile of the
 * server process (node:inspector) for each page's load alone, seeding and warm-up excluded, as
 * `<dir>/<database>-<page>.cpuprofile`; the load generator runs in its own process and is not in it.
 * `npx tsx bench/pages/profile-summary.ts <file>` sums it by function and by package.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateDatabase, openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';
import { signUp } from '../../src/server/test/harness.js';
import { freshPostgres, runLoad } from '../catalog/harness.js';
import type { LoadSummary } from '../catalog/load-worker.js';
import { seedCatalogue } from '../catalog/seed.js';

const COMMAND = 'npx tsx bench/pages/run.ts';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MOVIES = Number(process.env.BENCH_MOVIES ?? 10_000);
const SERIES = Number(process.env.BENCH_SERIES ?? 500);
const CONNECTIONS = 10;
const WEB_DIR = path.resolve('dist/web');
const PAGE_CACHE_SECONDS = process.env.PAGE_CACHE_SECONDS ?? '5';
const { values: ARGS } = parseArgs({ options: { build: { type: 'boolean' }, only: { type: 'string' }, db: { type: 'string' }, profile: { type: 'string' } } });
const ONLY = ARGS.only;
const PROFILE_DIR = ARGS.profile;
const DB = ARGS.db;
if (DB && DB !== 'pglite' && DB !== 'postgres') throw new Error(`--db is pglite or postgres, not ${DB}`);

/** Runs `work` with V8's CPU profiler on (this process: the server) and writes the profile to `file`. */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    console.error(`  profile: ${file}`);
    return result;
  } finally {
    session.disconnect();
  }
}

function load(origin: string, urls: string[], headers: Record<string, string>, seconds = SECONDS): Promise<LoadSummary> {
  return runLoad({ origin, urls, connections: CONNECTIONS, seconds, headers: { accept: 'text/html', ...headers } });
}

type Row = { name: string; rssMb: number; cpuMs: number } & LoadSummary;

async function bench(kind: 'pglite' | 'postgres', serverUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-bench-'));
  let drop = async () => {};
  let label = 'PGlite (embedded, in memory)';
  let db: DbHandle;
  if (kind === 'postgres') {
    const fresh = await freshPostgres(serverUrl!);
    drop = fresh.drop;
    label = `PostgreSQL ${fresh.version}`;
    db = await openDatabase({ url: fresh.url });
  } else db = await openDatabase({ memory: true });
  let built: BuiltApp | null = null;
  try {
    await migrateDatabase(db);
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIR, DEMO_CATALOG: 'false', PAGE_CACHE_SECONDS });
    built = await buildApp({ config, db, transcoder: new FfmpegTranscoder(), workers: false, logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
    console.error(`[${kind}] seeding ${MOVIES} movies and ${SERIES} series…`);
    const seed = await seedCatalogue(built.services, db.db, { movies: MOVIES, series: SERIES });
    const viewer = await signUp(built);
    const signedIn = { cookie: viewer.cookie };
    const films = seed.movieIds.slice(0, 2000);
    // Every kind of page once, so the loads start with compiled code paths.
    await load(origin, ['/', '/login', `/player/${films[0]}`], {}, 1);
    await load(origin, ['/movies', `/watch/${films[0]}`], signedIn, 1);

    const rows: Row[] = [];
    const run = async (name: string, urls: string[], headers: Record<string, string>) => {
      if (ONLY && !name.includes(ONLY)) return;
      const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
      const cpu = process.cpuUsage();
      const s = PROFILE_DIR ? await profiled(path.resolve(PROFILE_DIR, `${kind}-${slug}.cpuprofile`), () => load(origin, urls, headers)) : await load(origin, urls, headers);
      const used = process.cpuUsage(cpu);
      rows.push({ name, ...s, rssMb: process.memoryUsage().rss / 2 ** 20, cpuMs: (used.user + used.system) / 1000 / Math.max(1, s.requests) });
      console.error(`  ${name}: ${(s.requests / s.seconds).toFixed(0)} req/s, p95 ${s.p95} ms${s.errors ? `; statuses ${JSON.stringify(s.statuses)}` : ''}`);
    };
    await run('app shell, not drawn (/player/{id})', films.map((id) => `/player/${id}`), signedIn);
    await run('/ signed out', ['/'], {});
    await run('/login', ['/login'], {});
    await run('/movies pages 1-20, signed in', Array.from({ length: 20 }, (_, i) => `/movies?page=${i + 1}`), signedIn);
    await run('/watch/{id}, 2,000 films, signed in', films.map((id) => `/watch/${id}`), signedIn);
    await run('/watch/{id}, one film, signed out', [`/watch/${films[1]}`], {});
    await run('/watch/{id}, 2,000 films, signed out', films.map((id) => `/watch/${id}`), {});

    console.log(`\n=== ${label}: ${MOVIES} movies, ${SERIES} series; ${CONNECTIONS} connections, ${SECONDS} s per page; PAGE_CACHE_SECONDS=${PAGE_CACHE_SECONDS} ===`);
    console.log(`${'page'.padEnd(38)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'kB/page'.padStart(8)} ${'RSS MB'.padStart(7)} ${'CPU ms'.padStart(7)}`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(38)} ${(r.requests / r.seconds).toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)} ${(r.bytes / Math.max(1, r.requests) / 1024).toFixed(1).padStart(8)} ${r.rssMb.toFixed(0).padStart(7)} ${r.cpuMs.toFixed(1).padStart(7)}`,
      );
    }
  } finally {
    await built?.close();
    await db.close().catch(() => {});
    await drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (ARGS.build) execFileSync('npm', ['run', '--silent', 'build:web'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(path.resolve('dist/ssr/entry-server.js'))) throw new Error('dist/ssr/entry-server.js is missing: run `npm run build:web` first (or pass --build)');
  const cpus = os.cpus();
  console.log(`Pages drawn on the server — ${COMMAND}`);
  console.log(`machine: ${cpus[0]?.model ?? 'unknown'} x ${cpus.length} cores, Node ${process.version}; load from a separate process on the same machine (Accept-Encoding: br, gzip)`);
  const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (DB !== 'postgres') await bench('pglite');
  if (pgUrl && DB !== 'pglite') await bench('postgres', pgUrl);
  else if (!pgUrl) console.log('\n(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
