/**
 * The media module (docs/decisions/038-modules-declare-themselves.md): the media storage and upload sources
 * (ADR 016), uploads and transcoding; its jobs, worked where ffmpeg runs (role worker; ADR 016): `transcode-video`
 * and the ingest upkeep at start and every minute (jobs/transcode.job.ts, jobs/media-upkeep.job.ts).
 */
import { z } from 'zod';
import { startMediaUpkeep } from '../../jobs/media-upkeep.job.js';
import { retryOrphanedJobs } from '../../jobs/queue.js';
import { registerTranscodeJob } from '../../jobs/transcode.job.js';
import { sweepWorkFolders } from '../../jobs/work-folders.js';
import { createMediaStorage } from '../../providers/storage/create-storage.js';
import { createLocalUploadSources, createS3UploadSources } from '../../providers/storage/upload-sources.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createMediaRepository } from './media.repository.js';
import { mediaRoutes } from './media.routes.js';
import { createMediaService, TRANSCODE_QUEUE } from './media.service.js';
import { createRedisLocker } from './redis-locker.js';
import { uploadRoutes } from './upload.routes.js';

export const mediaModule: ServerModule = {
  name: 'media',
  services: [
    provide({
      provides: ['storage', 'sources'],
      needs: [],
      build: ({ config, onStorageError }) => {
        const storage = createMediaStorage(config, { onError: onStorageError });
        const expiry = { expiryHours: config.uploadExpiryHours };
        const sources = config.storage === 's3' ? createS3UploadSources(config.s3!, storage, expiry) : createLocalUploadSources(config.uploadDir, expiry);
        return { storage, sources };
      },
    }),
    provide({
      provides: ['media'],
      needs: ['storage', 'sources'],
      build: ({ config, db, transcoder, queue, log, onTranscoded }, deps) => ({
        media: createMediaService({ repo: createMediaRepository(db.db), transcoder, storage: deps.storage, sources: deps.sources, queue, log, onTranscoded, uploadExpiryHours: config.uploadExpiryHours }),
      }),
    }),
  ],
  async routes({ app, config, services, redis, onClose }) {
    await app.register(mediaRoutes({ media: services.media }));
    // Chunks of one upload may reach any instance: with Redis, one lock per upload across all of them (ADR 016).
    const uploadLocker = redis ? createRedisLocker({ redis, keyPrefix: `${config.redisKeyPrefix}tus-lock:` }) : null;
    if (uploadLocker) onClose(() => uploadLocker.close());
    await app.register(uploadRoutes({ media: services.media, sources: services.sources, ...(uploadLocker ? { locker: uploadLocker } : {}) }));
  },
  jobs: [
    {
      // Retry policy as MediaService.transcode sends it: 4 retries 5 s apart (media.service.ts).
      queues: [{ name: TRANSCODE_QUEUE, payload: z.object({ videoId: z.uuid() }), retry: { limit: 4, delaySeconds: 5 } }],
      role: 'worker',
      needs: ['media'],
      async start({ boss, services, executeSql, dbKind, heartbeat, withLock, log }) {
        const swept = await sweepWorkFolders();
        if (swept) log.info({ folders: swept }, 'removed the work folders of stopped workers');
        // Before this process's worker takes any job: afterwards a job it had just taken would count as orphaned, be
        // failed under it, and one stop would use up two tries.
        if (dbKind === 'pglite') {
          const n = await retryOrphanedJobs(boss, executeSql, TRANSCODE_QUEUE);
          if (n) log.info({ jobs: n }, 'transcode jobs interrupted by the last stop run again');
        }
        const transcode = await registerTranscodeJob(boss, services.media, executeSql, heartbeat);
        // On PGlite this is the only process: at start nothing else can be finishing an upload, so nothing need wait.
        const upkeep = startMediaUpkeep(services.media, { withLock, firstPass: dbKind === 'pglite' ? { idleSeconds: 0 } : undefined, onError: (err) => boss.emit('error', err) });
        return {
          async stop() {
            await upkeep.stop();
            await transcode.stop();
          },
        };
      },
    },
  ],
};
