/**
 * Catalogue load benchmark (issue 3: "the server answers a 10,000-title catalogue fast"; goal p95 < 50 ms for
 * list and search at 50 concurrent connections). Seeds 10,000 movies (about 30 % in 2-4 part automatic groups,
 * 200 custom groups) and 500 series of 20 episodes through the product's services, starts the real app on a
 * port, and loads each endpoint for BENCH_SECONDS (default 5) with 50 keep-alive connections from a worker
 * process: the list in each sort, without and with a category (pages 1-20 and some deep pages), search (typed
 * words, typos, accents, partial words, translator names), movie detail (2,000 different movies), series detail,
 * home, next to GET /api/health on the same server as the upper bound. Twice: with the catalogue read cache
 * (production) and without it (every request reaches the database). For PGlite, and for PostgreSQL when
 * DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is made on that server and dropped afterwards).
 *
 * It also times, in the same run and on the same database, a hand-written anchor query (the newest page 1 of the
 * movie list off its partial index, with its cards' movies and videos, and its count) beside what the app runs for an
 * uncached page 1 (the page statement and the count), and prints our ratio to it (docs/decisions/036-catalogue-at-100k-titles.md).
 *
 * Run: npx tsx bench/catalog/run.ts [--movies N] [--series N] [--json] [--db pglite|postgres] [--uncached-only]
 *   [--reuse URL (a kept PostgreSQL database, not seeded again; with --db postgres)] [--only CASE-TEXT]
 *   (BENCH_SECONDS=10 for longer loads; BENCH_MOVIES / BENCH_SERIES also resize). With --json, stdout carries one
 *   JSON line per case: {"db","cache","case","rps","p50_ms","p95_ms"}, and one for the anchor:
 *   {"db","case":"anchor","anchor_ms","ours_ms","ratio"}; the tables then go to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateDatabase, openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { createCatalogPageRepository } from '../../src/server/modules/catalog/catalog-page.repository.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';
import { freshPostgres, runLoad } from './harness.js';
import type { LoadSummary } from './load-worker.js';
import { searchQueries } from './search-queries.js';
import { CATEGORIES, prng, seedCatalogue, type SeedResult } from './seed.js';

const COMMAND = 'npx tsx bench/catalog/run.ts';
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MOVIES = Number(option('--movies') ?? process.env.BENCH_MOVIES ?? 10_000);
const SERIES = Number(option('--series') ?? process.env.BENCH_SERIES ?? 500);
const JSON_LINES = flag('--json');
const ONLY_DB = option('--db');
const UNCACHED_ONLY = flag('--uncached-only');
/** A database an earlier run kept (profile-search.ts KEEP=1), measured again without seeding; left in place. */
const REUSE = option('--reuse');
/** Only the cases whose name contains this text (and the health upper bound). */
const ONLY = option('--only');
/** The human-readable report: stdout, or stderr when stdout carries JSON lines. */
const say = (s: string) => (JSON_LINES ? console.error(s) : console.log(s));
const CONNECTIONS = 50;
const PAGES = [...Array.from({ length: 20 }, (_, i) => i + 1), 50, 100, 200, 400, 800];

function shuffle<T>(xs: T[], seed: number): T[] {
  const r = prng(seed);
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Each search of searchQueries(), page 1 and page 2, shuffled. */
function searchUrls(): string[] {
  return shuffle(
    searchQueries().flatMap((q) => [`/api/catalog?q=${encodeURIComponent(q)}`, `/api/catalog?q=${encodeURIComponent(q)}&page=2`]),
    8,
  );
}

function listUrls(sort: string, withCategory: boolean): string[] {
  const urls = withCategory
    ? CATEGORIES.flatMap((c) => PAGES.slice(0, 10).map((p) => `/api/catalog?sort=${sort}&category=${c}&page=${p}`))
    : PAGES.map((p) => `/api/catalog?sort=${sort}&page=${p}`);
  return shuffle(urls, sort.length + (withCategory ? 100 : 0));
}

function load(origin: string, urls: string[], seconds = SECONDS): Promise<LoadSummary> {
  return runLoad({ origin, urls, connections: CONNECTIONS, seconds });
}

async function start(db: DbHandle, dataDir: string, cacheTtlMs?: number): Promise<{ built: BuiltApp; origin: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIR: path.join(dataDir, 'no-web') });
  const built = await buildApp({ config, db, transcoder: new FfmpegTranscoder(), workers: false, logger: false, browse: { catalogCacheTtlMs: cacheTtlMs } });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { built, origin: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
}

