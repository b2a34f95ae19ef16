/**
 * Which commands may run where there is no database, and which may create one (docs/decisions/002-cli-and-embedded-database.md,
 * amended 2026-11-26). The rule: a database is made only by starting the server (`npm start`) or by `db init`. Any
 * other command run in a folder without one (no DATA_DIR/pglite/PG_VERSION, and no DATABASE_URL) refuses, saying
 * what to run, instead of making an empty database next to the real one (a wrong folder, a mistyped DATA_DIR).
 * `storage ...`, `--version` and help need no database at all.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Whether `argv` runs without any database: storage commands, version, help, or no command at all. */
export function runsWithoutDatabase(argv: readonly string[]): boolean {
  if (argv.length === 0) return true;
  if (['storage', 'help', '--help', '-h', '--version', '-V'].includes(argv[0]!)) return true;
  return argv.includes('--help') || argv.includes('-h');
}

/** Whether `argv` may create the database (`db init`). */
export function createsDatabase(argv: readonly string[]): boolean {
  return argv[0] === 'db' && argv[1] === 'init';
}

/** Whether an embedded PGlite database exists in `dir` (PostgreSQL's data directory marker, PG_VERSION). */
export function pgliteExists(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/** The refusal printed when there is no database in `dir`. */
export function noDatabaseMessage(dir: string): string {
  return [
    `error: there is no Sobanura database in ${dir}.`,
    'Run the command where your installation is (or set DATA_DIR, or DATABASE_URL for PostgreSQL). To start a new one,',
    'start the server once (npm start), or create the database with: npm run cli -- db init',
  ].join('\n');
}
