/**
 * `Services`: every service of Sobanura by name, as the modules build them (src/server/modules/<module>/<module>.module.ts,
 * built in the order of what each needs: modules/module-kit.ts). A process builds only those it uses (a worker: its
 * jobs' services), so a service a module did not declare it needs is absent at run time.
 * Types only, in a file of its own: what reads the type (system routes, command line, jobs) imports neither app.ts
 * nor the module list, so no import cycle, type-only included, goes through here
 * (docs/decisions/038-modules-declare-themselves.md).
 */
import type { createAccountsRepository } from './modules/accounts/accounts.repository.js';
import type { createAccountsService } from './modules/accounts/accounts.service.js';
import type { createRegistrationGuard } from './modules/accounts/registration-guard.js';
import type { AdminServices } from './modules/admin/admin-module.js';
import type { createTranslatorAccountsService } from './modules/admin/translator-accounts.service.js';
import type { createBillingRepository } from './modules/billing/billing.repository.js';
import type { createBillingService } from './modules/billing/billing.service.js';
import type { createCardPaymentsService } from './modules/billing/card-payments.service.js';
import type { createRefundsService } from './modules/billing/refunds.service.js';
import type { createAdminPaymentsService } from './modules/billing/admin-payments.service.js';
import type { BrowseServices } from './modules/catalog/browse-module.js';
import type { createDemoSeeder } from './modules/catalog/demo-seed.js';
import type { createGiftDelivery } from './modules/gifts/gift-delivery.js';
import type { createGiftsService } from './modules/gifts/gifts.service.js';
import type { createContactService } from './modules/contact/contact.service.js';
import type { createMediaService } from './modules/media/media.service.js';
import type { createOfflineService } from './modules/offline/offline.service.js';
import type { createDownloadDelivery } from './modules/playback/download-delivery.js';
import type { createDownloadRemuxer } from './modules/playback/download-remux.js';
import type { createMediaDelivery } from './modules/playback/media-delivery.js';
import type { createPlaybackRepository } from './modules/playback/playback.repository.js';
import type { createPlaybackService } from './modules/playback/playback.service.js';
import type { createUrlSigner } from './modules/playback/url-signer.js';
import type { createPayoutsService } from './modules/payouts/payouts.service.js';
import type { createProgressService } from './modules/progress/progress.service.js';
import type { createRecoveryService } from './modules/recovery/recovery.service.js';
import type { createRightsService } from './modules/rights/rights.service.js';
import type { createSiteService } from './modules/site/site.service.js';
import type { createStatementsService } from './modules/statements/statements.service.js';
import type { createVouchersService } from './modules/vouchers/vouchers.service.js';
import type { createViewingService } from './modules/viewing/viewing.service.js';
import type { createAuth } from './plugins/auth.js';
import type { DisbursementProviders } from './providers/disbursement/disbursement-operators.js';
import type { Messaging } from './providers/messaging/create-messaging.js';
import type { createPaymentProviders } from './providers/payments/payment-router.js';
import type { createMediaStorage } from './providers/storage/create-storage.js';
import type { UploadSources } from './providers/storage/upload-sources.js';
import type { StudioService } from './modules/studio/studio.service.js';

export interface Services extends BrowseServices {
  auth: ReturnType<typeof createAuth>;
  accountsRepo: ReturnType<typeof createAccountsRepository>;
  accounts: ReturnType<typeof createAccountsService>;
  registration: ReturnType<typeof createRegistrationGuard>;
  billingRepo: ReturnType<typeof createBillingRepository>;
  paymentProviders: ReturnType<typeof createPaymentProviders>;
  billing: ReturnType<typeof createBillingService>;
  cardPayments: ReturnType<typeof createCardPaymentsService>;
  refunds: ReturnType<typeof createRefundsService>;
  adminPayments: ReturnType<typeof createAdminPaymentsService>;
  storage: ReturnType<typeof createMediaStorage>;
  sources: UploadSources;
  delivery: ReturnType<typeof createMediaDelivery>;
  downloadDelivery: ReturnType<typeof createDownloadDelivery>;
  downloads: ReturnType<typeof createDownloadRemuxer>;
  media: ReturnType<typeof createMediaService>;
  signer: ReturnType<typeof createUrlSigner>;
  playback: ReturnType<typeof createPlaybackService>;
  playbackRepo: ReturnType<typeof createPlaybackRepository>;
  /** The display items' statistics, refreshed when stale (jobs/catalog.jobs.ts; ADR 036): true when it ran. */
  catalogStatistics: { refreshIfStale(): Promise<boolean> };
  offline: ReturnType<typeof createOfflineService>;
  progress: ReturnType<typeof createProgressService>;
  demo: ReturnType<typeof createDemoSeeder>;
  contact: ReturnType<typeof createContactService>;
  admin: AdminServices;
  /** Translators as admins manage them, with their accounts (ADR 047). */
  translatorAdmin: ReturnType<typeof createTranslatorAccountsService>;
  site: ReturnType<typeof createSiteService>;
  messaging: Messaging;
  outbox: Messaging['outbox'];
  recovery: ReturnType<typeof createRecoveryService>;
  vouchers: ReturnType<typeof createVouchersService>;
  giftDelivery: ReturnType<typeof createGiftDelivery>;
  gifts: ReturnType<typeof createGiftsService>;
  /** The minutes-watched ledger (ADR 049). */
  minutes: ReturnType<typeof createViewingService>;
  /** A translator's own figures at /studio (ADR 047). */
  studio: StudioService;
  /** Monthly statements of rights holders (ADR 051). */
  statements: ReturnType<typeof createStatementsService>;
  /** The payout clients (ADR 048): the sandbox, or the live operators'. */
  disbursementProviders: DisbursementProviders;
  /** The payout run of closed statements (ADR 052). */
  payouts: ReturnType<typeof createPayoutsService>;
  /** Rights holders and licences of titles (ADR 050). */
  rights: ReturnType<typeof createRightsService>;
}
