/**
 * The command line's commands (issue 2 point 5), run against the same services as the HTTP API, either in
 * this process or inside a running server (see docs/decisions/002-cli-and-embedded-database.md):
 *   user create --email E --password P [--name N] [--role user|admin|super_admin]
 *   movie import FILE --title T [--category C] [--year Y] [--director D] [--description S] [--premium] [--wait]
 *   pass grant --email E --plan daily|weekly|monthly|yearly
 *   db migrate
 *   demo seed
 *   storage migrate --to s3 [--dry-run] [--concurrency N]   (storage-migrate.ts; needs no database, so cli.ts runs it
 *     in its own process even beside a running server)
 * Returns an exit code and the text written; bad arguments print usage and give a non-zero code.
 */
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ROLES, type Role } from '../../shared/contracts/accounts.js';
import { isPlanId, PLAN_IDS } from '../../shared/domain/plans.js';
import { AppError } from '../lib/app-error.js';
import type { Services } from '../app.js';
import { DEFAULT_CONCURRENCY, parseConcurrency, runStorageMigrate } from './storage-migrate.js';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export interface CliContext {
  /** Absent for `storage ...`, which needs no database (cli.ts); the other commands then fail with a message. */
  services?: Services;
  /** The environment `storage migrate` reads MEDIA_DIR, DATA_DIR and S3_* from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where `storage migrate` writes progress lines as they happen (default: they join `out`). */
  progress?: (line: string) => void;
  /** Where FILE arguments are resolved from (the caller's working directory). */
  cwd: string;
  /** Seeds the demo catalogue (see demo-seed.ts). */
  seedDemo?: () => Promise<string[]>;
  /** How long `--wait` waits, in seconds (default 2 hours). */
  waitSeconds?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function oneOf<T extends string>(values: readonly T[], what: string) {
  return (v: string): T => {
    if (!(values as readonly string[]).includes(v)) throw new InvalidArgumentError(`${what} must be one of: ${values.join(', ')}`);
    return v as T;
  };
}
/** Stands in when the caller gave no services: any command that uses them fails saying why. */
function noServices(): Services {
  return new Proxy({} as Services, {
    get: () => {
      throw new Error('this command needs the database, and this process opened none');
    },
  });
}
function year(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1888 || n > 2100) throw new InvalidArgumentError('year must be a whole number between 1888 and 2100');
  return n;
}

