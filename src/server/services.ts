/**
 * The services of Sobanura, built once per process from its configuration, open database, transcoder and job queue,
 * and their type `Services`. In a file of its own so that what reads the type (system routes, command line, jobs)
 * does not import app.ts, which imports them back (docs/decisions/038-modules-declare-themselves.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { CounterStore } from './lib/rate-counters.js';
import { createAccountsRepository } from './modules/accounts/accounts.repository.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createAdminServices } from './modules/admin/admin-module.js';
import { createBillingRepository } from './modules/billing/billing.repository.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { createBrowseServices, type BrowseOptions } from './modules/catalog/browse-module.js';
import { createDemoSeeder } from './modules/catalog/demo-seed.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { createContactService } from './modules/contact/contact.service.js';
import { createMediaRepository } from './modules/media/media.repository.js';
import { createMediaService } from './modules/media/media.service.js';
import { createOfflineRepository } from './modules/offline/offline.repository.js';
import { createOfflineService } from './modules/offline/offline.service.js';
import { createDownloadDelivery } from './modules/playback/download-delivery.js';
import { createDownloadRemuxer } from './modules/playback/download-remux.js';
import { createMediaDelivery } from './modules/playback/media-delivery.js';
import { createPlaybackRepository } from './modules/playback/playback.repository.js';
import { createPlaybackService } from './modules/playback/playback.service.js';
import { createUrlSigner } from './modules/playback/url-signer.js';
import { createProgressRepository } from './modules/progress/progress.repository.js';
import { createProgressService } from './modules/progress/progress.service.js';
import { createRecoveryRepository } from './modules/recovery/recovery.repository.js';
import { createRecoveryService } from './modules/recovery/recovery.service.js';
import { createSiteRepository } from './modules/site/site.repository.js';
import { createSiteService } from './modules/site/site.service.js';
import { createAuth } from './plugins/auth.js';
import { createMessaging } from './providers/messaging/create-messaging.js';
import { createPaymentProviders } from './providers/payments/payment-router.js';
import { createMediaStorage } from './providers/storage/create-storage.js';
import { createLocalUploadSources, createS3UploadSources } from './providers/storage/upload-sources.js';
import type { Transcoder } from './providers/transcoder/transcoder.js';

export function createServices(opts: {
  config: Config;
  db: DbHandle;
  transcoder: Transcoder;
  queue: JobQueue;
  log: FastifyInstance['log'];
  browse?: BrowseOptions;
  /** Called when a storage operation fails (the storage-errors counter). */
  onStorageError?: (op: string, err: unknown) => void;
  /** Called with the seconds a ladder took (the transcode-duration histogram). */
  onTranscoded?: (seconds: number) => void;
  /** Where the recovery limits count (ADR 021); default: this process's memory. */
  counters?: CounterStore;
}) {
  const { config, db, transcoder, queue, log } = opts;
  const accountsRepo = createAccountsRepository(db.db);
  const auth = createAuth(db.db, { secret: config.sessionSecret, publicUrl: config.publicUrl });
  const accounts = createAccountsService({ auth, accounts: accountsRepo });
  const billingRepo = createBillingRepository(db.db);
  // Site settings, plan prices among them (ADR 022): a payment is created at the price in force and keeps it.
  const site = createSiteService({ repo: createSiteRepository(db.db), db: db.db, listen: db.listen, log });
  const paymentProviders = createPaymentProviders(config, async (ref) => {
    const { rows } = await db.executeSql('select msisdn, created_at from payments where provider_reference = $1', [ref]);
    const r = rows[0];
    return r ? { msisdn: (r.msisdn as string | null) ?? null, createdAt: new Date(r.created_at as string) } : null;
  });
  const billing = createBillingService({
    repo: billingRepo,
    providers: paymentProviders,
    log,
    callbackBaseUrl: config.payments.mode === 'live' && config.payments.callbacks ? config.publicUrl : null,
    publicUrl: config.publicUrl,
    approvalSeconds: config.payments.approvalSeconds,
    planPrice: site.planPrice,
  });
  const browsing = createBrowseServices(db, log, opts.browse);
  const { catalog } = browsing;
  const storage = createMediaStorage(config, { onError: opts.onStorageError });
  const expiry = { expiryHours: config.uploadExpiryHours };
  const sources = config.storage === 's3' ? createS3UploadSources(config.s3!, storage, expiry) : createLocalUploadSources(config.uploadDir, expiry);
  const media = createMediaService({ repo: createMediaRepository(db.db), transcoder, storage, sources, queue, log, onTranscoded: opts.onTranscoded, uploadExpiryHours: config.uploadExpiryHours });
  const delivery = createMediaDelivery(storage, config.mediaAccelPrefix);
  const downloadDelivery = createDownloadDelivery({ storage, delivery, accel: config.mediaAccelPrefix !== null });
  // ffmpeg runs where transcoding runs (ADR 016): a web instance hands the download remux to a worker.
  const downloads = createDownloadRemuxer({ storage, ffmpegPath: config.ffmpegPath, queue, inProcess: config.role !== 'web' });
  const signer = createUrlSigner(config.urlSigningSecret);
  const playbackRepo = createPlaybackRepository(db.db);
  const progress = createProgressService({ repo: createProgressRepository(db.db), playback: playbackRepo });
  const playback = createPlaybackService({ repo: playbackRepo, billing: billingRepo, signer, storage, resumeOf: progress.resumeOf, downloads, allowFileDownloads: config.allowFileDownloads });
  // Offline downloads inside the app, a key per download (ADR 027).
  const offline = createOfflineService({ repo: createOfflineRepository(db.db), playback: playbackRepo, billing: billingRepo, storage });
  const demo = createDemoSeeder({ catalog, media, ffmpegPath: config.ffmpegPath });
  const contact = createContactService({ repo: createContactRepository(db.db) });
  const admin = createAdminServices(db.db, browsing, { storage });
  // Account recovery (ADR 021): mail and SMS senders (the outbox table by default) and password resets.
  const messaging = createMessaging(config.messaging, db.db, log);
  const outbox = messaging.outbox;
  const recovery = createRecoveryService({
    repo: createRecoveryRepository(db.db),
    mail: messaging.mail,
    sms: messaging.sms,
    log,
    publicUrl: config.publicUrl,
    store: opts.counters ?? { redis: null, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret },
    hashPassword: async (password) => (await auth.$context).password.hash(password),
  });
  return { auth, accountsRepo, accounts, billingRepo, paymentProviders, billing, ...browsing, storage, sources, delivery, downloadDelivery, downloads, media, signer, playback, playbackRepo, offline, progress, demo, contact, admin, site, outbox, recovery };
}
export type Services = ReturnType<typeof createServices>;
