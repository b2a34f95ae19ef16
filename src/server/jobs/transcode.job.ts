/**
 * Job `transcode-video`: payload `{ videoId }`; handler MediaService.transcode; retry policy: 2 retries 5 s
 * apart (set when the job is sent), the last attempt marks the asset failed with the reason. One job at a
 * time per worker process (a 2-core machine transcodes one ladder at once).
 */
import type PgBoss from 'pg-boss';
import type { MediaService } from '../modules/media/media.service.js';
import { TRANSCODE_QUEUE } from '../modules/media/media.service.js';

export interface TranscodePayload {
  videoId: string;
}

export async function registerTranscodeJob(boss: PgBoss, media: MediaService): Promise<void> {
  await boss.createQueue(TRANSCODE_QUEUE);
  await boss.work<TranscodePayload>(TRANSCODE_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await media.transcode(job.data.videoId, job.retryCount >= job.retryLimit);
  });
}
