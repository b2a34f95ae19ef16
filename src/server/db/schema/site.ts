/**
 * Site settings (docs/decisions/022-site-settings-and-prices.md): one row, id 1, holding the whole settings document
 * as JSON (validated by src/shared/contracts/site.ts `siteSettings` on every write and read). No row means the
 * defaults. `updated_by` is the super admin who saved last (kept as text when that account is deleted: set null).
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.js';

export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
