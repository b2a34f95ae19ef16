/**
 * Integration-test harness: a whole app on a real database — PGlite in memory always, and PostgreSQL (a fresh
 * database made on TEST_DATABASE_URL's server and dropped afterwards) when TEST_DATABASE_URL is set — with the
 * real ffmpeg transcoder (its ladders kept for the run and copied for a source seen before, ./transcode-cache.ts)
 * and job workers, driven through `app.inject` (docs/product/architecture.md §4.10).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import type { Role } from '../../shared/contracts/accounts.js';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateDatabase, MIGRATIONS_DIR, openDatabase, type DbHandle } from '../db/client.js';
import type { BrowseOptions } from '../modules/catalog/browse-module.js';
import type { FfmpegTranscoderOptions } from '../providers/transcoder/ffmpeg-transcoder.js';
import type { Transcoder } from '../providers/transcoder/transcoder.js';
import { CachedTranscoder } from './transcode-cache.js';

export type DbKind = 'pglite' | 'postgres';

/** The database kinds this run tests: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** `describe` once per database kind. */
export function describeEachDb(name: string, fn: (kind: DbKind) => void): void {
  for (const kind of DB_KINDS) describe(`${name} [${kind}]`, () => fn(kind));
}

export const FIXTURES = path.resolve(process.cwd(), '../shared/fixtures/videos');

export interface TestApp extends BuiltApp {
  config: Config;
  db: DbHandle;
  /** Stops the app, closes and drops the database, removes the data folder. */
  stop(): Promise<void>;
}

