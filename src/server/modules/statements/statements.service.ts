/**
 * Monthly statements of rights holders (docs/decisions/051-statements.md; contract src/shared/contracts/statements.ts):
 * an open month's preview, closing a month (frozen rows), a closed month's read, a holder's printable page and the
 * CSV exports. Rules: statement-arithmetic.ts (user-centric, largest remainder); I/O: statements.repository.ts.
 * Amounts are integer minor units per currency; months `YYYY-MM`, UTC.
 */
import { AppError, notFound } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { escapeHtml } from '../../plugins/web.js';
import type { StatementHolderView, StatementsReport } from '../../../shared/contracts/statements.js';
import { computeStatements, explainStatement, monthBounds, monthPortion, StatementInputError, type CurrencyTotals, type HolderStatement, type RevenueLine } from './statement-arithmetic.js';
import { OPERATOR_HOLDER, type HolderInfo, type StatementsRepository } from './statements.repository.js';

export interface StatementsConfig {
  /** The platform's share of each payment net of fees, basis points (STATEMENT_PLATFORM_SHARE_BPS). */
  platformShareBps: number;
  /** Fee rate per payment provider, basis points of the payment, rounded down (STATEMENT_FEE_BPS). */
  feeBps: Record<string, number>;
}

/** One month's figures, computed or stored, with names. */
interface MonthFigures {
  month: string;
  closed: boolean;
  closedAt: Date | null;
  platformShareBps: number;
  totals: CurrencyTotals[];
  statements: (HolderStatement & { holder: Pick<HolderInfo, 'kind' | 'name'>; titleNames: Map<string, string> })[];
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
const kindOf = (holderId: string): HolderInfo['kind'] => (holderId === 'operator' ? 'operator' : holderId.startsWith('party:') ? 'party' : 'translator');

/** The month's bounds, or 400 validation_failed for a month not YYYY-MM. */
function boundsOrBad(month: string) {
  try {
    return monthBounds(month);
  } catch (err) {
    if (err instanceof StatementInputError) throw new AppError(400, 'validation_failed', err.message, [{ field: 'month', message: 'Use a month as YYYY-MM' }]);
    throw err;
  }
}

export function createStatementsService(deps: { repo: StatementsRepository; config: StatementsConfig; now?: () => Date }) {
  const { repo, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** Computes `month` from the database as it is now (ADR 051). */
  async function compute(month: string) {
    const { start, end } = boundsOrBad(month);
    const [pays, viewing, { shares, holders }] = await Promise.all([repo.payments(start, end), repo.viewing(start, end), repo.holders()]);
    const lines: RevenueLine[] = [];
    for (const p of pays) {
      const fee = Math.floor((p.amount * (config.feeBps[p.provider] ?? 0)) / 10_000);
      const part = monthPortion({ amount: p.amount, fee, start: p.settledAt, durationSeconds: p.durationSeconds }, month);
      if (part.amount > 0) lines.push({ paymentId: p.paymentId, currency: p.currency, amount: part.amount, fee: part.fee, kind: p.kind, payerId: p.viewerId, titleId: p.titleId });
    }
    const result = computeStatements({ lines, viewing, shares, platformShareBps: config.platformShareBps });
    const titleNames = await repo.titleNames([...new Set(result.statements.flatMap((s) => s.lines.map((l) => l.titleId)))]);
    return { result, holders, titleNames };
  }

  async function figures(month: string): Promise<MonthFigures> {
    boundsOrBad(month);
    const stored = await repo.closed(month);
    if (stored) {
      return {
        month,
        closed: true,
        closedAt: stored.closedAt,
        platformShareBps: stored.platformShareBps,
        totals: stored.currencies,
        statements: stored.statements.map((s) => ({ ...s, holder: { kind: kindOf(s.holderId), name: s.holderName }, titleNames: new Map(Object.entries(s.lineNames)) })),
      };
    }
    const { result, holders, titleNames } = await compute(month);
    return {
      month,
      closed: false,
      closedAt: null,
      platformShareBps: config.platformShareBps,
      totals: result.currencies,
      statements: result.statements.map((s) => ({ ...s, holder: holders.get(s.holderId) ?? (s.holderId === 'operator' ? OPERATOR_HOLDER : { kind: kindOf(s.holderId), name: s.holderId }), titleNames })),
    };
  }

  function report(f: MonthFigures): StatementsReport {
    const byHolder = new Map<string, StatementHolderView>();
    for (const s of f.statements) {
      let h = byHolder.get(s.holderId);
      if (!h) byHolder.set(s.holderId, (h = { holderId: s.holderId, kind: s.holder.kind, name: s.holder.name, currencies: {} }));
      const totals = f.totals.find((t) => t.currency === s.currency)!;
      h.currencies[s.currency] = {
        seconds: s.seconds,
        minutes: minutes(s.seconds),
        amount: s.amount,
        titles: s.lines.map((l) => ({ ...l, title: s.titleNames.get(l.titleId) ?? '', minutes: minutes(l.seconds) })),
        explanation: explainStatement(s, totals, f.platformShareBps),
      };
    }
    return {
      month: f.month,
      model: 'user-centric',
      closed: f.closed,
      closedAt: f.closedAt?.toISOString() ?? null,
      platformShareBps: f.platformShareBps,
      totals: f.totals,
      holders: [...byHolder.values()].sort((a, b) => (a.holderId < b.holderId ? -1 : 1)),
    };
  }

  return {
    /**
     * A month's statements: stored when closed, else computed now (a preview).
     * @throws AppError 400 validation_failed for a month not YYYY-MM.
     */
    async statements(month: string): Promise<StatementsReport> {
      return report(await figures(month));
    },

    /**
     * Closes `month` (a super admin): computes it and stores it, frozen. The month must have ended.
     * @throws AppError 400 validation_failed (bad month), 409 conflict (not ended yet, or already closed).
     */
    async close(month: string, closedBy: string): Promise<StatementsReport> {
      const { end } = boundsOrBad(month);
      if (end > now()) throw new AppError(409, 'conflict', `${month} has not ended yet; a month closes once it is over.`, { reason: 'month_not_over' });
      if (await repo.closeOf(month)) throw new AppError(409, 'conflict', `${month} is already closed.`, { reason: 'already_closed' });
      const { result, holders, titleNames } = await compute(month);
      const saved = await repo.saveClose({ month, platformShareBps: config.platformShareBps, closedBy, currencies: result.currencies, statements: result.statements, holders, titleNames });
      if (!saved) throw new AppError(409, 'conflict', `${month} is already closed.`, { reason: 'already_closed' });
      return report(await figures(month));
    },

    /**
     * A holder's statement as a printable HTML page (every currency, its titles and the arithmetic).
     * @throws AppError 400 (bad month), 404 not_found when the holder has no statement that month.
     */
    async holderPage(month: string, holderId: string): Promise<string> {
      const r = report(await figures(month));
      const h = r.holders.find((x) => x.holderId === holderId);
      if (!h) throw notFound('Statement');
      const sections = Object.entries(h.currencies).map(
        ([currency, c]) => `<section><h2>${escapeHtml(currency)}: ${c.amount} <small>(${c.minutes} minutes)</small></h2>
<table><thead><tr><th>Title</th><th>Minutes</th><th>Share</th><th>Title part (passes)</th><th>Title part (single titles)</th><th>Amount</th></tr></thead><tbody>
${c.titles.map((t) => `<tr><td>${escapeHtml(t.title || t.titleId)}</td><td>${t.minutes}</td><td>${t.shareBps / 100}%</td><td>${t.titlePassAmount}</td><td>${t.titlePurchaseAmount}</td><td>${t.amount}</td></tr>`).join('\n')}
</tbody><tfoot><tr><th colspan="5">Total ${escapeHtml(currency)}</th><th>${c.amount}</th></tr></tfoot></table>
<h3>How it was computed</h3><ol>${c.explanation.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ol></section>`,
      );
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Statement ${escapeHtml(month)}: ${escapeHtml(h.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;color:#111}table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.3rem .5rem;text-align:right}td:first-child,th:first-child{text-align:left}small{color:#555;font-weight:normal}@media print{body{margin:0}}</style></head>
<body><h1>Sobanura: statement for ${escapeHtml(h.name)}</h1>
<p>Month ${escapeHtml(month)} (UTC) · ${r.closed ? `closed ${escapeHtml(r.closedAt ?? '')}` : 'preview: not closed, figures may change'} · holder ${escapeHtml(h.holderId)} · amounts in minor units of each currency</p>
${sections.join('\n')}</body></html>`;
    },

    /** CSV: one row per holder, currency and title (`holder` keeps one holder's). @throws AppError 400 (bad month). */
    async holdersCsv(month: string, holder?: string): Promise<string> {
      const r = report(await figures(month));
      const rows = r.holders
        .filter((h) => !holder || h.holderId === holder)
        .flatMap((h) => Object.entries(h.currencies).flatMap(([currency, c]) => c.titles.map((t) => [month, h.holderId, h.name, currency, t.titleId, t.title, t.shareBps, t.seconds, t.minutes, t.amount, c.amount])));
      return toCsv(['month', 'holder_id', 'holder', 'currency', 'title_id', 'title', 'share_bps', 'seconds', 'minutes', 'amount', 'holder_total'], rows);
    },

    /** CSV: one row per title, currency and holder, with the title's whole parts. @throws AppError 400 (bad month). */
    async titlesCsv(month: string): Promise<string> {
      const r = report(await figures(month));
      const rows = r.holders.flatMap((h) => Object.entries(h.currencies).flatMap(([currency, c]) => c.titles.map((t) => [month, t.titleId, t.title, currency, t.seconds, t.minutes, t.titlePassAmount, t.titlePurchaseAmount, h.holderId, h.name, t.shareBps, t.amount])));
      rows.sort((a, b) => (String(a[1]) + a[3] + a[8] < String(b[1]) + b[3] + b[8] ? -1 : 1));
      return toCsv(['month', 'title_id', 'title', 'currency', 'seconds', 'minutes', 'title_pass_amount', 'title_purchase_amount', 'holder_id', 'holder', 'share_bps', 'amount'], rows);
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
