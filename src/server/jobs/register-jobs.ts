/**
 * Which jobs a process works, by its role (docs/decisions/016-object-storage-and-roles.md), from the jobs the modules
 * declare (src/server/modules/<module>/<module>.module.ts; docs/decisions/038-modules-declare-themselves.md):
 * - `all` (the embedded default): every job;
 * - `web`: the jobs declared for `web` (billing: reconciliation of payments, pass expiry; no ffmpeg ever runs there);
 * - `worker`: the jobs declared for `worker` (media: transcode and the ingest upkeep; playback: download remux).
 * Every queue is created whatever the role (`JOB_QUEUES`, with `createQueues` at start), so a job sent by any
 * process waits for a process that works it. Each job's payload is parsed with its queue's contract before its
 * handler runs; one that does not match is failed, not retried (payload-guard.ts).
 */
import type PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.js';
import { SERVER_MODULES } from '../modules/index.js';
import { queuesOf, works, type ProcessRole, type ServerModule } from '../modules/module-kit.js';
import type { Services } from '../services.js';
import type { HeartbeatOptions } from './job-heartbeat.js';
import { guardPayloads } from './payload-guard.js';

/** Every queue of Sobanura. */
export const JOB_QUEUES: readonly string[] = queuesOf(SERVER_MODULES);

export interface JobsHandle {
  /** Stops this process's heartbeat, sweeper and upkeep timers (pg-boss's own workers stop with `boss.stop`). */
  stop(): Promise<void>;
}

/**
 * Starts the workers of the jobs `role` works, module by module in the order of the list. On PGlite (one process)
 * jobs left active by the previous process are put back in line at once; elsewhere the heartbeat sweeper of
 * job-heartbeat.ts returns them within about 45 s. `withLock`: the database's advisory lock (PostgreSQL), so the
 * upkeep passes of several workers never overlap. `services` needs only what those jobs declare they need.
 */
export async function registerJobs(
  boss: PgBoss,
  deps: {
    role: ProcessRole;
    services: Partial<Services>;
    executeSql: ExecuteSql;
    dbKind: 'pglite' | 'postgres';
    heartbeat?: HeartbeatOptions;
    withLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
    log: { info(o: object, m: string): void };
    modules?: readonly ServerModule[];
  },
): Promise<JobsHandle> {
  const started: { stop(): Promise<void> }[] = [];
  for (const m of deps.modules ?? SERVER_MODULES) {
    for (const job of m.jobs ?? []) {
      if (!works(deps.role, job.role)) continue;
      // Each payload is parsed with its queue's contract before the handler sees it (payload-guard.ts).
      const guarded = guardPayloads(boss, job.queues, deps.executeSql, (queue, jobId, message) => deps.log.info({ queue, jobId }, message));
      const handle = await job.start({ boss: guarded, services: deps.services as Services, executeSql: deps.executeSql, dbKind: deps.dbKind, heartbeat: deps.heartbeat, withLock: deps.withLock, log: deps.log });
      if (handle) started.push(handle);
    }
  }
  return {
    stop: async () => {
      for (const h of started.reverse()) await h.stop();
    },
  };
}
