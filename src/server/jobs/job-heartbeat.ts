/**
 * Job heartbeats and the stale-job sweeper: how a job whose worker died is handed to another worker within a
 * bounded time on a shared PostgreSQL (docs/decisions/016-object-storage-and-roles.md, "worker roles").
 *
 * pg-boss 10 retries an active job only after its expiry (`expireInSeconds`, 15 minutes or more for a transcode),
 * and has no job heartbeat (pg-boss 11 added one). So, while a worker runs a job it writes a row in
 * `job_heartbeats` (src/server/db/schema/jobs.ts) at once and then every `beatSeconds`; and every worker process
 * runs a sweeper that, every `sweepSeconds`, looks for jobs of its queue in pg-boss state 'active' whose latest
 * sign of life (the later of the attempt's `started_on` and its heartbeat) is older than `staleSeconds`, and fails
 * them with `boss.fail`, so pg-boss puts them back in line (state 'retry') under the retry policy they were sent
 * with. All times come from the database's clock (`now()`), so the workers' own clocks never matter.
 *
 * Bound: a job whose worker was killed is failed within `staleSeconds + sweepSeconds` of the worker's last beat
 * (30 + 10 s with the defaults), then fetched again after the job's `retryDelay` (5 s for transcodes) plus a
 * worker's polling interval (1 s): about 45 s in all, provided another worker process is running (JOB_HEARTBEAT_SECONDS,
 * JOB_STALE_SECONDS and JOB_SWEEP_SECONDS set the three timings; src/server/config.ts). Each failure
 * counts as an attempt of the job's `retryLimit`.
 *
 * A job is the "same attempt" while its `retry_count` is unchanged: pg-boss increments it each time it fetches a
 * job again (node_modules/pg-boss/src/plans.js fetchNextJob). A beat is written only while the job is active in
 * that attempt; when it is not (the sweeper gave the job away, or pg-boss expired it), the beat reports the job as
 * lost instead of writing.
 *
 * Several sweepers may fail one stale job at the same moment; that is harmless: `boss.fail` of a job already in
 * 'retry' leaves it in 'retry', and one already failed for good is left alone (plans.js failJobsById), while the
 * job's retryDelay keeps it from being fetched again in between.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.js';

/** Timings of heartbeats and sweeps, in seconds. */
export interface HeartbeatOptions {
  /** How often a running job's worker writes its heartbeat (default 5). */
  beatSeconds?: number;
  /** How often this process looks for stale jobs (default 10). */
  sweepSeconds?: number;
  /** A job with no sign of life for this long is failed so it is retried (default 30; keep it well above beatSeconds). */
  staleSeconds?: number;
  /** This process's id in `job_heartbeats.worker_id` (default "host:pid:random"). */
  workerId?: string;
  /** Where failures of beats and sweeps go (they are retried on the next tick, never thrown). */
  onError?: (err: Error) => void;
  /** Called once when a running job turns out to be no longer this worker's attempt. */
  onLost?: (job: JobAttempt) => void;
}

export const HEARTBEAT_DEFAULTS = { beatSeconds: 5, sweepSeconds: 10, staleSeconds: 30 } as const;

/** One attempt of a pg-boss job: its id, and pg-boss's retry_count when it was fetched. */
export interface JobAttempt {
  id: string;
  retryCount: number;
}

/** Heartbeats and the sweeper of one queue in this process. */
export interface JobHeartbeats {
  readonly workerId: string;
  /**
   * Runs `work` while beating for `job`: one beat before `work` starts, then every beatSeconds; the heartbeat row
   * is deleted when `work` settles. Returns or throws what `work` does.
   */
  beatWhile<T>(job: JobAttempt, work: () => Promise<T>): Promise<T>;
  /** One sweep now: fails the queue's stale active jobs; returns their ids. Throws database errors. */
  sweep(): Promise<string[]>;
  /** Stops the sweeper and every beat timer, and waits for a sweep under way. Heartbeat rows are left. */
  stop(): Promise<void>;
}

/** A worker id unique to this process: "host:pid:random". */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Starts the sweeper of `queue` (first sweep at once, then every sweepSeconds) and returns the heartbeats of this
 * process for that queue. `executeSql` runs on the database that holds pg-boss's `pgboss` schema and the
 * migrations' `job_heartbeats` table (PGlite or PostgreSQL). Errors go to `onError` (default: the boss's 'error'
 * event).
 */