type Row = { name: string } & LoadSummary;

function printRows(title: string, rows: Row[], db: string, cache: boolean) {
  if (JSON_LINES) {
    for (const r of rows) console.log(JSON.stringify({ db, cache, case: r.name, rps: Math.round(r.requests / r.seconds), p50_ms: r.p50, p95_ms: r.p95 }));
  }
  say(`\n${title}`);
  say(`${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)} ${'kB/resp'.padStart(8)}`);
  for (const r of rows) {
    const rps = r.requests / r.seconds;
    say(
      `${r.name.padEnd(34)} ${rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)} ${(r.bytes / Math.max(1, r.requests) / 1024).toFixed(1).padStart(8)}`,
    );
  }
}

async function phases(origin: string, seed: SeedResult, full: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  const run = async (name: string, urls: string[]) => {
    if (ONLY && !name.includes(ONLY) && !name.startsWith('GET /api/health')) return;
    const s = await load(origin, urls);
    rows.push({ name, ...s });
    process.stderr.write(`  ${name}: ${(s.requests / s.seconds).toFixed(0)} req/s, p95 ${s.p95} ms\n`);
  };
  await run('GET /api/health (upper bound)', ['/api/health']);
  for (const withCategory of [false, true]) {
    for (const sort of ['newest', 'oldest', 'rating', 'az']) await run(`list ${sort}${withCategory ? ' +category' : ''}`, listUrls(sort, withCategory));
  }
  await run('search (ranked)', searchUrls());
  await run('movie detail (2,000 movies)', shuffle(seed.movieIds, 3).slice(0, 2000).map((id) => `/api/movies/${id}`));
  if (full) {
    await run('series detail', seed.seriesIds.map((id) => `/api/series/${id}`));
    await run('home', ['/api/home']);
  }
  return rows;
}

