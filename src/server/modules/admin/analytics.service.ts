/**
 * Analytics (ADR 010): the four counts of docs/product/admin.md §2, and for a range of Kigali calendar days (default:
 * the last 30 days; at most 366): revenue in RWF per day and per plan, passes sold and active per day, new viewers
 * per day, payment outcomes (successful, failed by reason), and the top 10 titles by plays with hours watched (from
 * `video_plays`, written by playback). Every per-day series has one entry per day, zeros included.
 * CSV: one series per file, RFC 4180 (CRLF line ends, quoted fields where needed), formulas escaped (`toCsv`, lib/csv.ts).
 *
 * Passes active on a day: each user's pass is rebuilt from its extensions in time order with the same rule as
 * billing (new expiry = later of the event time and the current expiry, plus the plan's duration;
 * shared/domain/plans.ts), and counted on the days whose end falls inside it.
 * Errors: 400 `validation_failed` (`querystring.to` before `querystring.from`, or more than 366 days).
 */
import type { z } from 'zod';
import type { AnalyticsReport, analyticsQuery } from '../../../shared/contracts/admin.js';
import { ANALYTICS_TIME_ZONE, MAX_ANALYTICS_DAYS } from '../../../shared/contracts/admin.js';
import type { ANALYTICS_SERIES } from '../../../shared/contracts/admin.js';
import { PLANS } from '../../../shared/domain/plans.js';
import { toCsv } from '../../lib/csv.js';
import { fieldError } from './content.service.js';
import { KIGALI_UTC_OFFSET_HOURS, type AnalyticsRepository } from './analytics.repository.js';

