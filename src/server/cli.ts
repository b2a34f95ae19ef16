/**
 * `sobanura` / `npm run cli -- ...`: runs a command inside the running server when there is one (it owns the
 * embedded PGlite database, which admits one process), else in this process with its own database handle and,
 * for `movie import --wait`, its own transcode worker; `storage ...` always runs in this process, without a database.
 * See docs/decisions/002-cli-and-embedded-database.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { runCli, type CliResult } from './cli/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { FfmpegTranscoder } from './providers/transcoder/ffmpeg-transcoder.js';

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

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv[0] === 'storage') {
    // `storage ...` needs no database: it reads MEDIA_DIR and writes the bucket, which is safe beside a running
    // server, so it runs in this process and never holds the server's CLI route (src/server/cli/storage-migrate.ts).
    const result = await runCli(argv, { cwd: process.cwd(), env: process.env, progress: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(result.out);
    process.stderr.write(result.err);
    return result.code;
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
  let result: CliResult;
  const server = runningServer(config.dataDir);
  if (server) {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/internal/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cli-token': server.token },
      body: JSON.stringify({ argv, cwd: process.cwd() }),
    });
    if (!res.ok) {
      console.error(`the running server refused the command (${res.status}): ${await res.text()}`);
      return 1;
    }
    result = (await res.json()) as CliResult;
  } else {
    const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.pgliteDir });
    await migrateDatabase(db);
    const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
    const wantsWorker = argv.includes('--wait') || (argv[0] === 'demo' && argv[1] === 'seed');
    const built = await buildApp({ config, db, transcoder, workers: wantsWorker, logger: false });
    try {
      result = await runCli(argv, { services: built.services, cwd: process.cwd(), seedDemo: built.services.demo.seed });
    } finally {
      await built.close();
      await db.close();
    }
  }
  process.stdout.write(result.out);
  process.stderr.write(result.err);
  return result.code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
