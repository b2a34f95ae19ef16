/**
 * The command line's commands, run against the same services as the HTTP API, either in this process or inside a
 * running server (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26). One file per group:
 *   user-commands.ts      user create | list | set-password | role
 *   movie-commands.ts     movie import | retranscode
 *   translator-commands.ts translator create | list
 *   episode-commands.ts   episode retranscode
 *   payments-commands.ts  pass grant, payments reconcile
 *   db-commands.ts        db init | migrate | dump, demo seed
 *   outbox-commands.ts    outbox list
 *   voucher-commands.ts   voucher create | list | void
 *   statement-commands.ts statement preview
 *   payout-commands.ts    payout run | list | retry
 *   storage-commands.ts   storage migrate (needs no database)
 * plus `--version` and `help`. Returns an exit code and the text written (also given to `ctx.write` as it is made);
 * bad arguments print usage and give exit code 2, a failed command prints `error: <reason>` and gives 1.
 */
import { Command, CommanderError } from 'commander';
import { noServices, type CliContext, type CliResult, type CommandEnv } from './command-kit.js';
import { registerDbCommands } from './db-commands.js';
import { registerEpisodeCommands } from './episode-commands.js';
import { registerMovieCommands } from './movie-commands.js';
import { registerOutboxCommands } from './outbox-commands.js';
import { registerPaymentsCommands } from './payments-commands.js';
import { registerPayoutCommands } from './payout-commands.js';
import { registerStatementCommands } from './statement-commands.js';
import { registerStorageCommands } from './storage-commands.js';
import { registerTranslatorCommands } from './translator-commands.js';
import { argvPasswordRefusal } from './password-args.js';
import { registerUserCommands } from './user-commands.js';
import { registerVoucherCommands } from './voucher-commands.js';
import { packageVersion } from './version.js';

export type { CliContext, CliDatabase, CliResult } from './command-kit.js';
export { argvPasswordRefusal, needsPassword } from './password-args.js';

export async function runCli(argv: string[], ctx: CliContext): Promise<CliResult> {
  let out = '';
  let err = '';
  const writeOut = (s: string) => {
    out += s;
    ctx.write?.('out', s);
  };
  const writeErr = (s: string) => {
    err += s;
    ctx.write?.('err', s);
  };
  const line = (s: string) => (s.endsWith('\n') ? s : `${s}\n`);
  let code = 0;

  const refusal = argvPasswordRefusal(argv);
  if (refusal) {
    writeErr(line(refusal));
    return { code: 2, out, err };
  }

  const program = new Command('sobanura').description('Sobanura command line').version(packageVersion(), '-V, --version', 'print the version').exitOverride().showHelpAfterError();
  const configure = (c: Command) => c.exitOverride().configureOutput({ writeOut, writeErr }).showHelpAfterError();
  configure(program);
  const env: CommandEnv = {
    ctx,
    services: ctx.services ?? noServices(),
    configure,
    print: (s) => writeOut(line(s)),
    warn: (s) => writeErr(line(s)),
    setCode: (c) => (code = c),
  };
  registerUserCommands(program, env);
  registerMovieCommands(program, env);
  registerTranslatorCommands(program, env);
  registerEpisodeCommands(program, env);
  registerPaymentsCommands(program, env);
  registerDbCommands(program, env);
  registerOutboxCommands(program, env);
  registerVoucherCommands(program, env);
  registerStatementCommands(program, env);
  registerPayoutCommands(program, env);
  registerStorageCommands(program, env);

  if (argv.length === 0) {
    writeErr(program.helpInformation());
    return { code: 2, out, err };
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return { code: e.exitCode === 0 ? 0 : 2, out, err };
    writeErr(`error: ${(e as Error).message}\n`);
    return { code: 1, out, err };
  }
  return { code, out, err };
}
