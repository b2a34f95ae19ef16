/**
 * `db ...` and `demo seed` (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   db init       creates the database (PGlite: DATA_DIR/pglite) and applies the migrations: with `npm start`, the only
 *                 ways a database is made; every other command refuses to run where there is none (cli.ts)
 *   db migrate    applies the migrations (the server also does it at start)
 *   db dump FILE  PGlite: the whole data directory as a gzipped tarball (PGlite `dumpDataDir`), written with mode 0600
 *                 (it holds password hashes); done by the running server when there is one, which owns the database.
 *                 PostgreSQL: prints the pg_dump command for the URL's host, port, user and database (never its
 *                 password) and exits 1, having written nothing.
 *   demo seed     makes and imports the demo titles if the catalogue is empty (needs ffmpeg)
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../lib/app-error.js';
import type { CliDatabase, CommandEnv } from './command-kit.js';

/** The pg_dump command for a PostgreSQL URL, without its password (given through PGPASSWORD or ~/.pgpass). */
export function pgDumpAdvice(url: string, file: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `pg_dump --format=custom --file ${JSON.stringify(file)} <your database>`;
  }
  const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
  const parts = ['pg_dump', '--format=custom', `--file ${JSON.stringify(file)}`, `--host ${u.hostname || 'localhost'}`, `--port ${u.port || '5432'}`];
  if (u.username) parts.push(`--username ${decodeURIComponent(u.username)}`);
  parts.push(db);
  return parts.join(' ');
}

async function dumpPglite(database: CliDatabase, file: string): Promise<number> {
  if (!database.dumpDataDir) throw new AppError(503, 'internal', 'this database cannot be dumped from here');
  const blob = await database.dumpDataDir();
  const bytes = Buffer.from(await blob.arrayBuffer());
  // O_EXCL: never overwrite a file already there (an older dump, or anything else).
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600).catch((e: NodeJS.ErrnoException) => {
    throw new AppError(409, 'conflict', e.code === 'EEXIST' ? `${file} already exists; choose another name` : `cannot write ${file}: ${e.message}`);
  });
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
  return bytes.length;
}

export function registerDbCommands(program: Command, env: CommandEnv): void {
  const { configure, ctx, print, warn, setCode } = env;
  const db = configure(program.command('db').description('database'));
  configure(db.command('init').description('create the database where there is none, and apply the migrations')).action(() => {
    const where = ctx.database?.dir ? ` in ${ctx.database.dir}` : '';
    print(`database ready${where}; migrations applied`);
  });
  configure(db.command('migrate').description('apply migrations (the server also applies them at start)')).action(() => {
    print('migrations applied');
  });
  configure(db.command('dump').description('PGlite: write the database to FILE (.tar.gz); PostgreSQL: print the pg_dump command'))
    .argument('<file>', 'where to write it, e.g. sobanura-2026-11-26.tar.gz')
    .action(async (file: string) => {
      const database = ctx.database;
      if (!database) throw new AppError(503, 'internal', 'db dump needs the database, and this process opened none');
      const target = path.resolve(ctx.cwd, file);
      if (database.kind === 'postgres') {
        warn('db dump writes embedded (PGlite) databases only. For PostgreSQL, use its own tool (the password from PGPASSWORD or ~/.pgpass):');
        warn(`  ${pgDumpAdvice(database.url ?? '', target)}`);
        return setCode(1);
      }
      const bytes = await dumpPglite(database, target);
      print(`wrote ${target} (${(bytes / 1e6).toFixed(1)} MB): the PGlite data directory as a gzipped tarball`);
    });

  const demo = configure(program.command('demo').description('demo catalogue'));
  configure(demo.command('seed').description('make and import the demo titles (needs ffmpeg)')).action(async () => {
    if (!ctx.seedDemo) throw new AppError(503, 'internal', 'demo seeding is not available here');
    const ids = await ctx.seedDemo();
    print(ids.length ? `demo titles: ${ids.join(', ')}` : 'the catalogue already has titles; nothing to do');
  });
}
