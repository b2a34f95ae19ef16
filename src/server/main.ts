/**
 * Starts Sobanura's HTTP server (SOBANURA_ROLE all, the embedded default, or web; docs/decisions/016-object-storage-and-roles.md):
 * configuration from the environment, the database (migrated at start), the role's job workers (all: every job;
 * web: billing only, never ffmpeg), the HTTP server, and on a fresh install the demo catalogue. Writes DATA_DIR/server.json so the command line
 * can reach this process (docs/decisions/002-cli-and-embedded-database.md); removes it on stop. DATA_DIR and
 * everything the process creates are its owner's only (lib/private-data.ts, docs/decisions/031-private-data-folder.md).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { lockDownFolder, logLockDown, makeNewFilesPrivate } from './lib/private-data.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { FfmpegTranscoder } from './providers/transcoder/ffmpeg-transcoder.js';
import { startupWarnings } from './startup-warnings.js';

async function main() {
  // Everything this process creates is its owner's only; DATA_DIR as it was left is fixed below (ADR 031).
  makeNewFilesPrivate();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (config.role === 'worker') {
    console.error('SOBANURA_ROLE=worker: start a worker with `npm run worker` (or `sobanura worker`); this entry point serves HTTP (roles all and web).');
    process.exit(2);
  }
  const lockedDown = lockDownFolder(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.pgliteDir });
  await migrateDatabase(db);
  const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
  const cliToken = randomBytes(24).toString('base64url');
  const built = await buildApp({ config, db, transcoder, cliToken });
  const { app, services } = built;
  logLockDown(lockedDown, config.dataDir, app.log);

  for (const warning of startupWarnings(config, process.env)) app.log.warn(warning);
  const tools = await services.media.toolsAvailable();
  if (!tools.ffmpeg || !tools.ffprobe) {
    app.log.warn('ffmpeg/ffprobe not found: the site runs, but video uploads will fail until ffmpeg is installed (Debian: apt-get install -y ffmpeg)');
  }

  await app.listen({ port: config.port, host: config.host });
  const serverFile = path.join(config.dataDir, 'server.json');
  writeFileSync(serverFile, JSON.stringify({ pid: process.pid, port: (app.server.address() as { port: number }).port, token: cliToken }), { mode: 0o600 });
  app.log.info(`Sobanura is up at ${config.publicUrl} (role: ${config.role}, database: ${db.kind}, media: ${config.storage === 's3' ? `s3 bucket ${config.s3!.bucket}` : config.mediaDir})`);

  const admins = await db.executeSql(`select count(*)::int as n from user_roles where role in ('admin','super_admin')`);
  if (Number(admins.rows[0]?.n ?? 0) === 0) {
    app.log.info('No admin yet. Create the first one with: npm run cli -- user create --email you@example.com --role super_admin (it asks for the password)');
  }
  if (config.demoCatalog && tools.ffmpeg && config.role === 'all') {
    services.demo
      .seed()
      .then((ids) => ids.length && app.log.info({ titles: ids.length }, 'demo catalogue created (DEMO_CATALOG=false turns this off)'))
      .catch((err) => app.log.warn({ err: String(err) }, 'demo catalogue could not be created'));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    rmSync(serverFile, { force: true });
    await built.close().catch(() => {});
    await db.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
