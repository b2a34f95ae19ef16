/**
 * Job `transcode-video`: payload `{ videoId }`; handler MediaService.transcode; retry policy: 4 retries 5 s
 * apart (set when the job is sent, media.service.ts), the last attempt marks the asset failed with the reason. One
 * job at a time per worker process (a 2-core machine transcodes one ladder at once).
 *
 * A last attempt that never reaches its own failure path (its worker killed, then the job failed for good by the
 * sweep below; or the job past its pg-boss expiry) leaves the asset 'processing' with no live job: the ingest upkeep
 * (media-upkeep.job.ts, every minute) marks it failed with the job's reason.
 *
 * While a job runs, this worker beats for it, and every worker process sweeps the queue for jobs whose worker
 * stopped beating (src/server/jobs/job-heartbeat.ts): a job of a killed worker is failed and so retried by pg-boss
 * within staleSeconds + sweepSeconds + retryDelay (about 45 s with the defaults). MediaService.transcode clears
 * the video's output before it starts, so a retried job starts over from the beginning, never on a half ladder.
 */
import type PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.js';
import type { MediaService } from '../modules/media/media.service.js';
import { TRANSCODE_QUEUE } from '../modules/media/media.service.js';
import { startJobHeartbeats, type HeartbeatOptions } from './job-heartbeat.js';

export interface TranscodePayload {
  videoId: string;
}

/** What registerTranscodeJob started; `stop()` ends its heartbeat and sweeper timers (not the pg-boss worker). */
export interface TranscodeJobHandle {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Creates the queue, starts this process's worker for it (pg-boss `work`, polling every second) and the
 * heartbeats and sweeper of the queue. `executeSql` runs on the database of `boss`. `opts` tunes the heartbeat
 * timings (HEARTBEAT_DEFAULTS: beat 5 s, sweep 10 s, stale after 30 s); errors of beats and sweeps go to the boss's
 * 'error' event unless `opts.onError` is given.
 */
export async function registerTranscodeJob(
  boss: PgBoss,
  media: Pick<MediaService, 'transcode'>,
  executeSql: ExecuteSql,
  opts: HeartbeatOptions = {},
): Promise<TranscodeJobHandle> {
  await boss.createQueue(TRANSCODE_QUEUE);
  const onError = opts.onError ?? ((err: Error) => boss.emit('error', err));
  const heartbeats = startJobHeartbeats(boss, executeSql, TRANSCODE_QUEUE, {
    ...opts,
    onError,
    onLost:
      opts.onLost ??
      ((job) => onError(new Error(`transcode job ${job.id} (attempt ${job.retryCount}) was given to another worker while this one still runs it`))),
  });
  try {
    await boss.work<TranscodePayload>(TRANSCODE_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      await heartbeats.beatWhile(job, () => media.transcode(job.data.videoId, job.retryCount >= job.retryLimit));
    });
  } catch (err) {
    await heartbeats.stop();
    throw err;
  }
  return { workerId: heartbeats.workerId, stop: () => heartbeats.stop() };
}
