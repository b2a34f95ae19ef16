/**
 * Starts a transcoding worker (SOBANURA_ROLE=worker; `npm run worker`, `sobanura worker`): the transcode and
 * download-remux jobs from the pg-boss queues on PostgreSQL, and the ingest upkeep at start and every minute (uploads
 * cut short, videos stranded in 'processing', expired uploads: jobs/media-upkeep.job.ts); sources and ladders
 * through the media storage, no HTTP but its /metrics when METRICS_TOKEN is set (worker-metrics.ts)
 * (docs/decisions/016-object-storage-and-roles.md). Needs DATABASE_URL: the embedded PGlite admits one process.
 *
 * Stopping: SIGTERM or SIGINT stops taking jobs, ends ffmpeg (SIGTERM, then SIGKILL after 5 s) so the running job
 * fails and is retried by another worker, and exits 0. A SIGKILL leaves no ffmpeg either: it runs under
 * `setpriv --pdeathsig SIGKILL` (run-tool.ts), and its job is retried once its heartbeat goes stale (job-heartbeat.ts).
 */
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { LOG_REDACT_PATHS } from './lib/log-redaction.js';
import { createServices } from './modules/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { lockDownFolder, logLockDown, makeNewFilesPrivate } from './lib/private-data.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { createQueues, startQueue } from './jobs/queue.js';
import { JOB_QUEUES, registerJobs } from './jobs/register-jobs.js';
import { FfmpegTranscoder } from './providers/transcoder/ffmpeg-transcoder.js';
import { killRunningTools, runningToolCount } from './providers/transcoder/run-tool.js';
import { createMetricsRepository } from './modules/system/metrics.repository.js';
import { createMetrics } from './plugins/metrics.js';
import { startWorkerMetricsServer } from './worker-metrics.js';

/** A running worker; `stop()` resolves once its jobs have let go and its database is closed. */
export interface RunningWorker {
  /** The port of its /metrics (worker-metrics.ts), null when METRICS_TOKEN is unset. */
  metricsPort: number | null;
  stop(): Promise<void>;
}

/**
 * Starts the worker's job handlers for `config` (role worker).
 * @throws Error when the database cannot be reached.
 */
export async function startWorker(config: Config, log: FastifyBaseLogger): Promise<RunningWorker> {
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.pgliteDir });
  await migrateDatabase(db);
  const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
  const tools = await transcoder.available();
  if (!tools.ffmpeg || !tools.ffprobe) log.warn('ffmpeg/ffprobe not found: this worker cannot transcode (Debian: apt-get install -y ffmpeg)');
  const boss = await startQueue(db.executeSql, (err) => log.error({ err }, 'job queue error'));
  // Its own Prometheus registry: the transcode durations and storage errors only this worker sees (worker-metrics.ts).
  const metrics = createMetrics({ repo: createMetricsRepository(db.executeSql), onCollectError: (metric, err) => log.warn({ metric, err }, 'metric not collected') });
  // Only the services its jobs declare they need (media, storage, download remux; ADR 038): no routes run here.
  const services = createServices({ config, db, transcoder, queue: boss, log, onStorageError: metrics.onStorageError, onTranscoded: (seconds) => metrics.transcodeDuration.observe(seconds) }, { jobsOnly: 'worker' });
  await createQueues(boss, JOB_QUEUES, db.withAdvisoryLock?.bind(db));
  const jobs = await registerJobs(boss, { role: 'worker', services, executeSql: db.executeSql, dbKind: db.kind, heartbeat: config.jobHeartbeat, withLock: db.withAdvisoryLock?.bind(db), log });
  const metricsServer = config.metricsToken
    ? await startWorkerMetricsServer({ metrics, token: config.metricsToken, host: config.host, port: config.workerMetricsPort, onError: (err) => log.warn({ err }, 'metrics not read') })
    : null;
  log.info({ storage: config.storage, database: db.kind, metricsPort: metricsServer?.port ?? null }, 'Sobanura worker is up, waiting for jobs');
  return {
    metricsPort: metricsServer?.port ?? null,
    async stop() {
      const stopping = boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false }).catch(() => {});
      const tools = runningToolCount();
      if (tools) log.info({ tools }, 'ending ffmpeg; its job goes back to the queue');
      await killRunningTools('SIGTERM');
      await stopping;
      await jobs.stop();
      await metricsServer?.close();
      // The catalogue's event hub is built only where routes run (modules/catalog/catalog.module.ts).
      await (services as Partial<typeof services>).hub?.stop?.().catch(() => {});
      await db.close().catch(() => {});
    },
  };
}

async function main() {
  // Everything this process creates (transcode folders, media with STORAGE=local) is its owner's only (ADR 031).
  makeNewFilesPrivate();
  let config: Config;
  try {
    config = loadConfig({ ...process.env, SOBANURA_ROLE: process.env.SOBANURA_ROLE || 'worker' });
    if (config.role !== 'worker') throw new ConfigError(`SOBANURA_ROLE=${config.role}: this entry point runs a worker; start the web server with npm start (or set SOBANURA_ROLE=worker)`);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel, redact: LOG_REDACT_PATHS }) as unknown as FastifyBaseLogger;
  logLockDown(lockDownFolder(config.dataDir), config.dataDir, log);
  const worker = await startWorker(config, log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await worker.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
