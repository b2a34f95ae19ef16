/**
 * The only place that queries contact messages, client error reports and interface preferences (docs/product/viewer.md
 * §2 "Contact" and §8 "Logged errors"). Lists are newest first.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '../../../shared/domain/languages.js';
import type { Database } from '../../db/client.js';
import { clientErrors, contactMessages, userPreferences } from '../../db/schema/index.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ClientErrorRow = typeof clientErrors.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewClientError = typeof clientErrors.$inferInsert;
export type UiLanguage = LanguageCode;

export function createContactRepository(db: Database) {
  return {
    async insertMessage(m: NewContactMessage): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(m).returning();
      return row!;
    },
    /** A page of messages, newest first, optionally only handled or only open ones, and the total that match. */
    async listMessages(opts: { handled?: boolean; limit: number; offset: number }): Promise<{ items: ContactMessageRow[]; total: number }> {
      const where: SQL | undefined = opts.handled === undefined ? undefined : and(eq(contactMessages.handled, opts.handled));
      const items = await db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(opts.limit).offset(opts.offset);
      const [c] = await db.select({ n: count() }).from(contactMessages).where(where);
      return { items, total: Number(c?.n ?? 0) };
    },
    /** Marks a message handled or open again; null when there is no such message. */
    async setHandled(id: string, handled: boolean): Promise<ContactMessageRow | null> {
      const [row] = await db
        .update(contactMessages)
        .set({ handled, handledAt: handled ? new Date() : null })
        .where(eq(contactMessages.id, id))
        .returning();
      return row ?? null;
    },
    async insertClientErrors(rows: NewClientError[]): Promise<number> {
      if (!rows.length) return 0;
      return (await db.insert(clientErrors).values(rows).returning({ id: clientErrors.id })).length;
    },
    async listClientErrors(opts: { limit: number; offset: number }): Promise<{ items: ClientErrorRow[]; total: number }> {
      const items = await db.select().from(clientErrors).orderBy(desc(clientErrors.createdAt), desc(clientErrors.id)).limit(opts.limit).offset(opts.offset);
      const [c] = await db.select({ n: count() }).from(clientErrors);
      return { items, total: Number(c?.n ?? 0) };
    },
    async language(userId: string): Promise<UiLanguage | null> {
      const [row] = await db.select({ language: userPreferences.language }).from(userPreferences).where(eq(userPreferences.userId, userId));
      return row?.language ?? null;
    },
    async setLanguage(userId: string, language: UiLanguage): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, language })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { language, updatedAt: new Date() } });
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
