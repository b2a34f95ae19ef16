/**
 * Contact messages (docs/product/viewer.md §2 "Contact": first name, last name, email, subject, message; unlike the
 * spec's form, it really sends and the admins read an inbox), client error reports (docs/product/viewer.md §8:
 * warn, error, critical; also reported to the server) and the interface language kept for signed-in viewers.
 * Errors: `not_found` (404) for an unknown message id.
 */
import type { ContactBody, ContactMessageView } from '../../../shared/contracts/contact.js';
import type { ClientErrorEntry } from '../../../shared/domain/client-errors.js';
import { AppError } from '../../lib/app-error.js';
import type { ClientErrorRow, ContactMessageRow, ContactRepository, UiLanguage } from './contact.repository.js';

/** Longest stored `data` of a client error, characters. */
export const CLIENT_ERROR_DATA_MAX = 4000;

const messageView = (r: ContactMessageRow): ContactMessageView => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  subject: r.subject,
  message: r.message,
  userId: r.userId ?? null,
  handled: r.handled,
  createdAt: r.createdAt.toISOString(),
  handledAt: r.handledAt ? r.handledAt.toISOString() : null,
});

const errorView = (r: ClientErrorRow) => ({
  id: r.id,
  level: r.level,
  message: r.message,
  data: r.data ?? null,
  context: r.context ?? null,
  clientTime: r.clientTime,
  userId: r.userId ?? null,
  userAgent: r.userAgent ?? null,
  createdAt: r.createdAt.toISOString(),
});

function dataText(data: unknown): string | null {
  if (data === undefined || data === null) return null;
  let s: string;
  try {
    s = typeof data === 'string' ? data : JSON.stringify(data);
  } catch {
    s = String(data);
  }
  return s.length > CLIENT_ERROR_DATA_MAX ? s.slice(0, CLIENT_ERROR_DATA_MAX) : s;
}

export function createContactService(deps: { repo: ContactRepository }) {
  const { repo } = deps;
  return {
    /** Stores a message from the Contact page; `userId` is the signed-in sender or null. Returns the new id. */
    async send(body: ContactBody, userId: string | null): Promise<{ id: string }> {
      const row = await repo.insertMessage({ ...body, userId });
      return { id: row.id };
    },
    async listMessages(q: { handled?: boolean; limit: number; offset: number }) {
      const { items, total } = await repo.listMessages(q);
      return { items: items.map(messageView), total };
    },
    /** @throws AppError 404 not_found */
    async setHandled(id: string, handled: boolean) {
      const row = await repo.setHandled(id, handled);
      if (!row) throw new AppError(404, 'not_found', 'Message not found');
      return { message: messageView(row) };
    },
    /** Stores a batch of browser error entries; `data` is kept as text of at most CLIENT_ERROR_DATA_MAX characters. */
    async report(entries: ClientErrorEntry[], meta: { userId: string | null; userAgent: string | null }): Promise<number> {
      return repo.insertClientErrors(
        entries.map((e) => ({
          level: e.level,
          message: e.message,
          data: dataText(e.data),
          context: e.context ?? null,
          clientTime: e.timestamp,
          userId: meta.userId,
          userAgent: meta.userAgent ? meta.userAgent.slice(0, 300) : null,
        })),
      );
    },
    async listClientErrors(q: { limit: number; offset: number }) {
      const { items, total } = await repo.listClientErrors(q);
      return { items: items.map(errorView), total };
    },
    language: (userId: string) => repo.language(userId),
    setLanguage: (userId: string, language: UiLanguage) => repo.setLanguage(userId, language),
  };
}
export type ContactService = ReturnType<typeof createContactService>;
