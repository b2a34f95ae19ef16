/**
 * Analytics of one month per title, per translator and per currency (contract src/shared/contracts/title-analytics.ts),
 * from the month's statements (ADR 051) and the minutes-watched ledger's totals per title (ADR 049). Pure.
 */
import type { StatementsReport } from '../../../shared/contracts/statements.js';
import type { TitleAnalytics } from '../../../shared/contracts/title-analytics.js';

/** A title's month in the ledger. */
export interface TitleMinutes {
  titleId: string;
  title: string | null;
  kind: 'film' | 'series';
  seconds: number;
  viewers: number;
}

const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

/**
 * Composes the analytics: a title's revenue in a currency is its pass part plus its purchases, as any of its holders'
 * statement lines carry them (the same on each: before the split by shares); a translator's minutes are those of the
 * distinct titles on their statement; the currencies' figures are the statements' totals.
 */
export function titleAnalytics(report: StatementsReport, minutes: readonly TitleMinutes[]): TitleAnalytics {
  const revenue = new Map<string, Record<string, number>>();
  const secondsOf = new Map(minutes.map((m) => [m.titleId, m.seconds]));
  const translators: TitleAnalytics['translators'] = [];
  for (const h of report.holders) {
    const titles = new Set<string>();
    const amount: Record<string, number> = {};
    for (const [currency, view] of Object.entries(h.currencies)) {
      amount[currency] = view.amount;
      for (const line of view.titles) {
        titles.add(line.titleId);
        const r = revenue.get(line.titleId) ?? {};
        r[currency] = line.titlePassAmount + line.titlePurchaseAmount;
        revenue.set(line.titleId, r);
      }
    }
    if (h.kind === 'translator') translators.push({ holderId: h.holderId, name: h.name, minutes: minutesOf([...titles].reduce((s, id) => s + (secondsOf.get(id) ?? 0), 0)), amount });
  }
  translators.sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name));
  return {
    month: report.month,
    closed: report.closed,
    titles: minutes.map((m) => ({ titleId: m.titleId, title: m.title, kind: m.kind, minutes: minutesOf(m.seconds), viewers: m.viewers, revenue: revenue.get(m.titleId) ?? {} })),
    translators,
    currencies: report.totals.map((t) => ({ currency: t.currency, revenue: t.revenue, fees: t.fees, platformShare: t.platformShare, holders: t.holders })),
  };
}
