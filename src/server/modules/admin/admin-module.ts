/**
 * Composition of the admin panel's server side (ADR 010), so app.ts stays short: `createAdminServices` builds
 * the repositories and services over the database and the catalogue services; `adminRoutes` (admin.routes.ts)
 * registers the routes of src/shared/contracts/admin.ts.
 */
import type { Database } from '../../db/client.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import type { BrowseServices } from '../catalog/browse-module.js';
import { createAdminRepository } from './admin.repository.js';
import { createAnalyticsRepository } from './analytics.repository.js';
import { createAnalyticsService } from './analytics.service.js';
import { createContentService } from './content.service.js';
import { createFilmPartsRepository } from './film-parts.repository.js';
import { createFilmPartsService } from './film-parts.service.js';
import { createImagesService } from './images.service.js';
import { createPeopleRepository } from './people.repository.js';
import { createPeopleService } from './people.service.js';

export function createAdminServices(db: Database, browsing: Pick<BrowseServices, 'catalog' | 'series' | 'groups'> & Partial<Pick<BrowseServices, 'catalogCache'>>, opts: { storage: MediaStorage; clock?: () => Date }) {
  return {
    filmParts: createFilmPartsService({ repo: createFilmPartsRepository(db), cache: browsing.catalogCache }),
    content: createContentService({ repo: createAdminRepository(db), catalog: browsing.catalog, series: browsing.series, groups: browsing.groups }),
    images: createImagesService({ storage: opts.storage }),
    people: createPeopleService({ repo: createPeopleRepository(db) }),
    analytics: createAnalyticsService({ repo: createAnalyticsRepository(db), clock: opts.clock }),
  };
}
export type AdminServices = ReturnType<typeof createAdminServices>;
export { adminRoutes } from './admin.routes.js';
