/**
 * The only place that queries translators. A rename refreshes the display items that
 * mention the translator (search matches translator names), in the same transaction.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { catalogItems, translators } from '../../db/schema/index.js';
import { refreshTranslator } from './catalog-items.repository.js';
import { playableItem } from './catalog-filters.js';

export type TranslatorRow = typeof translators.$inferSelect;
export type TranslatorValues = Pick<typeof translators.$inferInsert, 'name' | 'slug' | 'photoUrl' | 'bio'>;
export type TranslatorWithCount = TranslatorRow & { titles: number };

/** Titles of a translator: display items (cards) of either tab that name them and that a viewer can play (ADR 023). */
const titlesOf = sql<number>`(select count(*) from ${catalogItems} where ${translators.id} = any(${catalogItems.translatorIds}) and ${playableItem()})`.mapWith(Number);

/** Translator writes and reads over `db`; counts are display items (cards) naming the translator. */
export function createTranslatorsRepository(db: Database) {
  return {
    /** Inserts a translator; null when the slug is taken. */
    async create(values: TranslatorValues): Promise<TranslatorRow | null> {
      const [row] = await db.insert(translators).values(values).onConflictDoNothing({ target: translators.slug }).returning();
      return row ?? null;
    },
    /** Updates a translator; 'missing' or 'slug_taken' when it cannot. */
    async update(id: string, values: Partial<TranslatorValues>): Promise<TranslatorRow | 'missing' | 'slug_taken'> {
      return db.transaction(async (tx) => {
        if (values.slug) {
          const [other] = await tx.select({ id: translators.id }).from(translators).where(eq(translators.slug, values.slug));
          if (other && other.id !== id) return 'slug_taken';
        }
        const [row] = await tx.update(translators).set(values).where(eq(translators.id, id)).returning();
        if (!row) return 'missing';
        if (values.name !== undefined) await refreshTranslator(tx, id);
        return row;
      });
    },
    async byId(id: string): Promise<TranslatorRow | null> {
      return (await db.select().from(translators).where(eq(translators.id, id)))[0] ?? null;
    },
    async bySlug(slug: string): Promise<TranslatorWithCount | null> {
      return (await db.select({ ...getColumns(), titles: titlesOf }).from(translators).where(eq(translators.slug, slug)))[0] ?? null;
    },
    /** Every translator with their number of titles, by name. */
    async list(): Promise<TranslatorWithCount[]> {
      return db.select({ ...getColumns(), titles: titlesOf }).from(translators).orderBy(asc(sql`lower(${translators.name})`), asc(translators.slug));
    },
  };
}
const getColumns = () => getTableColumns(translators);
export type TranslatorsRepository = ReturnType<typeof createTranslatorsRepository>;
