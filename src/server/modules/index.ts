/**
 * The server modules of Sobanura (docs/decisions/038-modules-declare-themselves.md), each declared in its own
 * `<module>.module.ts`. Services are built in the order of what they need, whatever the order here
 * (module-kit.ts `planServices`); routes are registered in the order of this list, which only keeps the order of
 * the logs and of /api route listings as they were (no route of one module shadows another's).
 * Adding a module: its declaration, and one line here.
 */
import { accountsModule } from './accounts/accounts.module.js';
import { adminModule } from './admin/admin.module.js';
import { billingModule } from './billing/billing.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { contactModule } from './contact/contact.module.js';
import { giftsModule } from './gifts/gifts.module.js';
import { mediaModule } from './media/media.module.js';
import { buildServices, jobNeeds, planServices, type ModuleContext, type ProcessRole, type ServerModule } from './module-kit.js';
import { offlineModule } from './offline/offline.module.js';
import { payoutsModule } from './payouts/payouts.module.js';
import { playbackModule } from './playback/playback.module.js';
import { progressModule } from './progress/progress.module.js';
import { recoveryModule } from './recovery/recovery.module.js';
import { rightsModule } from './rights/rights.module.js';
import { siteModule } from './site/site.module.js';
import { statementsModule } from './statements/statements.module.js';
import { studioModule } from './studio/studio.module.js';
import { systemModule } from './system/system.module.js';
import { vouchersModule } from './vouchers/vouchers.module.js';
import { viewingModule } from './viewing/viewing.module.js';
import type { Services } from '../services.js';

export const SERVER_MODULES: readonly ServerModule[] = [
  systemModule,
  accountsModule,
  catalogModule,
  mediaModule,
  playbackModule,
  offlineModule,
  viewingModule,
  studioModule,
  progressModule,
  billingModule,
  vouchersModule,
  giftsModule,
  contactModule,
  recoveryModule,
  siteModule,
  adminModule,
  statementsModule,
  payoutsModule,
  rightsModule,
];

/**
 * Builds the services of a process: every service for a web server (`all`/`web`: its routes use them all), only
 * those its jobs need for a worker (`jobsOnly`). The modules default to SERVER_MODULES.
 * @throws ModuleGraphError for a missing or cyclic dependency (at start, before anything is served).
 */
export function createServices(ctx: ModuleContext, opts: { jobsOnly?: ProcessRole; modules?: readonly ServerModule[] } = {}): Services {
  const modules = opts.modules ?? SERVER_MODULES;
  return buildServices(planServices(modules, opts.jobsOnly ? jobNeeds(modules, opts.jobsOnly) : undefined), ctx);
}
