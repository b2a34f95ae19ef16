/**
 * The only place that queries translators. A rename, a merge and a removal refresh the display items that mention
 * the translator (catalog_items.translator_ids; search matches translator names) in the same transaction
 * (catalog-items.repository.ts; docs/decisions/007-catalogue-display-items.md, 047-translators-as-people.md).
 */
import { and, asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { catalogItems, movies, series, titleRightsHolders, translators } from '../../db/schema/index.js';
import { refreshMovies, refreshSeries, refreshTranslator } from './catalog-items.repository.js';
import { playableItem } from './catalog-filters.js';

export type TranslatorRow = typeof translators.$inferSelect;
export type TranslatorValues = Pick<typeof translators.$inferInsert, 'name' | 'slug' | 'photoUrl' | 'bio' | 'email' | 'phone'>;
export type TranslatorWithCount = TranslatorRow & { titles: number };
/** Why a write was refused: the name (case ignored), the slug or the email belongs to another translator. */
export type TranslatorClash = 'name_taken' | 'slug_taken' | 'email_taken';

/** Titles of a translator: display items (cards) of either tab that name them and that a viewer can play (ADR 023). */
const titlesOf = sql<number>`(select count(*) from ${catalogItems} where ${translators.id} = any(${catalogItems.translatorIds}) and ${playableItem()})`.mapWith(Number);

/**
 * Gives `intoId` the rights holder rows of `fromId` (ADR 056): where `intoId` already holds the title its share
 * becomes the sum and `fromId`'s row goes; elsewhere the row changes translator. The shares of each title are
 * unchanged in total (the deferred `title_rights_shares_check` sees 10000 at commit) and no record is flagged for
 * review: the same person holds the same part.
 */
async function moveRightsHolders(tx: Pick<Database, 'execute' | 'update'>, fromId: string, intoId: string): Promise<void> {
  const h = titleRightsHolders;
  await tx.execute(sql`
    with gone as (
      delete from ${h} a using ${h} b
      where a.translator_id = ${fromId} and b.translator_id = ${intoId} and b.title_id = a.title_id
      returning a.title_id, a.share_bp
    )
    update ${h} set share_bp = ${h}.share_bp + gone.share_bp from gone
    where ${h}.title_id = gone.title_id and ${h}.translator_id = ${intoId}`);
  await tx.update(h).set({ translatorId: intoId }).where(eq(h.translatorId, fromId));
}

/** Translator writes and reads over `db`; counts are display items (cards) naming the translator. */
export function createTranslatorsRepository(db: Database) {
  /** Which of `values`' name (case ignored), slug and email another translator than `id` already has, if any. */
  async function clash(tx: Pick<Database, 'select'>, values: Partial<TranslatorValues>, id: string | null): Promise<TranslatorClash | null> {
    const other = (col: SQL, v: string) =>
      tx.select({ id: translators.id }).from(translators).where(id ? and(eq(col, v), ne(translators.id, id)) : eq(col, v)).limit(1);
    if (values.name && (await other(sql`lower(${translators.name})`, values.name.toLowerCase())).length) return 'name_taken';
    if (values.slug && (await other(sql`${translators.slug}`, values.slug)).length) return 'slug_taken';
    if (values.email && (await other(sql`${translators.email}`, values.email)).length) return 'email_taken';
    return null;
  }

  return {
    /** Inserts a translator; the clash when the slug or email is another translator's. */
    async create(values: TranslatorValues): Promise<TranslatorRow | TranslatorClash> {
      const [row] = await db.insert(translators).values(values).onConflictDoNothing().returning();
      return row ?? (await clash(db, values, null)) ?? 'slug_taken';
    },
    /** Updates a translator; 'missing', or the clash when the slug or email is another translator's. */
    async update(id: string, values: Partial<TranslatorValues>): Promise<TranslatorRow | 'missing' | TranslatorClash> {
      return db.transaction(async (tx) => {
        const c = await clash(tx, values, id);
        if (c) return c;
        const [row] = await tx.update(translators).set(values).where(eq(translators.id, id)).returning();
        if (!row) return 'missing';
        if (values.name !== undefined) await refreshTranslator(tx, id);
        return row;
      });
    },
    /** Sets (or, with null, clears) the account linked to a translator; false when there is no such translator. */
    async link(id: string, userId: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        // One translator per account: the account leaves any other translator it was linked to.
        if (userId) await tx.update(translators).set({ userId: null }).where(and(eq(translators.userId, userId), ne(translators.id, id)));
        return (await tx.update(translators).set({ userId }).where(eq(translators.id, id)).returning({ id: translators.id })).length > 0;
      });
    },
    /**
     * Moves every movie and series of `fromId` to `intoId`, and `fromId`'s rights holder rows to `intoId` (on a title
     * both hold, `intoId`'s share grows by `fromId`'s, so the title's shares still add up to 10000 basis points), then
     * deletes `fromId` and refreshes the display items of the moved titles, in one transaction (ADR 047; ADR 056
     * amends ADR 050, which left the rows without a translator). @returns the counts moved, or 'missing' when either
     * is unknown.
     */
    async merge(fromId: string, intoId: string): Promise<{ movies: number; series: number } | 'missing'> {
      return db.transaction(async (tx) => {
        const found = await tx.select({ id: translators.id }).from(translators).where(sql`${translators.id} in (${fromId}, ${intoId})`).for('update');
        if (found.length !== 2) return 'missing';
        const movieIds = (await tx.update(movies).set({ translatorId: intoId }).where(eq(movies.translatorId, fromId)).returning({ id: movies.id })).map((r) => r.id);
        const seriesIds = (await tx.update(series).set({ translatorId: intoId }).where(eq(series.translatorId, fromId)).returning({ id: series.id })).map((r) => r.id);
        await moveRightsHolders(tx, fromId, intoId);
        await tx.delete(translators).where(eq(translators.id, fromId));
        await refreshMovies(tx, { movieIds });
        await refreshSeries(tx, seriesIds);
        return { movies: movieIds.length, series: seriesIds.length };
      });
    },
    /** Deletes a translator; its titles keep playing with no translator (FK `on delete set null`). Null when unknown. */
    async remove(id: string): Promise<TranslatorRow | null> {
      return db.transaction(async (tx) => {
        const movieIds = (await tx.select({ id: movies.id }).from(movies).where(eq(movies.translatorId, id))).map((r) => r.id);
        const seriesIds = (await tx.select({ id: series.id }).from(series).where(eq(series.translatorId, id))).map((r) => r.id);
        const [row] = await tx.delete(translators).where(eq(translators.id, id)).returning();
        if (!row) return null;
        await refreshMovies(tx, { movieIds });
        await refreshSeries(tx, seriesIds);
        return row;
      });
    },
    async byId(id: string): Promise<TranslatorRow | null> {
      return (await db.select().from(translators).where(eq(translators.id, id)))[0] ?? null;
    },
    async byIdWithCount(id: string): Promise<TranslatorWithCount | null> {
      return (await db.select({ ...getColumns(), titles: titlesOf }).from(translators).where(eq(translators.id, id)))[0] ?? null;
    },
    async bySlug(slug: string): Promise<TranslatorWithCount | null> {
      return (await db.select({ ...getColumns(), titles: titlesOf }).from(translators).where(eq(translators.slug, slug)))[0] ?? null;
    },
    /** Translators whose name is `name`, compared without case (the command line's `--translator NAME`). */
    async byName(name: string): Promise<TranslatorRow[]> {
      return db.select().from(translators).where(sql`lower(${translators.name}) = lower(${name})`).orderBy(asc(translators.slug));
    },
    /** Every translator with their number of titles, by name. */
    async list(): Promise<TranslatorWithCount[]> {
      return db.select({ ...getColumns(), titles: titlesOf }).from(translators).orderBy(asc(sql`lower(${translators.name})`), asc(translators.slug));
    },
  };
}
const getColumns = () => getTableColumns(translators);
export type TranslatorsRepository = ReturnType<typeof createTranslatorsRepository>;
