/**
 * Profiles and roles (docs/product/viewer.md §3: Profile, User role row). A role change is a new `user_roles`
 * row; the latest row by `assigned_at` wins and no row means `user` (docs/product/viewer.md §7).
 */
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';

/** `translator`: a signed-in viewer linked to a translator (ADR 047); no admin rights. */
export const roleEnum = pgEnum('role', ['user', 'admin', 'super_admin', 'translator']);

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull().default(''),
  phone: text('phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    /** Who made the change (null: the command line or the system). */
    assignedBy: text('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_roles_user_assigned_idx').on(t.userId, t.assignedAt)],
);
