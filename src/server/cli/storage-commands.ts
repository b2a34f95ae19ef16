/**
 * `storage migrate --to s3 [--dry-run] [--concurrency N]` (storage-migrate.ts; ADR 016): needs no database, so cli.ts
 * runs it in its own process even beside a running server.
 */
import { Option, type Command } from 'commander';
import type { CommandEnv } from './command-kit.js';
import { DEFAULT_CONCURRENCY, parseConcurrency, runStorageMigrate } from './storage-migrate.js';

export function registerStorageCommands(program: Command, env: CommandEnv): void {
  const { configure, ctx, print, warn, setCode } = env;
  const storage = configure(program.command('storage').description('media storage'));
  configure(storage.command('migrate').description('copy the media of MEDIA_DIR into the S3 bucket and check every size; switches nothing'))
    .addOption(new Option('--to <store>', 'the store to copy into').choices(['s3']).makeOptionMandatory())
    .option('--dry-run', 'count what would be copied; copy nothing', false)
    .option('--concurrency <n>', 'objects copied at once (1-64)', parseConcurrency, DEFAULT_CONCURRENCY)
    .action(async (o: { to: 's3'; dryRun: boolean; concurrency: number }) => {
      setCode(await runStorageMigrate({ ...o, env: ctx.env ?? process.env, progress: ctx.progress ?? print, print, printError: warn }));
    });
}
