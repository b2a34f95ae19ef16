/**
 * Contact messages from the Contact page and error reports from browsers (docs/product/viewer.md §2 "Contact" and §8),
 * both read by admins. A message's sender may be a visitor (user_id null); a deleted user's messages stay, unlinked.
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../shared/domain/languages.js';
import { user } from './auth.js';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    handled: boolean('handled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_handled_created_idx').on(t.handled, t.createdAt)],
);

export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: text('level', { enum: ['warn', 'error', 'critical'] }).notNull(),
    message: text('message').notNull(),
    data: text('data'),
    context: text('context'),
    /** The time the browser gave, as sent (not trusted for ordering). */
    clientTime: text('client_time').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);

/** Interface preferences of a signed-in viewer (the language kept in the profile). */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  language: text('language', { enum: LANGUAGE_CODES }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
