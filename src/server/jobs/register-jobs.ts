/**
 * Which jobs a process works, by its role (docs/decisions/016-object-storage-and-roles.md):
 * - `all` (the embedded default): every job;
 * - `web`: the billing jobs only (reconciliation of payments; no ffmpeg ever runs on a web instance);
 * - `worker`: the transcode and download-remux jobs (ffmpeg), which need the machine's CPU.
 * `all` and `worker` also run the ingest upkeep (media-upkeep.job.ts): at start and every minute.
 * Every queue is created whatever the role (`JOB_QUEUES`, with `createQueues` at start), so a job sent by any
 * process waits for a process that works it.
 */
import type PgBoss from 'pg-boss';
import type { Services } from '../services.js';
import type { ExecuteSql } from '../db/client.js';
import { TRANSCODE_QUEUE } from '../modules/media/media.service.js';
import { REMUX_QUEUE } from '../modules/playback/download-remux.js';
import { registerBillingJobs } from './billing.jobs.js';
import type { HeartbeatOptions } from './job-heartbeat.js';
import { retryOrphanedJobs } from './queue.js';
import { EXPIRE_QUEUE, RECONCILE_QUEUE } from './billing.jobs.js';

/** Every queue of Sobanura. */
export const JOB_QUEUES = [TRANSCODE_QUEUE, REMUX_QUEUE, RECONCILE_QUEUE, EXPIRE_QUEUE] as const;
import { startMediaUpkeep } from './media-upkeep.job.js';
import { registerRemuxDownloadJob } from './remux-download.job.js';
import { registerTranscodeJob } from './transcode.job.js';
import { sweepWorkFolders } from './work-folders.js';

export interface JobsHandle {
  /** Stops this process's heartbeat, sweeper and upkeep timers (pg-boss's own workers stop with `boss.stop`). */
  stop(): Promise<void>;
}

/**
 * Registers the role's job handlers on `boss`. On PGlite (one process) jobs left active by the previous process are
 * put back in line at once; elsewhere the heartbeat sweeper of job-heartbeat.ts returns them within about 45 s.
 * `withLock`: the database's advisory lock (PostgreSQL), so the upkeep passes of several workers never overlap.
 */
export async function registerJobs(
  boss: PgBoss,
  deps: {
    role: 'all' | 'web' | 'worker';
    services: Pick<Services, 'media' | 'billing' | 'downloads'>;
    executeSql: ExecuteSql;
    dbKind: 'pglite' | 'postgres';
    heartbeat?: HeartbeatOptions;
    withLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
    log: { info(o: object, m: string): void };
  },
): Promise<JobsHandle> {
  let transcode: { stop(): Promise<void> } | null = null;
  let upkeep: { stop(): Promise<void> } | null = null;
  if (deps.role !== 'worker') await registerBillingJobs(boss, deps.services.billing);
  if (deps.role !== 'web') {
    const swept = await sweepWorkFolders();
    if (swept) deps.log.info({ folders: swept }, 'removed the work folders of stopped workers');
    // Before this process's worker takes any job: afterwards a job it had just taken would count as orphaned, be
    // failed under it, and one stop would use up two tries.
    if (deps.dbKind === 'pglite') {
      const n = await retryOrphanedJobs(boss, deps.executeSql, TRANSCODE_QUEUE);
      if (n) deps.log.info({ jobs: n }, 'transcode jobs interrupted by the last stop run again');
    }
    transcode = await registerTranscodeJob(boss, deps.services.media, deps.executeSql, deps.heartbeat);
    await registerRemuxDownloadJob(boss, deps.services.downloads);
    // On PGlite this is the only process: at start nothing else can be finishing an upload, so nothing need wait.
    upkeep = startMediaUpkeep(deps.services.media, { withLock: deps.withLock, firstPass: deps.dbKind === 'pglite' ? { idleSeconds: 0 } : undefined, onError: (err) => boss.emit('error', err) });
  }
  return {
    stop: async () => {
      await upkeep?.stop();
      await transcode?.stop();
    },
  };
}