export function startJobHeartbeats(boss: PgBoss, executeSql: ExecuteSql, queue: string, options: HeartbeatOptions = {}): JobHeartbeats {
  const beatSeconds = options.beatSeconds ?? HEARTBEAT_DEFAULTS.beatSeconds;
  const sweepSeconds = options.sweepSeconds ?? HEARTBEAT_DEFAULTS.sweepSeconds;
  const staleSeconds = options.staleSeconds ?? HEARTBEAT_DEFAULTS.staleSeconds;
  const workerId = options.workerId ?? newWorkerId();
  const onError = options.onError ?? ((err: Error) => boss.emit('error', err));
  const beats = new Set<NodeJS.Timeout>();
  let stopped = false;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> = Promise.resolve();

  const sweep = () => sweepStaleJobs(boss, executeSql, queue, staleSeconds);
  const tick = () => {
    sweeping = sweep()
      .catch((err: Error) => onError(err))
      .finally(() => {
        if (!stopped) {
          sweepTimer = setTimeout(tick, sweepSeconds * 1000);
          sweepTimer.unref();
        }
      });
  };
  tick();

  return {
    workerId,
    sweep,
    async beatWhile<T>(job: JobAttempt, work: () => Promise<T>): Promise<T> {
      let lost = false;
      const once = async () => {
        if (lost) return;
        try {
          if (!(await beat(executeSql, queue, job, workerId)) && !lost) {
            lost = true;
            options.onLost?.(job);
          }
        } catch (err) {
          onError(err as Error);
        }
      };
      await once();
      const timer = setInterval(() => void once(), beatSeconds * 1000);
      timer.unref();
      beats.add(timer);
      try {
        return await work();
      } finally {
        clearInterval(timer);
        beats.delete(timer);
        // After stop() the database may be closing; the row is then left for a sweeper to clear.
        if (!stopped) await executeSql('delete from job_heartbeats where job_id = $1 and worker_id = $2', [job.id, workerId]).catch((err: Error) => onError(err));
      }
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearTimeout(sweepTimer);
      for (const timer of beats) clearInterval(timer);
      beats.clear();
      await sweeping;
    },
  };
}

/**
 * Writes one heartbeat of `job` by `workerId`: true when written, false when the job is no longer active in that
 * attempt (then nothing is written).
 */
export async function beat(executeSql: ExecuteSql, queue: string, job: JobAttempt, workerId: string): Promise<boolean> {
  const { rows } = await executeSql(
    `insert into job_heartbeats (job_id, queue, worker_id, beat_at)
     select id, name, $3, now() from pgboss.job where name = $1 and id = $2 and state = 'active' and retry_count = $4
     on conflict (job_id) do update set worker_id = excluded.worker_id, beat_at = excluded.beat_at
     returning job_id`,
    [queue, job.id, workerId, job.retryCount],
  );
  return rows.length > 0;
}

/**
 * Fails the jobs of `queue` that are active with no sign of life for `staleSeconds`: neither their start
 * (`started_on`, set by each fetch) nor their heartbeat is that recent. A heartbeat row left by an earlier attempt
 * is older than the new attempt's start, so a job just taken up again is never failed for it. Then deletes
 * heartbeat rows of jobs no longer active. Returns the ids failed.
 */
export async function sweepStaleJobs(boss: PgBoss, executeSql: ExecuteSql, queue: string, staleSeconds: number): Promise<string[]> {
  const { rows } = await executeSql(
    `select j.id from pgboss.job j left join job_heartbeats h on h.job_id = j.id
     where j.name = $1 and j.state = 'active' and greatest(j.started_on, h.beat_at) < now() - make_interval(secs => $2)`,
    [queue, staleSeconds],
  );
  const ids = rows.map((r) => String(r.id));
  for (const id of ids) {
    await boss.fail(queue, id, { message: `no heartbeat from its worker for ${staleSeconds} s; the worker is taken for dead` });
  }
  await executeSql(
    `delete from job_heartbeats h where h.queue = $1
     and not exists (select 1 from pgboss.job j where j.name = $1 and j.id = h.job_id and j.state = 'active')`,
    [queue],
  );
  return ids;
}