export async function runCli(argv: string[], ctx: CliContext): Promise<CliResult> {
  let out = '';
  let err = '';
  const print = (s: string) => (out += s.endsWith('\n') ? s : `${s}\n`);
  let code = 0;
  const services = ctx.services ?? noServices();

  const program = new Command('sobanura').description('Sobanura command line').exitOverride().showHelpAfterError();
  program.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) });
  const configure = (c: Command) => c.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) }).showHelpAfterError();

  const user = configure(program.command('user').description('manage users'));
  configure(user.command('create').description('create a user'))
    .requiredOption('--email <email>', 'email address')
    .requiredOption('--password <password>', 'password (at least 6 characters)')
    .option('--name <name>', 'full name')
    .option('--role <role>', `one of ${ROLES.join(', ')}`, oneOf(ROLES, 'role'), 'user' as Role)
    .action(async (o: { email: string; password: string; name?: string; role: Role }) => {
      const u = await services.accounts.register({ fullName: o.name ?? o.email.split('@')[0]!, email: o.email.toLowerCase(), password: o.password }, o.role);
      print(`created ${u.role} ${u.email} (${u.id})`);
    });

  const movie = configure(program.command('movie').description('manage movies'));
  configure(movie.command('import').description('import a video file as a new movie (same ingest path as an admin upload)'))
    .argument('<file>', 'video file')
    .requiredOption('--title <title>', 'title')
    .option('--category <category>', 'category', 'drama')
    .option('--year <year>', 'year', year)
    .option('--director <director>', 'director', '')
    .option('--description <text>', 'description', '')
    .option('--premium', 'needs a pass to watch', false)
    .option('--wait', 'return when the video is ready; exit non-zero if it failed', false)
    .action(async (file: string, o: { title: string; category: string; year?: number; director: string; description: string; premium: boolean; wait: boolean }) => {
      const m = await services.catalog.create({ title: o.title, category: o.category, year: o.year ?? null, director: o.director, description: o.description, isPremium: o.premium });
      const video = await services.media.importFile(m.id, path.resolve(ctx.cwd, file), null);
      print(m.id);
      if (!o.wait) return;
      const deadline = Date.now() + (ctx.waitSeconds ?? 7200) * 1000;
      for (;;) {
        const v = await services.media.get(video.id);
        if (v?.status === 'ready') return void (err += `ready: ${v.renditions.map((r) => r.name).join(', ')}\n`);
        if (!v || v.status === 'failed') {
          err += `failed: ${v?.error ?? 'video missing'}\n`;
          code = 1;
          return;
        }
        if (Date.now() > deadline) {
          err += 'timed out waiting for the video\n';
          code = 1;
          return;
        }
        await sleep(1000);
      }
    });

  const pass = configure(program.command('pass').description('manage passes'));
  configure(pass.command('grant').description('grant a complimentary pass'))
    .requiredOption('--email <email>', 'the viewer')
    .requiredOption('--plan <plan>', PLAN_IDS.join('|'), oneOf(PLAN_IDS, 'plan'))
    .action(async (o: { email: string; plan: string }) => {
      const u = await services.accountsRepo.findUserByEmail(o.email);
      if (!u) throw new AppError(404, 'not_found', `No user with email ${o.email}`);
      if (!isPlanId(o.plan)) throw new InvalidArgumentError('bad plan');
      await services.billing.grantPass(u.id, o.plan);
      // A lesser plan granted during a better pass waits for it to end (ADR 019): say when it runs.
      const timeline = await services.billing.passTimeline(u.id);
      const granted = timeline.find((x) => x.plan === o.plan)!;
      print(`${o.plan} pass for ${u.email} from ${granted.startsAt.toISOString()} until ${granted.endsAt.toISOString()}; passes run until ${timeline.at(-1)!.endsAt.toISOString()}`);
    });

  const db = configure(program.command('db').description('database'));
  configure(db.command('migrate').description('apply migrations (the server also applies them at start)')).action(() => {
    print('migrations applied');
  });

  const demo = configure(program.command('demo').description('demo catalogue'));
  configure(demo.command('seed').description('make and import the demo titles (needs ffmpeg)')).action(async () => {
    if (!ctx.seedDemo) throw new AppError(503, 'internal', 'demo seeding is not available here');
    const ids = await ctx.seedDemo();
    print(ids.length ? `demo titles: ${ids.join(', ')}` : 'the catalogue already has titles; nothing to do');
  });

  const storage = configure(program.command('storage').description('media storage'));
  configure(storage.command('migrate').description('copy the media of MEDIA_DIR into the S3 bucket and check every size; switches nothing'))
    .addOption(new Option('--to <store>', 'the store to copy into').choices(['s3']).makeOptionMandatory())
    .option('--dry-run', 'count what would be copied; copy nothing', false)
    .option('--concurrency <n>', 'objects copied at once (1-64)', parseConcurrency, DEFAULT_CONCURRENCY)
    .action(async (o: { to: 's3'; dryRun: boolean; concurrency: number }) => {
      code = await runStorageMigrate({ ...o, env: ctx.env ?? process.env, progress: ctx.progress ?? print, print, printError: (s) => (err += `${s}\n`) });
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      return { code: e.exitCode === 0 ? 0 : 2, out, err };
    }
    if (e instanceof AppError) return { code: 1, out, err: err + `error: ${e.message}\n` };
    return { code: 1, out, err: err + `error: ${(e as Error).message}\n` };
  }
  if (argv.length === 0) {
    err += program.helpInformation();
    return { code: 2, out, err };
  }
  return { code, out, err };
}
