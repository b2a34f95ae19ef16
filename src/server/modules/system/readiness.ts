/**
 * Readiness (GET /api/ready): whether this instance can serve traffic now, as a load balancer's or an
 * orchestrator's readiness probe asks (Kubernetes "readiness probes": remove the instance from rotation while it
 * fails; liveness stays GET /api/health). Three checks, run together, each bounded by `timeoutMs`:
 * - database: the database answers `select 1`;
 * - migrations: every migration in the committed journal (db/migrations/meta/_journal.json) is recorded as applied
 *   in drizzle.__drizzle_migrations. Drizzle applies a migration when its journal `when` (ms) is later than the
 *   `created_at` of the last recorded row (node_modules/drizzle-orm/pg-core/dialect.js `migrate`), so the same rule
 *   decides here: pending when the journal's newest `when` is later than the newest `created_at`;
 * - storage: the media store's `check()` resolves (MediaStorage in providers/storage/media-storage.ts).
 * A failed check is logged with its error; the answer names only the check.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadinessCheckState, ReadinessChecks } from '../../../shared/contracts/system.js';
import type { ExecuteSql } from '../../db/client.js';

export interface ReadinessDeps {
  executeSql: ExecuteSql;
  /** The media store (only its reachability check is used). */
  storage: { check(): Promise<void> };
  /** Folder holding the migrations and meta/_journal.json (db/client.ts MIGRATIONS_DIR). */
  migrationsDir: string;
  /** Longest wait for one check, ms (default 3000); a check still running then counts as failed. */
  timeoutMs?: number;
  /** Told about each failed check (for the log). */
  onFailure?: (check: keyof ReadinessChecks, err: unknown) => void;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
}

class PendingMigrations extends Error {
  constructor(readonly newestJournal: number, readonly newestApplied: number | null) {
    super(`migrations pending: journal up to ${newestJournal}, applied up to ${newestApplied ?? 'none'}`);
  }
}

/** Newest `when` (ms since 1970) among the journal's entries. */
async function newestJournalEntry(migrationsDir: string): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Builds the readiness check; `check()` never throws. */
export function createReadiness(deps: ReadinessDeps) {
  const timeoutMs = deps.timeoutMs ?? 3000;

  const database = async () => {
    await deps.executeSql('select 1');
  };
  const migrations = async () => {
    const newest = await newestJournalEntry(deps.migrationsDir);
    const applied = await deps.executeSql('select max(created_at) as newest from drizzle.__drizzle_migrations').catch((err: { code?: string }) => {
      // 42P01 undefined_table, 3F000 invalid_schema_name: nothing was ever migrated.
      if (err?.code === '42P01' || err?.code === '3F000') return { rows: [] };
      throw err;
    });
    const raw = applied.rows[0]?.newest;
    const newestApplied = raw === null || raw === undefined ? null : Number(raw);
    if (newestApplied === null || newestApplied < newest) throw new PendingMigrations(newest, newestApplied);
  };
  const storage = () => deps.storage.check();

  const run = async (name: keyof ReadinessChecks, fn: () => Promise<void>): Promise<ReadinessCheckState> => {
    try {
      await withTimeout(fn(), timeoutMs);
      return 'ok';
    } catch (err) {
      deps.onFailure?.(name, err);
      return err instanceof PendingMigrations ? 'pending' : 'failed';
    }
  };

  return {
    async check(): Promise<Readiness> {
      const [db, mig, store] = await Promise.all([run('database', database), run('migrations', migrations), run('storage', storage)]);
      const checks: ReadinessChecks = { database: db, migrations: mig, storage: store };
      return { ready: Object.values(checks).every((s) => s === 'ok'), checks };
    },
  };
}
export type ReadinessService = ReturnType<typeof createReadiness>;
