/**
 * Statements benchmark (docs/decisions/051-statements.md): the time to compute one month's statements for VIEWERS
 * viewers and TITLES titles.
 *
 * 1. In memory: `computeStatements` (src/server/modules/statements/statement-arithmetic.ts) on a generated month
 *    (seeded, so every run computes the same month): 100,000 viewers, each watching 1..12 titles picked with a Zipf-like
 *    popularity among 10,000 titles; 90 % of viewers paid a pass (RWF 70 %, UGX 15 %, USD 15 %; a fee of 1.5 % on a
 *    third), 10 % watch on a grant (minutes, no money), 5 % bought a single title; each title has 1..3 holders among
 *    3,000 translators. Prints the median, best and worst of RUNS runs, and checks that each currency balances.
 * 2. On PostgreSQL, when TEST_DATABASE_URL is set (a fresh database, migrated, dropped afterwards): the same sizes
 *    written with generate_series (users, translators, movies whose rights default to their translator, pass and
 *    title payments, MINUTES_PER_PAIR ledger rows per viewer and title), then the statements service's preview of the
 *    month end to end (payments, the ledger summed per viewer and title, holders, the arithmetic, names), and the
 *    close (writing the frozen rows). Prints each time.
 *
 * Run: npx tsx bench/statements/run.ts [runs]
 *      TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/statements/run.ts [runs]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase, migrateDatabase } from '../../src/server/db/client.js';
import { computeStatements, type HolderShare, type RevenueLine, type StatementInput, type ViewingLine } from '../../src/server/modules/statements/statement-arithmetic.js';
import { createStatementsRepository } from '../../src/server/modules/statements/statements.repository.js';
import { createStatementsService } from '../../src/server/modules/statements/statements.service.js';
import { freshPostgres } from '../catalog/harness.js';
import { prng } from '../catalog/seed.js';

const RUNS = Number(process.argv[2] ?? 5);
const VIEWERS = 100_000;
const TITLES = 10_000;
const TRANSLATORS = 3_000;
const MINUTES_PER_PAIR = 3;
const COMMAND = `${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL=postgres://… ' : ''}npx tsx bench/statements/run.ts ${RUNS}`;
const say = (s: string) => console.log(s);

function generate(): StatementInput {
  const r = prng(20261129);
  const title = (i: number) => `t${String(i).padStart(5, '0')}`;
  // Zipf-like: title index ⌊TITLES × u³⌋ makes low indices popular.
  const pick = () => Math.min(TITLES - 1, Math.floor(TITLES * r() ** 3));
  const viewing: ViewingLine[] = [];
  const lines: RevenueLine[] = [];
  for (let v = 0; v < VIEWERS; v++) {
    const viewerId = `v${v}`;
    const n = 1 + Math.floor(r() * 12);
    for (let k = 0; k < n; k++) viewing.push({ viewerId, titleId: title(pick()), seconds: 60 + Math.floor(r() * 7200) });
    const u = r();
    if (u < 0.9) {
      const c = r();
      const [currency, amount] = c < 0.7 ? ['RWF', 7000] : c < 0.85 ? ['UGX', 18_000] : ['USD', 499];
      lines.push({ paymentId: `p${v}`, currency: currency as string, amount: amount as number, fee: r() < 0.33 ? Math.floor((amount as number) * 0.015) : 0, kind: 'pass', payerId: viewerId });
    }
    if (r() < 0.05) lines.push({ paymentId: `q${v}`, currency: 'RWF', amount: 1000, fee: 0, kind: 'title', payerId: viewerId, titleId: title(pick()) });
  }
  const shares: HolderShare[] = [];
  for (let i = 0; i < TITLES; i++) {
    const n = 1 + Math.floor(r() * 3);
    const bps = n === 1 ? [10_000] : n === 2 ? [6000, 4000] : [5000, 3000, 2000];
    const first = Math.floor(r() * TRANSLATORS);
    for (let k = 0; k < n; k++) shares.push({ titleId: title(i), holderId: `translator:${(first + k) % TRANSLATORS}`, shareBps: bps[k]! });
  }
  return { lines, viewing, shares, platformShareBps: 3000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

function inMemory() {
  const t0 = performance.now();
  const input = generate();
  say(`generated in ${ms(performance.now() - t0)}: ${VIEWERS} viewers, ${TITLES} titles, ${input.viewing.length} (viewer, title) pairs, ${input.lines.length} payments, ${input.shares.length} holder shares`);
  const times: number[] = [];
  let result = computeStatements(input);
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    result = computeStatements(input);
    times.push(performance.now() - s);
  }
  for (const t of result.currencies) {
    const held = result.statements.filter((s) => s.currency === t.currency).reduce((a, s) => a + s.amount, 0);
    const ok = held + t.platformShare + t.fees + t.retainedNoMinutes + t.retainedNoHolders === t.revenue;
    say(`  ${t.currency}: revenue ${t.revenue}, holders ${held}, platform ${t.platformShare}, fees ${t.fees}, kept ${t.retainedNoMinutes + t.retainedNoHolders}: ${ok ? 'balances' : 'DOES NOT BALANCE'}`);
    if (!ok) process.exitCode = 1;
  }
  say(`computeStatements, in memory: median ${ms(median(times))}, best ${ms(Math.min(...times))}, worst ${ms(Math.max(...times))} over ${RUNS} runs; ${result.statements.length} statements`);
}

async function onPostgres(serverUrl: string) {
  const fresh = await freshPostgres(serverUrl);
  const db = await openDatabase({ url: fresh.url });
  try {
    await migrateDatabase(db);
    const sql = (q: string) => db.executeSql(q, []);
    const t0 = performance.now();
    await sql(`insert into "user" (id, name, email) select 'u' || g, 'Viewer ' || g, 'v' || g || '@bench.example' from generate_series(0, ${VIEWERS - 1}) g`);
    await sql(`insert into translators (name, slug) select 'Translator ' || g, 'bench-t-' || g from generate_series(0, ${TRANSLATORS - 1}) g`);
    await sql(`insert into movies (title, category, translator_id)
      select 'Film ' || g, 'drama', (select id from translators where slug = 'bench-t-' || (g % ${TRANSLATORS})) from generate_series(0, ${TITLES - 1}) g`);
    await sql(`create temporary table bench_titles as select row_number() over (order by id) - 1 as n, id from movies`);
    await sql(`insert into payments (user_id, kind, plan, amount, currency, provider, provider_reference, status, expires_at, settled_at)
      select 'u' || g, 'pass', 'monthly', case when g % 10 < 7 then 7000 when g % 10 < 9 then 18000 else 499 end,
             case when g % 10 < 7 then 'RWF' when g % 10 < 9 then 'UGX' else 'USD' end, 'sandbox', gen_random_uuid(), 'successful',
             timestamptz '2026-10-01' + (g % 30) * interval '1 day', timestamptz '2026-10-01' + (g % 30) * interval '1 day'
      from generate_series(0, ${VIEWERS - 1}) g where g % 10 <> 9`);
    await sql(`insert into payments (user_id, kind, movie_id, amount, currency, provider, provider_reference, status, expires_at, settled_at)
      select 'u' || g, 'title', (select id from bench_titles where n = (g * 7919) % ${TITLES}), 1000, 'RWF', 'sandbox', gen_random_uuid(), 'successful', timestamptz '2026-10-15', timestamptz '2026-10-15'
      from generate_series(0, ${VIEWERS - 1}, 20) g`);
    await sql(`insert into viewing_minutes (user_id, item_id, kind, title_id, minute, seconds_mask, seconds)
      select 'u' || v, t.id, 'movie', t.id, timestamptz '2026-10-01' + ((v * 13 + k * 131 + m) % 40000) * interval '1 minute', (1::bigint << 60) - 1, 60
      from generate_series(0, ${VIEWERS - 1}) v, generate_series(0, 4) k, generate_series(0, ${MINUTES_PER_PAIR - 1}) m,
           lateral (select id from bench_titles where n = floor(${TITLES} * power(((v * 2654435761 + k * 40503) % 1000000) / 1000000.0, 3))::int) t
      on conflict do nothing`);
    await sql('analyze');
    const rows = (await sql('select (select count(*) from viewing_minutes) as ledger, (select count(*) from payments) as payments, (select count(*) from title_rights_holders) as holders')).rows[0]!;
    say(`PostgreSQL ${fresh.version}: wrote ${rows.ledger} ledger rows, ${rows.payments} payments, ${rows.holders} holder lines in ${ms(performance.now() - t0)}`);
    const service = createStatementsService({ repo: createStatementsRepository(db.db), config: { platformShareBps: 3000, feeBps: {} }, now: () => new Date('2026-12-01T00:00:00Z') });
    const times: number[] = [];
    let holders = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      holders = (await service.statements('2026-10')).holders.length;
      times.push(performance.now() - s);
    }
    say(`preview of 2026-10 on PostgreSQL (read, compute, names): median ${ms(median(times))}, best ${ms(Math.min(...times))}, worst ${ms(Math.max(...times))} over ${RUNS} runs; ${holders} holders`);
    await sql(`insert into "user" (id, name, email) values ('bench-admin', 'Bench admin', 'admin@bench.example')`);
    const s = performance.now();
    await service.close('2026-10', 'bench-admin');
    const stored = (await sql(`select (select count(*) from statements) as statements, (select count(*) from statement_lines) as lines`)).rows[0]!;
    say(`close of 2026-10 on PostgreSQL (compute and store ${stored.statements} statements, ${stored.lines} lines): ${ms(performance.now() - s)}`);
  } finally {
    await db.close();
    await fresh.drop();
  }
}

say(`machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
inMemory();
if (process.env.TEST_DATABASE_URL) await onPostgres(process.env.TEST_DATABASE_URL);
else say('PostgreSQL part skipped: set TEST_DATABASE_URL to run it');
say(`command: ${COMMAND}`);
