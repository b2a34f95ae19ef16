/**
 * Opens the database: embedded PGlite (a directory, or memory) by default, PostgreSQL when a URL is given.
 * One Drizzle schema and dialect for both (docs/product/architecture.md §3 "database"). Migrations in ./migrations are applied by
 * `migrateDatabase`.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrivateNodeFS } from './private-node-fs.js';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs one SQL text with optional parameters; the shape pg-boss's `db.executeSql` option expects. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  executeSql: ExecuteSql;
  /**
   * Listens on a Postgres NOTIFY channel; returns the unlisten function. On PostgreSQL a dropped connection
   * (server restart, failover) is replaced and LISTEN issued again, retrying every 1 to 30 seconds; notifications
   * sent while it was down are lost, so `onReconnect` is called once listening again, for callers to resync.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding a PostgreSQL session-level advisory lock on `key` (several processes at start: only one
   * migrates at a time, ADR 016). PGlite admits one process, so it just runs `fn`.
   */
  withAdvisoryLock?<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as a gzipped tarball (PGlite `dumpDataDir`; the CLI's `db dump`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * @param target `{ url }` for PostgreSQL, `{ dir }` for PGlite on disk, `{ memory: true }` for PGlite in memory
 *   (with `loadDataDir`, a `dumpDataDir` tarball to start from instead of an empty cluster: no initdb runs).
 */
export async function openDatabase(target: { url: string } | { dir: string } | { memory: true; loadDataDir?: Blob }): Promise<DbHandle> {
  if ('url' in target) {
    // JIT off for the app's sessions (ADR 036): the catalogue's statements run in milliseconds, and compiling
    // them cost 100 ms each time the planner's estimate crossed jit_above_cost.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle client that the server drops (restart, failover, a test's DROP DATABASE ... WITH (FORCE)) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces it on next use.
    pool.on('error', () => {});
    // Fail fast with a clear error when the server cannot be reached.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      executeSql: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined);
        const last = Array.isArray(r) ? r[r.length - 1] : r;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
      listen: (channel, onPayload, onReconnect) => listenWithReconnect(pool, channel, onPayload, onReconnect),
      async withAdvisoryLock(key, fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // The same extensions PostgreSQL's contrib gives: trigram matching and accent folding for search.
  const extensions = { pg_trgm, unaccent };
  // On disk, its files are its owner's only (private-node-fs.ts, ADR 031).
  const client =
    'dir' in target
      ? new PGlite({ fs: new PrivateNodeFS(target.dir), extensions })
      : new PGlite({ extensions, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, values) => {
      // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts without values.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
      }
      const r = await client.query(text, values);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    // One process owns an embedded database, so its LISTEN connection cannot drop.
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

/** Applies the committed migrations (idempotent). */
/** Advisory lock key held while migrating, so web instances and workers starting at once migrate one at a time. */
export const MIGRATION_LOCK_KEY = 727_262_001;

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else {
    const run = () => migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    await (handle.withAdvisoryLock ? handle.withAdvisoryLock(MIGRATION_LOCK_KEY, run) : run());
  }
}

/**
 * LISTEN on a dedicated pooled connection that is replaced when it fails. The first connection's failure is
 * thrown to the caller (fail fast at start); later failures are retried with backoff (1 s doubling to 30 s) until
 * the returned unlisten function is called.
 */
async function listenWithReconnect(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  const sql = pg.escapeIdentifier(channel);
  let current: { client: pg.PoolClient; drop: (err?: Error) => void } | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = 1_000;

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      // Destroy rather than return to the pool a connection whose LISTEN state is unknown.
      client.release(err ?? true);
      if (current?.client === client) current = null;
      if (!stopped) schedule();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
    try {
      await client.query(`LISTEN ${sql}`);
    } catch (err) {
      drop(err as Error);
      throw err;
    }
    if (stopped) {
      drop();
      return;
    }
    current = { client, drop };
    delayMs = 1_000;
  };
  const schedule = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => !stopped && onReconnect?.(),
        () => {
          delayMs = Math.min(delayMs * 2, 30_000);
          schedule();
        },
      );
    }, delayMs);
    retry.unref();
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const held = current;
    current = null;
    if (held) {
      await held.client.query(`UNLISTEN ${sql}`).catch(() => {});
      held.drop();
    }
  };
}