/** Runs `fn` with a client connected to TEST_DATABASE_URL (the server's admin database), then disconnects. */
async function withAdminClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A hash of the migration files (names and contents): the migrated template's name changes when they do. */
function migrationsHash(): string {
  const h = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (statSync(file).isFile()) h.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The name of a migrated, empty database on TEST_DATABASE_URL's server, made once for every test process and run
 * that has the same migrations (its name carries their hash), so each PostgreSQL database an app test opens is a copy
 * of it (`create database … template`, PostgreSQL's own cloning) instead of a run of every migration (ADR 040), as
 * PGlite's template does. It is made under a server-wide advisory lock, under a temporary name renamed only when
 * migrated, so a process killed half-way never leaves a half-migrated template; older templates are dropped when a
 * new one is made. A test of migrating itself opens a database without it.
 */
let migratedPostgres: Promise<string> | null = null;
export function migratedPostgresTemplate(): Promise<string> {
  migratedPostgres ??= (async () => {
    const name = `sobanura_template_${migrationsHash()}`;
    const exists = (c: pg.Client) => c.query('select 1 from pg_database where datname = $1', [name]).then((r) => r.rowCount === 1);
    if (await withAdminClient(exists)) return name;
    await withAdminClient(async (c) => {
      await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        if (await exists(c)) return;
        const building = `sobanura_building_${randomBytes(6).toString('hex')}`;
        await c.query(`create database ${building}`);
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${building}`;
        const db = await openDatabase({ url: url.toString() });
        try {
          await migrateDatabase(db);
        } finally {
          await db.close();
        }
        await c.query(`alter database ${building} rename to ${name}`);
        const stale = await c.query<{ datname: string }>(`select datname from pg_database where (datname like 'sobanura\\_template\\_%' or datname like 'sobanura\\_building\\_%') and datname <> $1`, [name]);
        // A template another run is copying right now cannot be dropped; it goes the next time.
        for (const { datname } of stale.rows) await c.query(`drop database if exists ${datname}`).catch(() => {});
      } finally {
        await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
    return name;
  })();
  migratedPostgres.catch(() => (migratedPostgres = null));
  return migratedPostgres;
}
/** The advisory lock key under which the migrated template is made (any fixed bigint; this one is "SOBATMPL" in ASCII). */
const TEMPLATE_LOCK_KEY = '6003089676662820940';

/**
 * Creates a fresh database on TEST_DATABASE_URL's server (empty, or a copy of `template`); returns its URL and `drop`
 * (drops it, ending its sessions).
 */
export async function createPostgresDatabase(opts: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `sobanura_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`));
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/**
 * A migrated, empty PGlite cluster as a `dumpDataDir` tarball, made once per test process: each in-memory database a
 * test opens starts from it, so initdb and the migrations run once per Vitest worker, not once per app (ADR 040).
 * The same migrations run either way; a test of migrating itself opens its own database without this.
 */
let migratedPglite: Promise<Blob> | null = null;
export function migratedPgliteTemplate(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const db = await openDatabase({ memory: true });
    await migrateDatabase(db);
    const blob = await db.dumpDataDir!();
    await db.close();
    return blob;
  })();
  return migratedPglite;
}

/** The run's transcode cache folder (./global-setup.ts), or null outside a Vitest run that made one. */
function transcodeCacheDir(): string | null {
  try {
    return inject('transcodeCache') ?? null;
  } catch {
    return null;
  }
}

/**
 * The tests' ffmpeg transcoder (x264's ultrafast preset unless `options` says otherwise) through the run's transcode
 * cache (./transcode-cache.ts): for a test that wraps the transcoder (to hold, slow or fail it) around the real one.
 */
export function testTranscoder(options: FfmpegTranscoderOptions = {}): CachedTranscoder {
  return new CachedTranscoder({ preset: 'ultrafast', ...options }, transcodeCacheDir());
}

/**
 * Starts an app. `env` overrides configuration variables (e.g. SANDBOX_APPROVAL_SECONDS). `transcoder` defaults to
 * ffmpeg with x264's ultrafast preset through the run's transcode cache (./transcode-cache.ts).
 * `dataDir` reuses a folder (to simulate a restart on the same data).
 */
export async function startTestApp(
  kind: DbKind,
  opts: { env?: Record<string, string>; workers?: boolean; transcoder?: Transcoder; reuse?: { dataDir: string; dbUrl?: string; pglite?: DbHandle }; browse?: BrowseOptions } = {},
): Promise<TestApp> {
  const dataDir = opts.reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sobanura-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SANDBOX_APPROVAL_SECONDS: '0', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000', PAYMENT_LIMITS_PER_ACCOUNT: '1000/60', PAYMENT_LIMITS_PER_NUMBER: '1000/60', WEB_DIR: path.join(dataDir, 'no-web'), ...opts.env });
  let drop = async () => {};
  let db: DbHandle;
  if (kind === 'postgres') {
    let url = opts.reuse?.dbUrl;
    if (!url) {
      const created = await createPostgresDatabase({ template: await migratedPostgresTemplate() });
      url = created.url;
      drop = created.drop;
    }
    db = await openDatabase({ url });
    (config as { databaseUrl: string | null }).databaseUrl = url;
  } else {
    db = opts.reuse?.pglite ?? (await openDatabase({ memory: true, loadDataDir: await migratedPgliteTemplate() }));
  }
  await migrateDatabase(db);
  const transcoder = opts.transcoder ?? testTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const built = await buildApp({ config, db, transcoder, workers: opts.workers, logger: false, browse: opts.browse });
  return {
    ...built,
    config,
    db,
    async stop() {
      await built.close();
      if (!opts.reuse?.pglite) await db.close();
      await drop();
      if (!opts.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user (through the API), gives them a role, signs them in; returns their cookie and id. */
export async function signUp(t: BuiltApp, role: Role = 'user', email = `u${randomBytes(5).toString('hex')}@example.com`): Promise<{ cookie: string; id: string; email: string }> {
  const password = 'secret-pass';
  const reg = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { fullName: 'Test Person', email, password, confirmPassword: password } });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const id = reg.json().user.id as string;
  if (role !== 'user') await t.services.accountsRepo.assignRole(id, role, null);
  const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = ([login.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
  return { cookie, id, email };
}

/** Uploads a file over tus through `app.inject` (create, then one PATCH); returns the final response. */
export async function tusUpload(t: BuiltApp, cookie: string, movieId: string, body: Buffer, filename: string, filetype = 'video/mp4') {
  const meta = [`filename ${Buffer.from(filename).toString('base64')}`, `filetype ${Buffer.from(filetype).toString('base64')}`, `movieId ${Buffer.from(movieId).toString('base64')}`].join(',');
  const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': meta } });
  if (create.statusCode !== 201) return { create, patch: null };
  const location = String(create.headers.location);
  const patch = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
  return { create, patch, location };
}

/** Polls until `check` returns a value or `seconds` pass. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, seconds = 180): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
}
