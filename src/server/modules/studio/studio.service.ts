/**
 * A translator's studio (docs/decisions/047-translators-as-people.md; docs/product/admin.md §12): the signed-in
 * account's translator and the minutes watched of that translator's titles only (the ledger, ADR 049). No other
 * translator's figures are ever read: the translator is the one linked to the caller's own account.
 */
import type { StudioQuery, StudioReport } from '../../../shared/contracts/studio.js';
import { AppError } from '../../lib/app-error.js';
import type { StudioRepository } from './studio.repository.js';

/** The range a studio shows when none is asked for, days, today included. */
export const STUDIO_DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

export function createStudioService(deps: { repo: StudioRepository; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  return {
    /**
     * The report of the translator linked to `userId` over `q.from`..`q.to` (UTC days; default the last
     * STUDIO_DEFAULT_DAYS days). Errors: AppError 403 `not_a_translator` when no translator is linked to the account.
     */
    async report(userId: string, q: StudioQuery): Promise<StudioReport> {
      const translator = await deps.repo.translatorOfUser(userId);
      if (!translator) throw new AppError(403, 'not_a_translator', 'This account is not a translator’s.');
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
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
