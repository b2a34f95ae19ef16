/**
 * The embedded database of a new end-to-end DATA_DIR, copied from the run's migrated template
 * (./global-setup.ts) rather than made by initdb and the migrations at the server's first start.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Copies the migrated, empty PGlite folder into `dataDir/pglite` when there is none there yet and `env` names no
 * DATABASE_URL (a PostgreSQL server holds that data). A folder already there (a restart, a seed that ran first) is
 * left as it is.
 */
export function provideMigratedDatabase(dataDir: string, env: Record<string, string | undefined> = {}): void {
  const target = path.join(dataDir, 'pglite');
  if (env.DATABASE_URL || existsSync(target)) return;
  cpSync(inject('pgliteTemplate'), target, { recursive: true });
}
