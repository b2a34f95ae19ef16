/**
 * The only place that queries rights and licences (db/schema/rights.ts; docs/decisions/050-rights-and-licences.md):
 * a title's record with its holders, replacing it, its licence document, licences ending soon, which title's rights
 * a movie follows (`filmTitle`, ADR 023) and the country a viewer's access was paid from. Times are Dates.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { movies, rightsParties, series, titleRights, titleRightsHolders, translators } from '../../db/schema/index.js';
import { filmTitle } from '../catalog/film-title.repository.js';

export type TitleRightsRow = typeof titleRights.$inferSelect;
export interface HolderRow {
  kind: 'operator' | 'translator' | 'party';
  translatorId: string | null;
  partyId: string | null;
  name: string | null;
  email: string | null;
  msisdn: string | null;
  shareBp: number;
}
/** A holder to write: a new party is made from `newParty` when `partyId` is null. */
export interface HolderWrite {
  kind: 'operator' | 'translator' | 'party';
  translatorId: string | null;
  partyId: string | null;
  newParty?: { name: string; email: string | null; msisdn: string | null };
  shareBp: number;
}
export interface WindowWrite {
  licenceStart: Date;
  licenceEnd: Date | null;
  countries: string[] | null;
}

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

export function createRightsRepository(db: Database) {
  return {
    /** The title whose rights apply to a movie: its film's title (ADR 023), else the movie itself. */
    async titleOfMovie(movieId: string): Promise<string> {
      return (await filmTitle(db, movieId))?.titleId ?? movieId;
    },

    /** A title's record, its kind and display title; null when there is none. */
    async record(titleId: string): Promise<{ row: TitleRightsRow; title: string; holders: HolderRow[] } | null> {
      const [r] = await db
        .select({ row: titleRights, movieTitle: movies.title, seriesTitle: series.title })
        .from(titleRights)
        .leftJoin(movies, eq(movies.id, titleRights.movieId))
        .leftJoin(series, eq(series.id, titleRights.seriesId))
        .where(eq(titleRights.titleId, titleId));
      if (!r) return null;
      const holders = await db
        .select({
          kind: titleRightsHolders.kind,
          translatorId: titleRightsHolders.translatorId,
          partyId: titleRightsHolders.partyId,
          translatorName: translators.name,
          translatorEmail: translators.email,
          translatorPhone: translators.phone,
          partyName: rightsParties.name,
          partyEmail: rightsParties.email,
          partyMsisdn: rightsParties.msisdn,
          shareBp: titleRightsHolders.shareBp,
        })
        .from(titleRightsHolders)
        .leftJoin(translators, eq(translators.id, titleRightsHolders.translatorId))
        .leftJoin(rightsParties, eq(rightsParties.id, titleRightsHolders.partyId))
        .where(eq(titleRightsHolders.titleId, titleId))
        .orderBy(sql`${titleRightsHolders.shareBp} desc`, asc(titleRightsHolders.id));
      return {
        row: r.row,
        title: r.movieTitle ?? r.seriesTitle ?? '',
        holders: holders.map((h) => ({
          kind: h.kind,
          translatorId: h.translatorId,
          partyId: h.partyId,
          name: h.kind === 'operator' ? 'Sobanura' : (h.translatorName ?? h.partyName ?? null),
          email: h.translatorEmail ?? h.partyEmail ?? null,
          msisdn: h.translatorPhone ?? h.partyMsisdn ?? null,
          shareBp: h.shareBp,
        })),
      };
    },

    /** A title's licence window and countries, or null when it has no record. */
    async window(titleId: string): Promise<(WindowWrite & { needsReview: boolean }) | null> {
      const [r] = await db
        .select({ licenceStart: titleRights.licenceStart, licenceEnd: titleRights.licenceEnd, countries: titleRights.countries, needsReview: titleRights.needsReview })
        .from(titleRights)
        .where(eq(titleRights.titleId, titleId));
      return r ?? null;
    },

    /** Which of `ids` are translators. */
    async translatorsIn(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      return new Set((await db.select({ id: translators.id }).from(translators).where(inArray(translators.id, ids))).map((r) => r.id));
    },
    /** Which of `ids` are parties. */
    async partiesIn(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      return new Set((await db.select({ id: rightsParties.id }).from(rightsParties).where(inArray(rightsParties.id, ids))).map((r) => r.id));
    },

    /**
     * Replaces a title's holders, window and countries in one transaction (new parties made first, unless a party of
     * that name exists); clears
     * `needs_review`. The shares check runs at commit (migration 0025). False when the title has no record.
     */
    async replace(titleId: string, holders: HolderWrite[], w: WindowWrite, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(titleRights)
          .set({ licenceStart: w.licenceStart, licenceEnd: w.licenceEnd, countries: w.countries, needsReview: false, updatedAt: now })
          .where(eq(titleRights.titleId, titleId))
          .returning({ id: titleRights.titleId });
        if (!updated.length) return false;
        await tx.delete(titleRightsHolders).where(eq(titleRightsHolders.titleId, titleId));
        const values = [];
        for (const h of holders) {
          let partyId = h.partyId;
          if (h.kind === 'party' && !partyId && h.newParty) {
            // A party named as an existing one (case ignored) is that party.
            const [known] = await tx.select({ id: rightsParties.id }).from(rightsParties).where(sql`lower(${rightsParties.name}) = lower(${h.newParty.name})`).orderBy(asc(rightsParties.createdAt)).limit(1);
            partyId = known?.id ?? (await tx.insert(rightsParties).values({ ...h.newParty, createdAt: now }).returning({ id: rightsParties.id }))[0]!.id;
          }
          values.push({ titleId, kind: h.kind, translatorId: h.translatorId, partyId, shareBp: h.shareBp });
        }
        await tx.insert(titleRightsHolders).values(values);
        return true;
      });
    },

    /** Records the title's licence document (its object key, type, name, bytes); returns the key it replaced, if any. */
    async setDocument(titleId: string, doc: { key: string; type: string; name: string; bytes: number }, now: Date): Promise<{ previous: string | null } | null> {
      const [before] = await db.select({ key: titleRights.documentKey }).from(titleRights).where(eq(titleRights.titleId, titleId));
      if (!before) return null;
      await db
        .update(titleRights)
        .set({ documentKey: doc.key, documentType: doc.type, documentName: doc.name, documentBytes: doc.bytes, updatedAt: now })
        .where(eq(titleRights.titleId, titleId));
      return { previous: before.key };
    },

    /** Licences ending in [from, until), soonest first, with their titles. */
    async ending(from: Date, until: Date) {
      const rows = await db
        .select({ titleId: titleRights.titleId, movieTitle: movies.title, seriesTitle: series.title, licenceEnd: titleRights.licenceEnd })
        .from(titleRights)
        .leftJoin(movies, eq(movies.id, titleRights.movieId))
        .leftJoin(series, eq(series.id, titleRights.seriesId))
        .where(and(isNotNull(titleRights.licenceEnd), gte(titleRights.licenceEnd, from), lt(titleRights.licenceEnd, until)))
        .orderBy(asc(titleRights.licenceEnd), asc(titleRights.titleId))
        .limit(500);
      return rows.map((r) => ({ titleId: r.titleId, kind: r.movieTitle !== null ? ('movie' as const) : ('series' as const), title: r.movieTitle ?? r.seriesTitle ?? '', licenceEnd: r.licenceEnd! }));
    },

    /**
     * The payment a viewer's access was paid with (MSISDN and currency), by the rule of ADR 050:
     * - `source` 'payment' (an active pass bought): their latest settled pass payment that is not a gift;
     * - `source` 'gift': the payment of the gift they claimed last (the payer's);
     * - no active pass (`source` null: a title bought alone, or a free title): their latest settled payment that is
     *   not a gift;
     * null when there is none (then the caller takes the home country), and for every other source (grants,
     * complimentary passes, vouchers).
     */
    async accessPayment(userId: string, source: string | null): Promise<{ msisdn: string | null; currency: string } | null> {
      if (source !== null && source !== 'payment' && source !== 'gift') return null;
      const query =
        source === 'gift'
          ? sql`select p.msisdn, p.currency from gifts g join payments p on p.id = g.payment_id
              where g.claimed_by = ${userId} order by g.claimed_at desc nulls last limit 1`
          : sql`select p.msisdn, p.currency from payments p
              where p.user_id = ${userId} and p.status = 'successful' ${source === 'payment' ? sql`and p.kind = 'pass'` : sql``}
                and not exists (select 1 from gifts g where g.payment_id = p.id)
              order by p.settled_at desc nulls last, p.created_at desc limit 1`;
      const [r] = rowsOf(await db.execute(query));
      return r ? { msisdn: (r.msisdn as string | null) ?? null, currency: String(r.currency) } : null;
    },
  };
}
export type RightsRepository = ReturnType<typeof createRightsRepository>;
