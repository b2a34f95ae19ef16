/**
 * A translator's studio (docs/decisions/047-translators-as-people.md; docs/product/admin.md §12): the signed-in
 * account's translator and the minutes watched of that translator's titles only (the ledger, ADR 049). No other
 * translator's figures are ever read: the translator is the one linked to the caller's own account.
 */
import type { StudioMoney, StudioPayout, StudioQuery, StudioReport } from '../../../shared/contracts/studio.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { HolderMoneyRepository, StudioRepository, TranslatorRow } from './studio.repository.js';

/** What the studio needs of the statements module: a holder's printable page (ADR 051). */
export interface HolderPages {
  holderPage(month: string, holderId: string): Promise<string>;
}

/** The range a studio shows when none is asked for, days, today included. */
export const STUDIO_DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;
/** Minutes with two decimals, as statements show them (statements.service.ts). */
const statementMinutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

export function createStudioService(deps: { repo: StudioRepository; money: HolderMoneyRepository; statements: HolderPages; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  /** The translator linked to `userId`, or AppError 403 `not_a_translator`. */
  async function translatorOf(userId: string): Promise<TranslatorRow> {
    const translator = await deps.repo.translatorOfUser(userId);
    if (!translator) throw new AppError(403, 'not_a_translator', 'This account is not a translator’s.');
    return translator;
  }
  const holderKey = (t: TranslatorRow) => `translator:${t.id}`;
  return {
    /**
     * The report of the translator linked to `userId` over `q.from`..`q.to` (UTC days; default the last
     * STUDIO_DEFAULT_DAYS days). Errors: AppError 403 `not_a_translator` when no translator is linked to the account.
     */
    async report(userId: string, q: StudioQuery): Promise<StudioReport> {
      const translator = await translatorOf(userId);
      const to = q.to ?? isoDay(now().getTime());
      const from = q.from ?? isoDay(Date.parse(to) - (STUDIO_DEFAULT_DAYS - 1) * DAY_MS);
      const rows = await deps.repo.figures(translator.id, from, to);
      return {
        translator,
        from,
        to,
        titles: rows.filter((r) => r.day === null).map((r) => ({ titleId: r.titleId, kind: r.kind, title: r.title, seconds: r.seconds, minutes: minutesOf(r.seconds), viewers: r.viewers })),
        days: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day!, titleId: r.titleId, seconds: r.seconds, minutes: minutesOf(r.seconds), viewers: r.viewers })),
      };
    },

    /**
     * The statements of closed months and the payouts of the translator linked to `userId` (holder
     * `translator:<id>`; docs/decisions/051-statements.md, 052-payout-run.md), and of no one else.
     * Errors: AppError 403 `not_a_translator`.
     */
    async money(userId: string): Promise<StudioMoney> {
      const translator = await translatorOf(userId);
      const key = holderKey(translator);
      const [statements, payouts] = await Promise.all([deps.money.statements(key), deps.money.payouts(key)]);
      return {
        translator,
        statements: statements.map((s) => ({
          month: s.month,
          currency: s.currency,
          seconds: s.seconds,
          minutes: statementMinutes(s.seconds),
          amount: s.amount,
          closedAt: s.closedAt.toISOString(),
          titles: s.lines.map((l) => ({ ...l, minutes: statementMinutes(l.seconds) })),
        })),
        payouts: payouts.map((p) => ({ ...p, status: p.status as StudioPayout['status'], createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() })),
      };
    },

    /**
     * The printable statement page of the translator linked to `userId` for the closed month `month` (YYYY-MM).
     * Errors: AppError 403 `not_a_translator`; 404 `not_found` when they have no statement that month or the month
     * is not closed (an open month's preview is for admins only: its figures may still change).
     */
    async statementPage(userId: string, month: string): Promise<string> {
      const key = holderKey(await translatorOf(userId));
      if (!(await deps.money.hasStatement(key, month))) throw notFound('Statement');
      return deps.statements.holderPage(month, key);
    },
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
