/**
 * `sobanura` / `npm run cli -- ...`: runs a command inside the running server when there is one (it owns the
 * embedded PGlite database, which admits one process), its output streamed back as it is made (cli/cli-stream.ts,
 * cli/server-client.ts: no time limit); else in this process with its own database handle and, for `--wait` and
 * `demo seed`, its own transcode worker. `storage ...`, `--version` and help run here without a database; any other
 * command refuses where there is no database, except `db init` (cli/database-presence.ts). Passwords are read from a
 * prompt or stdin here, never argv (cli/password-input.ts), and handed to the command.
 * See docs/decisions/002-cli-and-embedded-database.md (amended 2026-11-26).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CliContext } from './cli/command-kit.js';
import { createsDatabase, noDatabaseMessage, pgliteExists, runsWithoutDatabase } from './cli/database-presence.js';
import { argvPasswordRefusal, needsPassword } from './cli/password-args.js';
import { readPassword } from './cli/password-input.js';
import { runThroughServer } from './cli/server-client.js';
import { ConfigError, loadConfig } from './config.js';
import { lockDownFolder, logLockDown, makeNewFilesPrivate } from './lib/private-data.js';

function runningServer(dataDir: string): { port: number; token: string } | null {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; token: string };
    process.kill(s.pid, 0);
    return s;
  } catch {
    return null;
  }
}

const write: CliContext['write'] = (stream, text) => void (stream === 'out' ? process.stdout : process.stderr).write(text);

/** The prompt for the password `argv` needs: names the user when --email is there. */
function passwordPrompt(argv: string[]): string {
  const i = argv.findIndex((a) => a === '--email');
  const email = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--email='))?.slice(8);
  return argv[1] === 'set-password' ? `New password for ${email ?? 'the user'}: ` : `Password for ${email ?? 'the new user'}: `;
}

async function main(): Promise<number> {
  // What this process creates (a new database, dumps, media) is its owner's only (ADR 031).
  makeNewFilesPrivate();
  const argv = process.argv.slice(2);
  const refusal = argvPasswordRefusal(argv);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  if (runsWithoutDatabase(argv)) {
    // `storage ...` reads MEDIA_DIR and writes the bucket, which is safe beside a running server, so it runs in this
    // process and never holds the server's CLI route (src/server/cli/storage-migrate.ts).
    const { runCli } = await import('./cli/commands.js');
    return (await runCli(argv, { cwd: process.cwd(), env: process.env, write })).code;
  }
  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const server = runningServer(config.dataDir);
  if (!server && !config.databaseUrl && !createsDatabase(argv) && !pgliteExists(config.pgliteDir)) {
    console.error(noDatabaseMessage(config.pgliteDir));
    return 1;
  }
  const password = needsPassword(argv) ? await readPassword(passwordPrompt(argv), { confirm: true }) : undefined;
  if (server) {
    return runThroughServer(server, { argv, cwd: process.cwd(), ...(password !== undefined ? { password } : {}) }, { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) });
  }
  // No server runs: this process is the one that finds DATA_DIR as it was left (lib/private-data.ts). The app's
  // modules load only here: a command sent to a running server needs none of them (about 2 CPU-seconds a start).
  const [{ buildApp }, { runCli }, { migrateDatabase, openDatabase }, { FfmpegTranscoder }] = await Promise.all([
    import('./app.js'),
    import('./cli/commands.js'),
    import('./db/client.js'),
    import('./providers/transcoder/ffmpeg-transcoder.js'),
  ]);
  logLockDown(lockDownFolder(config.dataDir), config.dataDir, { warn: (obj, msg) => console.error(`${msg}: ${JSON.stringify(obj)}`) });
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.pgliteDir });
  try {
    await migrateDatabase(db);
    const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
    const wantsWorker = argv.includes('--wait') || (argv[0] === 'demo' && argv[1] === 'seed');
    const built = await buildApp({ config, db, transcoder, workers: wantsWorker, logger: false });
    try {
      const database = { kind: db.kind, dir: config.databaseUrl ? null : config.pgliteDir, url: config.databaseUrl ?? null, dumpDataDir: db.dumpDataDir };
      return (await runCli(argv, { services: built.services, cwd: process.cwd(), seedDemo: built.services.demo.seed, password, database, write })).code;
    } finally {
      await built.close();
    }
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
