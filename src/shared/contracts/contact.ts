import { z } from 'zod';
import { CLIENT_ERROR_LEVELS } from '../domain/client-errors.js';
import { LANGUAGE_CODES } from '../domain/languages.js';

export { CLIENT_ERROR_LEVELS, CLIENT_ERROR_LOG_CAP, CLIENT_ERROR_MAX_BYTES, CLIENT_ERROR_RATE_LIMIT_PER_MINUTE } from '../domain/client-errors.js';
export type { ClientErrorLevel } from '../domain/client-errors.js';

/**
 * Contact messages and client error reports (docs/product/viewer.md §2 "Contact" and §8 "Logged errors"; unlike the
 * spec's form, this one really sends, and client errors are reported to the server as well).
 * - POST  /api/contact                 anonymous, rate limited  { firstName, lastName, email, subject, message } → 201 { id }
 * - GET   /api/admin/messages          admin   ?handled=true|false&limit&offset → { items, total }
 * - PATCH /api/admin/messages/:id      admin   { handled } → { message }
 * - POST  /api/client-errors           anonymous, rate limited, body ≤ CLIENT_ERROR_MAX_BYTES  { entries } → 202 { accepted }
 * - GET   /api/admin/client-errors     admin   ?limit&offset → { items, total }
 */

/** Length limits of the contact form fields (characters). */
export const CONTACT_LIMITS = { name: 80, email: 254, subject: 150, message: 5000 } as const;
/** Contact form sends per address per hour (the form is rate limited). */
export const CONTACT_RATE_LIMIT_PER_HOUR = 5;

const trimmed = (max: number, label: string) => z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const contactBody = z.object({
  firstName: trimmed(CONTACT_LIMITS.name, 'First name'),
  lastName: trimmed(CONTACT_LIMITS.name, 'Last name'),
  email: z.string().trim().toLowerCase().max(CONTACT_LIMITS.email).pipe(z.email('Enter a valid email address')),
  subject: trimmed(CONTACT_LIMITS.subject, 'Subject'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});
export type ContactBody = z.infer<typeof contactBody>;
export const contactCreated = z.object({ id: z.string() });

export const contactMessageView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The signed-in sender's user id, null for a visitor. */
  userId: z.string().nullable(),
  handled: z.boolean(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessageView = z.infer<typeof contactMessageView>;

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
};
export const listMessagesQuery = z.object({
  handled: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...page,
});
export const listMessagesResponse = z.object({ items: z.array(contactMessageView), total: z.number().int() });
export const messageIdParams = z.object({ id: z.uuid() });
export const updateMessageBody = z.object({ handled: z.boolean() });
export const messageResponse = z.object({ message: contactMessageView });

export const clientErrorEntry = z.object({
  level: z.enum(CLIENT_ERROR_LEVELS),
  message: z.string().trim().min(1).max(1000),
  /** Free-form detail (stack, component), stored as text cut to 4000 characters. */
  data: z.unknown().optional(),
  /** ISO time on the client. */
  timestamp: z.string().max(40),
  /** Where it happened, e.g. the route path. */
  context: z.string().max(300).optional(),
});
export const clientErrorsBody = z.object({ entries: z.array(clientErrorEntry).min(1).max(10) });
export const clientErrorsAccepted = z.object({ accepted: z.number().int() });

export const clientErrorView = z.object({
  id: z.string(),
  level: z.enum(CLIENT_ERROR_LEVELS),
  message: z.string(),
  data: z.string().nullable(),
  context: z.string().nullable(),
  clientTime: z.string(),
  userId: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export const listClientErrorsQuery = z.object(page);
export const listClientErrorsResponse = z.object({ items: z.array(clientErrorView), total: z.number().int() });

/** Interface language stored in the profile for signed-in viewers (docs/product/viewer.md §4; domain/languages.ts). */
export const UI_LANGUAGES = LANGUAGE_CODES;
export const preferencesView = z.object({ language: z.enum(UI_LANGUAGES).nullable() });
export const updatePreferencesBody = z.object({ language: z.enum(UI_LANGUAGES) });
