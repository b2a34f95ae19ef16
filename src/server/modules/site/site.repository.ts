/**
 * The only place that reads and writes the site settings row (docs/decisions/022-site-settings-and-prices.md):
 * one row, id 1, its `data` the settings document as JSON. Validation is the service's; this stores what it is given.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { siteSettings as siteSettingsTable } from '../../db/schema/index.js';

export interface StoredSettings {
  data: unknown;
  updatedBy: string | null;
  updatedAt: Date;
}

export function createSiteRepository(db: Database) {
  return {
    /** The stored document, or null when no admin has saved yet (the defaults apply). */
    async read(): Promise<StoredSettings | null> {
      const [row] = await db.select().from(siteSettingsTable).where(eq(siteSettingsTable.id, 1));
      return row ? { data: row.data, updatedBy: row.updatedBy ?? null, updatedAt: row.updatedAt } : null;
    },
    /** Replaces the whole document (inserting the row the first time). */
    async write(data: unknown, updatedBy: string, now = new Date()): Promise<void> {
      await db
        .insert(siteSettingsTable)
        .values({ id: 1, data, updatedBy, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettingsTable.id, set: { data, updatedBy, updatedAt: now } });
    },
  };
}
export type SiteRepository = ReturnType<typeof createSiteRepository>;
