/**
 * Job heartbeats: while a worker runs a job, it writes `beat_at` here every few seconds, so the other workers can
 * tell a job whose worker died (no recent beat) from a long job still running, and hand it back to pg-boss at
 * once instead of after the job's expiry (src/server/jobs/job-heartbeat.ts). pg-boss 10 has no heartbeat of its
 * own (pg-boss 11 added one). Rows are keyed by the pg-boss job id (pgboss.job.id, a uuid); times UTC from the
 * database's clock, so the workers' clocks never matter.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobHeartbeats = pgTable(
  'job_heartbeats',
  {
    /** The pg-boss job id; no foreign key: pgboss.job is pg-boss's own (partitioned) table. */
    jobId: uuid('job_id').primaryKey(),
    /** The pg-boss queue (job name), e.g. "transcode-video". */
    queue: text('queue').notNull(),
    /** The worker process that beats: "host:pid:random". */
    workerId: text('worker_id').notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_heartbeats_queue_idx').on(t.queue)],
);
