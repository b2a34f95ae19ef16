/**
 * The only place that queries the database for statements (docs/decisions/051-statements.md): a month's revenue lines
 * (payments), viewing seconds (the minutes-watched ledger, ADR 049), holders' shares (ADR 050's title rights), names,
 * and the closed months' stored rows (schema src/server/db/schema/statements.ts). Amounts are integer minor units;
 * seconds whole seconds; months `YYYY-MM` (UTC).
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { gifts, movies, payments, rightsParties, series, statementCloses, statementLines, statementMonths, statements, titleRightsHolders, translators, viewingMinutes } from '../../db/schema/index.js';
import { PLANS, type PlanId } from '../../../shared/domain/plans.js';
import { filmTitle } from '../catalog/film-title.repository.js';
import type { CurrencyTotals, HolderShare, HolderStatement, ViewingLine } from './statement-arithmetic.js';

/** A successful, unrefunded payment that may count in a month, before `monthPortion` spreads it. */
export interface PaymentRow {
  paymentId: string;
  currency: string;
  amount: number;
  provider: string;
  kind: 'pass' | 'title';
  /** Whose viewing the pass's pool follows: the gift's claimant for a claimed gift, else the payer (null: gone). */
  viewerId: string | null;
  /** Display title bought (kind 'title'; ADR 023), or the nil uuid when the movie was deleted (no holders). */
  titleId: string | null;
  settledAt: Date;
  /** The pass's length (plan duration), 0 for a single title. */
  durationSeconds: number;
}

/** A holder as statements name it: `operator`, `translator:<uuid>`, `party:<uuid>`. */
export interface HolderInfo {
  holderId: string;
  kind: 'operator' | 'translator' | 'party';
  ref: string | null;
  name: string;
}

/** A closed month as stored. */
export interface ClosedMonth {
  month: string;
  platformShareBps: number;
  closedAt: Date;
  closedBy: string | null;
  currencies: CurrencyTotals[];
  statements: (HolderStatement & { holderName: string; lineNames: Record<string, string> })[];
}

/** The operator's holder key and name on statements (Sobanura itself, ADR 050). */
export const OPERATOR_HOLDER = { holderId: 'operator', kind: 'operator' as const, ref: null, name: 'Sobanura' };
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const LONGEST_PASS = Math.max(...Object.values(PLANS).map((p) => p.durationSeconds));
const CHUNK = 1000;
/** Bought movies resolved to their film title at once (the PostgreSQL pool holds 10 connections). */
const RESOLVE_AT_ONCE = 8;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