const ANCHOR_RUNS = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The anchor: page 1 of the newest movies written by hand the way an index answers it best (the partial index of
 * playable items, then the page's movies and videos), and its count; beside the app's page repository doing the
 * same uncached (its page statement and its count). Medians of ANCHOR_RUNS runs each, interleaved, in ms.
 */
async function timeAnchor(db: DbHandle): Promise<{ anchorMs: number; oursMs: number; ratio: number }> {
  const pages = createCatalogPageRepository(db);
  const anchorSql = `select p.key, p.title, m.id, m.title as m_title, v.status
    from (select key, title, created_at from catalog_items where tab = 'movies' and playable order by created_at desc, key desc limit 10) p
    left join movies m on m.display_key = p.key left join video_assets v on v.id = m.video_id
    order by p.created_at desc, p.key desc`;
  const countSql = `select count(*)::int as n from catalog_items where tab = 'movies' and playable`;
  const filter = { tab: 'movies' as const, playableOnly: true };
  const anchor: number[] = [];
  const ours: number[] = [];
  for (let i = 0; i < ANCHOR_RUNS + 10; i++) {
    let t = performance.now();
    await db.executeSql(anchorSql);
    await db.executeSql(countSql);
    if (i >= 10) anchor.push(performance.now() - t);
    t = performance.now();
    await pages.page(filter, 'newest', 10, 0);
    await pages.count(filter);
    if (i >= 10) ours.push(performance.now() - t);
  }
  const anchorMs = median(anchor);
  const oursMs = median(ours);
  return { anchorMs, oursMs, ratio: oursMs / anchorMs };
}

/** What a kept database was seeded with, read back (`--reuse`). */
async function seedOf(db: DbHandle): Promise<SeedResult> {
  const ids = async (text: string) => (await db.executeSql(text)).rows.map((r) => String((r as { id: unknown }).id));
  return {
    movieIds: await ids('select id::text as id from movies order by created_at'),
    seriesIds: await ids('select id::text as id from series order by created_at'),
    translatorSlugs: await ids('select slug as id from translators order by slug'),
  };
}

async function bench(kind: 'pglite' | 'postgres', serverUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-bench-'));
  let drop = async () => {};
  let label: string = kind;
  let db: DbHandle;
  if (kind === 'postgres') {
    const fresh = REUSE ? { url: REUSE, drop: async () => {}, version: 'as kept' } : await freshPostgres(serverUrl!);
    drop = fresh.drop;
    label = `PostgreSQL ${fresh.version} (pool of 10 connections)`;
    db = await openDatabase({ url: fresh.url });
  } else {
    label = 'PGlite (embedded, in memory)';
    db = await openDatabase({ memory: true });
  }
  try {
    await migrateDatabase(db);
    let { built, origin } = await start(db, dataDir);
    const t0 = performance.now();
    console.error(`[${kind}] seeding ${MOVIES} movies and ${SERIES} series…`);
    const seed = REUSE ? await seedOf(db) : await seedCatalogue(built.services, db.db, { movies: MOVIES, series: SERIES }, (s) => console.error(s));
    const seedSeconds = (performance.now() - t0) / 1000;
    const items = (await (await fetch(`${origin}/api/catalog`)).json()) as { total: number };
    console.error(`[${kind}] seeded in ${seedSeconds.toFixed(1)} s; the movie list has ${items.total} items`);
    // One pass over every URL kind first, so both runs start with compiled code paths.
    await load(origin, ['/api/health', '/api/catalog', '/api/catalog?q=inzovu', `/api/movies/${seed.movieIds[0]}`], 1);
    console.error(`[${kind}] with the read cache:`);
    const cached = UNCACHED_ONLY ? [] : await phases(origin, seed, true);
    await built.close();
    ({ built, origin } = await start(db, dataDir, 0));
    console.error(`[${kind}] without the read cache:`);
    const uncached = await phases(origin, seed, false);
    await built.close();
    const anchor = await timeAnchor(db);
    say(`\n=== ${label}: ${MOVIES} movies (${items.total} list items), ${SERIES} series x 20 episodes; seeded in ${seedSeconds.toFixed(1)} s ===`);
    if (!UNCACHED_ONLY) printRows(`With the catalogue read cache (production setting; cleared by every catalogue change):`, cached, kind, true);
    printRows(`Without the read cache (every request reaches the database):`, uncached, kind, false);
    say(`\nAnchor (median of ${ANCHOR_RUNS}, one at a time): hand-written page 1 with its count ${anchor.anchorMs.toFixed(3)} ms; the app's uncached page 1 (page statement + count) ${anchor.oursMs.toFixed(3)} ms; ratio ${anchor.ratio.toFixed(2)}`);
    if (JSON_LINES) console.log(JSON.stringify({ db: kind, case: 'anchor', anchor_ms: anchor.anchorMs, ours_ms: anchor.oursMs, ratio: anchor.ratio }));
  } finally {
    await db.close().catch((err) => console.error("db close failed", err));
    await drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const cpus = os.cpus();
  say(`Catalogue load benchmark — ${COMMAND} ${argv.join(' ')}`);
  say(`machine: ${cpus[0]?.model ?? 'unknown'} x ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`);
  say(`load: ${CONNECTIONS} keep-alive connections for ${SECONDS} s per endpoint, from a separate load-generator process on the same machine (Accept-Encoding: br, gzip)`);
  const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (ONLY_DB !== 'postgres') await bench('pglite');
  if (ONLY_DB === 'pglite') return;
  if (pgUrl) await bench('postgres', pgUrl);
  else say('\n(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to a server to include it.)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