const DAY_MS = 86_400_000;
const OFFSET_MS = KIGALI_UTC_OFFSET_HOURS * 3_600_000;
/** The Kigali calendar day of an instant, YYYY-MM-DD. */
export const kigaliDay = (t: Date) => new Date(t.getTime() + OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Kigali day starts. */
export const kigaliDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** Resolves the range: both ends included; default the 30 days ending today. */
export function resolveRange(q: { from?: string; to?: string }, now = new Date()) {
  const to = q.to ?? kigaliDay(now);
  const from = q.from ?? kigaliDay(new Date(kigaliDayStart(to).getTime() - 29 * DAY_MS));
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`))) throw fieldError('querystring.from', 'Not a valid date');
  if (Number.isNaN(Date.parse(`${to}T00:00:00Z`))) throw fieldError('querystring.to', 'Not a valid date');
  const start = kigaliDayStart(from);
  const end = new Date(kigaliDayStart(to).getTime() + DAY_MS);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days < 1) throw fieldError('querystring.to', 'The end date must not be before the start date');
  if (days > MAX_ANALYTICS_DAYS) throw fieldError('querystring.to', `At most ${MAX_ANALYTICS_DAYS} days`);
  const list = Array.from({ length: days }, (_, i) => kigaliDay(new Date(start.getTime() + i * DAY_MS)));
  return { from, to, start, end, days: list };
}

/** Counts, per day, the passes covering the end of the day (see the file comment). */
export function activePerDay(events: { userId: string; at: Date; plan: keyof typeof PLANS }[], days: string[]): number[] {
  const spans: { start: number; end: number }[] = [];
  let user: string | null = null;
  let expiry = 0;
  for (const e of events) {
    if (e.userId !== user) {
      user = e.userId;
      expiry = 0;
    }
    const at = e.at.getTime();
    const base = Math.max(at, expiry);
    const next = base + PLANS[e.plan].durationSeconds * 1000;
    // A renewal while active continues the running span; after a gap a new span starts.
    if (at < expiry && spans.length) spans[spans.length - 1]!.end = next;
    else spans.push({ start: at, end: next });
    expiry = next;
  }
  return days.map((d) => {
    const endOfDay = kigaliDayStart(d).getTime() + DAY_MS;
    return spans.filter((s) => s.start < endOfDay && s.end >= endOfDay).length;
  });
}

export function createAnalyticsService(deps: { repo: AnalyticsRepository; clock?: () => Date }) {
  const { repo } = deps;
  const now = () => deps.clock?.() ?? new Date();

  async function report(q: z.output<typeof analyticsQuery>): Promise<AnalyticsReport> {
    const r = resolveRange(q, now());
    const [revenue, passes, events, viewers, outcomes, top] = await Promise.all([
      repo.revenue(r.start, r.end),
      repo.passesPerDay(r.start, r.end),
      repo.passEvents(r.end),
      repo.newUsersPerDay(r.start, r.end),
      repo.paymentOutcomes(r.start, r.end),
      repo.topTitles(r.start, r.end),
    ]);
    const money = new Map(revenue.perDay.map((x) => [`${x.day} ${x.currency}`, x]));
    // RWF on every day (zeros included), and each other currency the range was paid in; never summed across currencies.
    const currencies = [...new Set(['RWF', ...revenue.perDay.map((x) => x.currency).sort()])];
    const joined = new Map(viewers.map((x) => [x.day, x.count]));
    const sold = new Map(passes.sold.map((x) => [x.day, x.count]));
    const comp = new Map(passes.complimentary.map((x) => [x.day, x.count]));
    const redeemed = new Map(passes.vouchers.map((x) => [x.day, x.count]));
    const active = activePerDay(events, r.days);
    const failed = outcomes.filter((o) => o.status === 'failed');
    return {
      from: r.from,
      to: r.to,
      timeZone: ANALYTICS_TIME_ZONE,
      revenuePerDay: currencies.flatMap((c) => r.days.map((d) => ({ date: d, currency: c, amount: money.get(`${d} ${c}`)?.amount ?? 0, payments: money.get(`${d} ${c}`)?.payments ?? 0 }))),
      revenueByPlan: revenue.perPlan,
      passesSoldPerDay: r.days.map((d) => ({ date: d, sold: sold.get(d) ?? 0, vouchers: redeemed.get(d) ?? 0, complimentary: comp.get(d) ?? 0 })),
      passesActivePerDay: r.days.map((d, i) => ({ date: d, active: active[i]! })),
      newViewersPerDay: r.days.map((d) => ({ date: d, count: joined.get(d) ?? 0 })),
      paymentOutcomes: {
        successful: outcomes.filter((o) => o.status === 'successful').reduce((a, o) => a + o.count, 0),
        pending: outcomes.filter((o) => o.status === 'pending').reduce((a, o) => a + o.count, 0),
        failed: failed.reduce((a, o) => a + o.count, 0),
        failedByReason: failed.map((o) => ({ reason: (o.reason ?? 'UNKNOWN') as AnalyticsReport['paymentOutcomes']['failedByReason'][number]['reason'], count: o.count })),
      },
      topTitles: { available: true, items: top.map((t) => ({ id: t.id, kind: t.kind, title: t.title, plays: t.plays, hoursWatched: Math.round(t.seconds / 360) / 10 })) },
    };
  }

  return {
    counts: () => repo.counts(now()),
    report,
    /** One series of the report as CSV, with its file name. */
    async csv(q: z.output<typeof analyticsQuery> & { series: (typeof ANALYTICS_SERIES)[number] }): Promise<{ fileName: string; body: string }> {
      const rep = await report(q);
      const fileName = `sobanura-${q.series.replaceAll('_', '-')}-${rep.from}-to-${rep.to}.csv`;
      const body = ((): string => {
        switch (q.series) {
          case 'revenue_per_day':
            return toCsv(['date', 'currency', 'amount', 'payments'], rep.revenuePerDay.map((x) => [x.date, x.currency, x.amount, x.payments]));
          case 'revenue_by_plan':
            return toCsv(['plan', 'currency', 'amount', 'payments'], rep.revenueByPlan.map((x) => [x.plan, x.currency, x.amount, x.payments]));
          case 'passes_sold_per_day':
            return toCsv(['date', 'sold', 'vouchers', 'complimentary'], rep.passesSoldPerDay.map((x) => [x.date, x.sold, x.vouchers, x.complimentary]));
          case 'passes_active_per_day':
            return toCsv(['date', 'active'], rep.passesActivePerDay.map((x) => [x.date, x.active]));
          case 'new_viewers_per_day':
            return toCsv(['date', 'new_viewers'], rep.newViewersPerDay.map((x) => [x.date, x.count]));
          case 'payment_outcomes':
            return toCsv(['outcome', 'reason', 'payments'], [
              ['successful', '', rep.paymentOutcomes.successful],
              ['pending', '', rep.paymentOutcomes.pending],
              ...rep.paymentOutcomes.failedByReason.map((f) => ['failed', f.reason, f.count]),
            ]);
          case 'top_titles':
            return toCsv(['rank', 'kind', 'id', 'title', 'plays', 'hours_watched'], rep.topTitles.items.map((t, i) => [i + 1, t.kind, t.id, t.title, t.plays, t.hoursWatched]));
        }
      })();
      return { fileName, body };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
