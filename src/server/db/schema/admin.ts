/**
 * Admin records (ADR 010 "Complimentary passes"): complimentary passes granted by support. Each grant is one row
 * (who granted which plan to whom, when, and why); the pass itself is the user's `subscriptions` row, extended with
 * source 'complimentary'. Analytics count these apart from passes sold.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';
import { planEnum } from './billing.js';

export const passGrants = pgTable(
  'pass_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: planEnum('plan').notNull(),
    /** The admin who granted it (null once their account is gone). */
    grantedBy: text('granted_by').references(() => user.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** The pass's expiry right after the grant. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pass_grants_user_idx').on(t.userId, t.createdAt), index('pass_grants_created_idx').on(t.createdAt)],
);
