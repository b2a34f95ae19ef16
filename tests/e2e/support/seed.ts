/**
 * Seeding a scenario's data through the server's own services, before its server starts: opens the embedded
 * PGlite database in `dataDir` (copied from the run's migrated template if new, ./migrated-database.ts), builds
 * the app without workers or logs, runs `fill`, then closes both, so the server process started next owns the
 * database alone (ADR 002: PGlite admits one process). `env` adds or overrides environment variables of the config (e.g. TRANSCODE_PRESET).
 */
import type { BuiltApp } from '../../../src/server/app.js';
import type { DbHandle } from '../../../src/server/db/client.js';
import { provideMigratedDatabase } from './migrated-database.js';

export interface SeedContext {
  services: BuiltApp['services'];
  db: DbHandle;
}

export async function seedData<T>(dataDir: string, fill: (ctx: SeedContext) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const { loadConfig } = await import('../../../src/server/config.js');
  const { migrateDatabase, openDatabase } = await import('../../../src/server/db/client.js');
  const { buildApp } = await import('../../../src/server/app.js');
  const { FfmpegTranscoder } = await import('../../../src/server/providers/transcoder/ffmpeg-transcoder.js');
  provideMigratedDatabase(dataDir, env);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DEMO_CATALOG: 'false', LOG_LEVEL: 'warn', ...env });
  const db = await openDatabase({ dir: config.pgliteDir });
  await migrateDatabase(db);
  const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
  const built = await buildApp({ config, db, transcoder, workers: false, logger: false });
  try {
    return await fill({ services: built.services, db });
  } finally {
    await built.close();
    await db.close();
  }
}
