/**
 * The playback module (docs/decisions/038-modules-declare-themselves.md): signed media URLs (ADR 003), playback
 * sessions and limits (ADR 009), media and download delivery (ADR 017), and the download remux, run where ffmpeg
 * runs (ADR 016): in process on `all` and `worker`, handed to a worker's `remux-download` job from a web instance.
 */
import { z } from 'zod';
import { registerRemuxDownloadJob } from '../../jobs/remux-download.job.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createDownloadDelivery } from './download-delivery.js';
import { createDownloadRemuxer, REMUX_QUEUE } from './download-remux.js';
import { createMediaDelivery } from './media-delivery.js';
import { createPlaybackRepository } from './playback.repository.js';
import { playbackRoutes } from './playback.routes.js';
import { createPlaybackService } from './playback.service.js';
import { createUrlSigner } from './url-signer.js';
import { trustedPeer } from '../../lib/trust-proxy.js';

export const playbackModule: ServerModule = {
  name: 'playback',
  services: [
    provide({ provides: ['playbackRepo'], needs: [], build: ({ db }) => ({ playbackRepo: createPlaybackRepository(db.db) }) }),
    provide({
      provides: ['delivery', 'downloadDelivery'],
      needs: ['storage'],
      build: ({ config }, { storage }) => {
        // X-Accel-Redirect only to requests from a TRUST_PROXY proxy; a client talking to the instance gets the bytes (ADR 017).
        const delivery = createMediaDelivery(storage, config.mediaAccelPrefix, trustedPeer(config.trustProxy));
        return { delivery, downloadDelivery: createDownloadDelivery({ storage, delivery }) };
      },
    }),
    provide({
      provides: ['downloads'],
      needs: ['storage'],
      build: ({ config, queue }, { storage }) => ({ downloads: createDownloadRemuxer({ storage, ffmpegPath: config.ffmpegPath, queue, inProcess: config.role !== 'web' }) }),
    }),
    provide({ provides: ['signer'], needs: [], build: ({ config }) => ({ signer: createUrlSigner(config.urlSigningSecret) }) }),
    provide({
      provides: ['playback'],
      needs: ['playbackRepo', 'billingRepo', 'rights', 'signer', 'storage', 'progress', 'downloads', 'minutes'],
      build: ({ config }, deps) => ({
        playback: createPlaybackService({
          repo: deps.playbackRepo,
          billing: deps.billingRepo,
          rights: deps.rights,
          signer: deps.signer,
          storage: deps.storage,
          resumeOf: deps.progress.resumeOf,
          downloads: deps.downloads,
          allowFileDownloads: config.allowFileDownloads,
          // The minutes-watched ledger (ADR 049); MINUTES_LEDGER=false only to measure its cost.
          minutes: config.minutesLedger ? deps.minutes : undefined,
        }),
      }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(playbackRoutes({ playback: services.playback, signer: services.signer, storage: services.storage, delivery: services.delivery, downloadDelivery: services.downloadDelivery, repo: services.playbackRepo }));
  },
  jobs: [
    {
      // Retry policy as the remuxer sends it: 1 retry (download-remux.ts).
      queues: [{ name: REMUX_QUEUE, payload: z.object({ videoId: z.uuid(), rendition: z.string().min(1) }), retry: { limit: 1 } }],
      role: 'worker',
      needs: ['downloads'],
      start: ({ boss, services }) => registerRemuxDownloadJob(boss, services.downloads),
    },
  ],
};