export function createStatementsRepository(db: Database) {
  return {
    /**
     * Successful, unrefunded payments that may count in [start, end): passes settled from the longest pass's length
     * before `start` (a pass counts over its whole period, ADR 051), single titles settled inside the month.
     */
    async payments(start: Date, end: Date): Promise<PaymentRow[]> {
      const from = new Date(start.getTime() - LONGEST_PASS * 1000);
      const rows = await db
        .select({ id: payments.id, currency: payments.currency, amount: payments.amount, provider: payments.provider, kind: payments.kind, plan: payments.plan, userId: payments.userId, movieId: payments.movieId, settledAt: payments.settledAt, claimedBy: gifts.claimedBy })
        .from(payments)
        .leftJoin(gifts, eq(gifts.paymentId, payments.id))
        .where(and(eq(payments.status, 'successful'), isNull(payments.refundedAt), gte(payments.settledAt, from), lt(payments.settledAt, end)))
        .orderBy(asc(payments.settledAt), asc(payments.id));
      // The display title of each bought movie (ADR 023's filmTitle), a few at a time on the pool.
      const bought = [...new Set(rows.filter((r) => r.kind === 'title' && r.settledAt! >= start && r.movieId).map((r) => r.movieId!))];
      const titleOf = new Map<string, string>();
      for (let i = 0; i < bought.length; i += RESOLVE_AT_ONCE) {
        await Promise.all(bought.slice(i, i + RESOLVE_AT_ONCE).map(async (movieId) => titleOf.set(movieId, (await filmTitle(db, movieId))?.titleId ?? movieId)));
      }
      const out: PaymentRow[] = [];
      for (const r of rows) {
        if (r.kind === 'title' && r.settledAt! < start) continue;
        out.push({
          paymentId: r.id,
          currency: r.currency,
          amount: r.amount,
          provider: r.provider,
          kind: r.kind,
          viewerId: r.kind === 'pass' ? (r.claimedBy ?? r.userId) : r.userId,
          titleId: r.kind === 'title' ? (r.movieId ? titleOf.get(r.movieId)! : NIL_UUID) : null,
          settledAt: r.settledAt!,
          durationSeconds: r.kind === 'pass' && r.plan ? PLANS[r.plan as PlanId].durationSeconds : 0,
        });
      }
      return out;
    },

    /** Seconds watched per viewer and display title in [start, end) (viewing_minutes summed). */
    async viewing(start: Date, end: Date): Promise<ViewingLine[]> {
      const rows = await db
        .select({ viewerId: viewingMinutes.userId, titleId: viewingMinutes.titleId, seconds: sql<string>`sum(${viewingMinutes.seconds})::bigint` })
        .from(viewingMinutes)
        .where(and(gte(viewingMinutes.minute, start), lt(viewingMinutes.minute, end)))
        .groupBy(viewingMinutes.userId, viewingMinutes.titleId);
      return rows.map((r) => ({ viewerId: r.viewerId, titleId: r.titleId, seconds: Number(r.seconds) }));
    },

    /**
     * Holders' shares per title, and who each holder is. THE place that says who is paid for a title: ADR 050's
     * `title_rights_holders` (a holder line whose translator was removed names nobody and is left out, so its part
     * is kept by the platform, ADR 051).
     */
    async holders(): Promise<{ shares: HolderShare[]; holders: Map<string, HolderInfo> }> {
      const rows = await db
        .select({ titleId: titleRightsHolders.titleId, kind: titleRightsHolders.kind, translatorId: titleRightsHolders.translatorId, partyId: titleRightsHolders.partyId, shareBp: titleRightsHolders.shareBp, translatorName: translators.name, partyName: rightsParties.name })
        .from(titleRightsHolders)
        .leftJoin(translators, eq(translators.id, titleRightsHolders.translatorId))
        .leftJoin(rightsParties, eq(rightsParties.id, titleRightsHolders.partyId));
      const shares: HolderShare[] = [];
      const holders = new Map<string, HolderInfo>();
      for (const r of rows) {
        let info: HolderInfo | null = null;
        if (r.kind === 'operator') info = OPERATOR_HOLDER;
        else if (r.kind === 'translator' && r.translatorId) info = { holderId: `translator:${r.translatorId}`, kind: 'translator', ref: r.translatorId, name: r.translatorName ?? '' };
        else if (r.kind === 'party' && r.partyId) info = { holderId: `party:${r.partyId}`, kind: 'party', ref: r.partyId, name: r.partyName ?? '' };
        if (!info) continue;
        holders.set(info.holderId, info);
        shares.push({ titleId: r.titleId, holderId: info.holderId, shareBps: r.shareBp });
      }
      return { shares, holders };
    },

    /** Display names of titles (a movie's or a series' title); ids of deleted titles are absent. */
    async titleNames(ids: string[]): Promise<Map<string, string>> {
      const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      const found = await inChunks(uuids, async (chunk) => [
        ...(await db.select({ id: movies.id, title: movies.title }).from(movies).where(inArray(movies.id, chunk))),
        ...(await db.select({ id: series.id, title: series.title }).from(series).where(inArray(series.id, chunk))),
      ]);
      return new Map(found.map((r) => [r.id, r.title]));
    },

    /** When `month` was closed, or null while open. */
    async closeOf(month: string): Promise<{ platformShareBps: number; closedAt: Date; closedBy: string | null } | null> {
      const [row] = await db.select().from(statementCloses).where(eq(statementCloses.month, month));
      return row ?? null;
    },

    /**
     * Stores a month's close in one transaction: the close, its totals per currency, statements and lines.
     * @returns false when the month was already closed (nothing written).
     */
    async saveClose(c: { month: string; platformShareBps: number; closedBy: string; currencies: CurrencyTotals[]; statements: HolderStatement[]; holders: Map<string, HolderInfo>; titleNames: Map<string, string> }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(statementCloses).values({ month: c.month, platformShareBps: c.platformShareBps, closedBy: c.closedBy }).onConflictDoNothing().returning({ month: statementCloses.month });
        if (inserted.length === 0) return false;
        for (const t of c.currencies) {
          const { currency, revenue, passRevenue, titleRevenue, fees, platformShare, retainedNoMinutes, retainedNoHolders, unwatchedPool, holders, viewers } = t;
          await tx.insert(statementMonths).values({ month: c.month, currency, revenue, passRevenue, titleRevenue, fees, platformShare, retainedNoMinutes, retainedNoHolders, unwatchedPool, holders, viewers });
        }
        const holderOf = (id: string) => c.holders.get(id) ?? { holderId: id, kind: 'operator' as const, ref: null, name: id };
        for (let i = 0; i < c.statements.length; i += CHUNK) {
          const batch = c.statements.slice(i, i + CHUNK);
          const ids = await tx
            .insert(statements)
            .values(batch.map((st) => ({ month: c.month, currency: st.currency, holderId: st.holderId, holderKind: holderOf(st.holderId).kind, holderRef: holderOf(st.holderId).ref, holderName: holderOf(st.holderId).name, seconds: st.seconds, amount: st.amount })))
            .returning({ id: statements.id, holderId: statements.holderId, currency: statements.currency });
          const idOf = new Map(ids.map((r) => [`${r.holderId} ${r.currency}`, r.id]));
          const lines = batch.flatMap((st) =>
            st.lines.map((l) => ({ statementId: idOf.get(`${st.holderId} ${st.currency}`)!, titleId: l.titleId, titleName: c.titleNames.get(l.titleId) ?? '', shareBps: l.shareBps, seconds: l.seconds, titlePassAmount: l.titlePassAmount, titlePurchaseAmount: l.titlePurchaseAmount, amount: l.amount })),
          );
          for (let j = 0; j < lines.length; j += CHUNK) await tx.insert(statementLines).values(lines.slice(j, j + CHUNK));
        }
        return true;
      });
    },

    /** A closed month as stored, or null while open. Statements by currency then holder id; lines by title id. */
    async closed(month: string): Promise<ClosedMonth | null> {
      const [close] = await db.select().from(statementCloses).where(eq(statementCloses.month, month));
      if (!close) return null;
      const totals = await db.select().from(statementMonths).where(eq(statementMonths.month, month)).orderBy(asc(statementMonths.currency));
      const sts = await db.select().from(statements).where(eq(statements.month, month)).orderBy(asc(statements.currency), asc(statements.holderId));
      const lines = await inChunks(
        sts.map((s) => s.id),
        (chunk) => db.select().from(statementLines).where(inArray(statementLines.statementId, chunk)).orderBy(asc(statementLines.titleId)),
      );
      const byStatement = new Map<string, (typeof lines)[number][]>();
      for (const l of lines) byStatement.set(l.statementId, [...(byStatement.get(l.statementId) ?? []), l]);
      return {
        month,
        platformShareBps: close.platformShareBps,
        closedAt: close.closedAt,
        closedBy: close.closedBy,
        currencies: totals.map(({ month: _m, ...t }) => t),
        statements: sts.map((s) => {
          const ls = byStatement.get(s.id) ?? [];
          return {
            holderId: s.holderId,
            holderName: s.holderName,
            currency: s.currency,
            seconds: s.seconds,
            amount: s.amount,
            lines: ls.map((l) => ({ titleId: l.titleId, shareBps: l.shareBps, seconds: l.seconds, titlePassAmount: l.titlePassAmount, titlePurchaseAmount: l.titlePurchaseAmount, amount: l.amount })),
            lineNames: Object.fromEntries(ls.map((l) => [l.titleId, l.titleName])),
          };
        }),
      };
    },
  };
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
