/**
 * Opens the database: embedded PGlite (a directory, or memory) by default, PostgreSQL when a URL is given.
 * One Drizzle schema and dialect for both (DESIGN.md "database"). Migrations in ./migrations are applied by
 * `migrateDatabase`.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  /** Listens on a Postgres NOTIFY channel; returns the unlisten function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * @param target `{ url }` for PostgreSQL, `{ dir }` for PGlite on disk, `{ memory: true }` for PGlite in memory.
 */
export async function openDatabase(target: { url: string } | { dir: string } | { memory: true }): Promise<DbHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
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
      listen: async (channel, onPayload) => {
        const client = await pool.connect();
        client.on('error', () => {});
        client.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
          client.release();
        };
      },
      close: () => pool.end(),
    };
  }
  // The same extensions PostgreSQL's contrib gives: trigram matching and accent folding for search.
  const extensions = { pg_trgm, unaccent };
  const client = 'dir' in target ? new PGlite(target.dir, { extensions }) : new PGlite({ extensions });
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
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

/** Applies the committed migrations (idempotent). */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
}
