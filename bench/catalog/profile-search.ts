/**
 * Times each search the catalogue bench sends (bench/catalog/run.ts searchUrls), one at a time, on a seeded embedded
 * database: the page statement alone, median of 5 runs, in ms, so the slowest kinds of query stand out.
 *
 * With `--explain`, prints PostgreSQL's EXPLAIN ANALYZE of the last execution of each query's page 1 instead
 * (the plan PGlite chose, with its timings).
 *
 * With `--db postgres`, seeds a new database on the server at TEST_DATABASE_URL (dropped at the end) instead of
 * PGlite, with the statistics the app's next start leaves (`vacuumItemsIfStale`), as run.ts measures it. `KEEP=1`
 * keeps that database and prints its URL, to explain queries by hand; `--reuse URL` profiles such a kept database
 * again without seeding (after a change to the search statement, say), and leaves it. `--walk N` sets the search's
 * walk (catalog-page.repository.ts `searchWalk`; 0 reads every match, as before the walk), to compare in one sitting.
 *
 * Run: npx tsx bench/catalog/profile-search.ts [--movies N] [--explain] [--db postgres | --reuse URL]
 */
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createCatalogPageRepository } from '../../src/server/modules/catalog/catalog-page.repository.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedCatalogue } from './seed.js';
import { vacuumItems, vacuumItemsIfStale } from '../../src/server/modules/catalog/catalog-items.repository.js';
import { freshPostgres } from './harness.js';
import { searchQueries } from './search-queries.js';

const i = process.argv.indexOf('--movies');
const MOVIES = i >= 0 ? Number(process.argv[i + 1]) : 10_000;
const r = process.argv.indexOf('--reuse');
const reuse = r >= 0 ? process.argv[r + 1]! : null;
const onPostgres = process.argv.includes('postgres');
if (onPostgres && !process.env.TEST_DATABASE_URL) throw new Error('--db postgres needs TEST_DATABASE_URL');
const fresh = reuse ? { url: reuse, drop: async () => {} } : onPostgres ? await freshPostgres(process.env.TEST_DATABASE_URL!) : null;
const db = await openDatabase(fresh ? { url: fresh.url } : { memory: true });
await migrateDatabase(db);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-profile-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIR: path.join(dataDir, 'no-web') });
const built = await buildApp({ config, db, transcoder: new FfmpegTranscoder(), workers: false, logger: false });
if (!reuse) await seedCatalogue(built.services, db.db as never, { movies: MOVIES, series: 500 });
// As the bench leaves it: the app's next start refreshes stale statistics of the display items (ADR 036).
if (fresh) await vacuumItemsIfStale(db.db);
else await vacuumItems(db.db);
const EXPLAIN = process.argv.includes('--explain');
let last: { text: string; values?: unknown[] } = { text: '' };
if (fresh) {
  // On PostgreSQL the page goes through the pool as a named statement: remember its text and values to explain.
  const pool = (db.db as unknown as { $client: { query: (q: unknown, v?: unknown) => Promise<unknown> } }).$client;
  const query = pool.query.bind(pool);
  pool.query = (q: unknown, v?: unknown) => {
    if (q && typeof q === 'object' && 'name' in q) last = q as unknown as { text: string; values?: unknown[] };
    return query(q, v);
  };
}
const w = process.argv.indexOf('--walk');
const pages = createCatalogPageRepository({
  ...db,
  executeSql: async (text: string, values?: unknown[]) => {
    if (!text.startsWith('PREPARE')) last = { text, values };
    return db.executeSql(text, values);
  },
}, w >= 0 ? { searchWalk: Number(process.argv[w + 1]) } : {});
for (const q of searchQueries()) {
  for (const page of [1, 2]) {
    const times: number[] = [];
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      await pages.page({ tab: 'movies', q, playableOnly: true }, 'relevance', 10, (page - 1) * 10);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${times[2]!.toFixed(2).padStart(8)} ms  page ${page}  ${q}`);
    if (EXPLAIN && page === 1) {
      const plan = await db.executeSql(`EXPLAIN (ANALYZE, COSTS OFF) ${last.text}`, last.values);
      console.log(plan.rows.map((r) => `      ${Object.values(r as object)[0]}`).join('\n'));
    }
  }
}
await built.close();
await db.close();
if (process.env.KEEP) console.log(`kept ${fresh?.url}`); else await fresh?.drop();
