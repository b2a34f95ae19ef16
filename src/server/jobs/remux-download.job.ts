/**
 * Job `remux-download`: payload `{ videoId, rendition }`; handler DownloadRemuxer.remux (the MP4 download of one
 * rendition, made once and kept in storage); retry policy: 1 retry (set when the job is sent, download-remux.ts).
 * Runs on processes that may run ffmpeg (SOBANURA_ROLE all or worker; docs/decisions/016-object-storage-and-roles.md).
 */
import type PgBoss from 'pg-boss';
import { REMUX_QUEUE, type DownloadRemuxer, type RemuxPayload } from '../modules/playback/download-remux.js';

export async function registerRemuxDownloadJob(boss: PgBoss, downloads: Pick<DownloadRemuxer, 'remux'>): Promise<void> {
  await boss.createQueue(REMUX_QUEUE);
  await boss.work<RemuxPayload>(REMUX_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await downloads.remux(job.data.videoId, job.data.rendition);
  });
}
