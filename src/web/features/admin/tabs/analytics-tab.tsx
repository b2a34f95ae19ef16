import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from 'sonner';
import { ANALYTICS_TIME_ZONE, MAX_ANALYTICS_DAYS, type AnalyticsReport } from '../../../../shared/contracts/admin';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { exportUrl, useAnalyticsCounts, useAnalyticsReport } from '../api/analytics';
import { isMissingRoute } from '../api/keys';
import { EndingLicences } from '../components/ending-licences';
import { TitleAnalyticsCard } from '../components/title-analytics';

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) in Kigali time, the analytics' day (contract: ANALYTICS_TIME_ZONE). */
export function kigaliDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ANALYTICS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
/** The default range: the last 30 days, today included. */
export function defaultRange(now: Date): { from: string; to: string } {
  return { from: kigaliDay(new Date(now.getTime() - 29 * DAY_MS)), to: kigaliDay(now) };
}
/** An i18n key when a range cannot be asked for: end before start, or longer than MAX_ANALYTICS_DAYS. */
export function rangeProblem(from: string, to: string): 'rangeOrder' | 'rangeTooLong' | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return 'rangeOrder';
  if ((b - a) / DAY_MS + 1 > MAX_ANALYTICS_DAYS) return 'rangeTooLong';
  return null;
}


/** Analytics (docs/product/admin.md §2; ADR 010): the four counts, then a date range's figures as charts and tables, with CSV links. */
export function AnalyticsTab() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [draft, setDraft] = useState(range);
  const counts = useAnalyticsCounts();
  const problem = rangeProblem(draft.from, draft.to);
  useEffect(() => {
    if (!problem) setRange(draft);
  }, [draft, problem]);
  const report = useAnalyticsReport(range.from, range.to);

  useEffect(() => {
    const error = counts.error ?? report.error;
    if (error && !isMissingRoute(error)) toast.error(t('admin.analyticsLoadFailed'), { description: errorMessage(t, error) || t('admin.analyticsLoadFailedText') });
  }, [counts.error, report.error, t]);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="counts-title" className="grid gap-3">
        <h2 id="counts-title" className="text-lg font-semibold">
          {t('admin.analyticsTitle')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {(['movies', 'series', 'profiles', 'activeSubscriptions'] as const).map((k) => (
            <div key={k} className="rounded-xl border p-4" data-testid={`count-${k}`}>
              <dt className="text-sm text-muted-foreground">{t(`admin.counts.${k}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums">{counts.data ? counts.data[k].toLocaleString() : '…'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <EndingLicences />
      <TitleAnalyticsCard />
      <section aria-labelledby="range-title" className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <h2 id="range-title" className="mr-auto text-lg font-semibold">
            {t('admin.range')}
          </h2>
          <div className="grid gap-1">
            <Label htmlFor="analytics-from">{t('admin.from')}</Label>
            <Input id="analytics-from" type="date" value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="analytics-to">{t('admin.to')}</Label>
            <Input id="analytics-to" type="date" value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
          </div>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {t(`admin.${problem}`, { max: MAX_ANALYTICS_DAYS })}
          </p>
        )}
        {report.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : report.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {isMissingRoute(report.error) ? t('admin.notAvailableYet') : t('admin.analyticsLoadFailedText')}
          </p>
        ) : (
          <Report report={report.data} />
        )}
      </section>
    </div>
  );
}

function Block({ title, series, from, to, chart, table }: { title: string; series: string | string[]; from: string; to: string; chart?: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <span className="flex gap-3">
          {[series].flat().map((s, i) => (
            <a key={s} className="text-sm font-medium text-primary hover:underline" href={exportUrl(s, from, to)} download>
              {i === 0 ? t('admin.exportCsv') : t('admin.exportCsvActive')}
            </a>
          ))}
        </span>
      </CardHeader>
      <CardContent className="grid gap-3">
        {chart && <div className="h-56 w-full">{chart}</div>}
        <div className="max-h-60 overflow-auto">{table}</div>
      </CardContent>
    </Card>
  );
}

function Table({ head, rows, label }: { head: string[]; rows: (string | number)[][]; label: string }) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="sticky top-0 bg-background text-left">
        <tr>
          {head.map((h) => (
            <th key={h} className="p-1 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {rows.map((r, i) => (
          <tr key={i} className="border-t">
            {r.map((c, j) => (
              <td key={j} className="p-1">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ report: r }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  // A plan by its name in the page's language, not its id ("Weekly Pass", not "weekly"); a plan since removed by its id.
  const planName = (plan: string) => t(`plans.${plan}.name`, { defaultValue: plan });
  const passes = r.passesSoldPerDay.map((d, i) => ({ ...d, active: r.passesActivePerDay[i]?.active ?? 0 }));
  const axis = { fontSize: 11 };
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="analytics-report">
      <Block
        title={t('admin.revenuePerDay')}
        series="revenue_per_day"
        from={r.from}
        to={r.to}
        chart={
          <ResponsiveContainer>
            <BarChart data={r.revenuePerDay.filter((d) => d.currency === 'RWF')}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tick={axis} />
              <YAxis tick={axis} />
              <Tooltip />
              <Bar dataKey="amount" name={`${t('admin.amount')} (RWF)`} fill="var(--primary)" />
            </BarChart>
          </ResponsiveContainer>
        }
        table={<Table label={t('admin.revenuePerDay')} head={[t('admin.date'), t('admin.amount'), t('admin.payments')]} rows={r.revenuePerDay.filter((d) => d.currency === 'RWF' || d.payments > 0).map((d) => [d.date, formatMoney(d.amount, d.currency, i18n.language), d.payments])} />}
      />
      <Block
        title={t('admin.revenueByPlan')}
        series="revenue_by_plan"
        from={r.from}
        to={r.to}
        chart={
          <ResponsiveContainer>
            <BarChart data={r.revenueByPlan.filter((d) => d.currency === 'RWF').map((d) => ({ ...d, plan: planName(d.plan) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="plan" tick={axis} />
              <YAxis tick={axis} />
              <Tooltip />
              <Bar dataKey="amount" name={`${t('admin.amount')} (RWF)`} fill="var(--primary)" />
            </BarChart>
          </ResponsiveContainer>
        }
        table={<Table label={t('admin.revenueByPlan')} head={[t('admin.plan'), t('admin.amount'), t('admin.payments')]} rows={r.revenueByPlan.map((d) => [planName(d.plan), formatMoney(d.amount, d.currency, i18n.language), d.payments])} />}
      />
      <Block
        title={t('admin.passesPerDay')}
        series={['passes_sold_per_day', 'passes_active_per_day']}
        from={r.from}
        to={r.to}
        chart={
          <ResponsiveContainer>
            <LineChart data={passes}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tick={axis} />
              <YAxis tick={axis} allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Line dataKey="sold" name={t('admin.passesSold')} stroke="var(--primary)" dot={false} />
              <Line dataKey="vouchers" name={t('admin.voucherPasses')} stroke="#8b5cf6" dot={false} />
              <Line dataKey="complimentary" name={t('admin.complimentary')} stroke="#f59e0b" dot={false} />
              <Line dataKey="active" name={t('admin.passesActive')} stroke="#10b981" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        }
        table={
          <Table label={t('admin.passesPerDay')} head={[t('admin.date'), t('admin.passesSold'), t('admin.voucherPasses'), t('admin.complimentary'), t('admin.passesActive')]}
            rows={passes.map((d) => [d.date, d.sold, d.vouchers, d.complimentary, d.active])} />
        }
      />
      <Block
        title={t('admin.newViewers')}
        series="new_viewers_per_day"
        from={r.from}
        to={r.to}
        chart={
          <ResponsiveContainer>
            <BarChart data={r.newViewersPerDay}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tick={axis} />
              <YAxis tick={axis} allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="count" name={t('admin.newViewers')} fill="#10b981" />
            </BarChart>
          </ResponsiveContainer>
        }
        table={<Table label={t('admin.newViewers')} head={[t('admin.date'), t('admin.viewers')]} rows={r.newViewersPerDay.map((d) => [d.date, d.count])} />}
      />
      <Block
        title={t('admin.topTitles')}
        series="top_titles"
        from={r.from}
        to={r.to}
        chart={
          r.topTitles.available && r.topTitles.items.length > 0 ? (
            <ResponsiveContainer>
              <BarChart data={r.topTitles.items} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tick={axis} />
                <YAxis type="category" dataKey="title" width={110} tick={axis} />
                <Tooltip />
                <Legend />
                <Bar dataKey="plays" name={t('admin.plays')} fill="var(--primary)" />
                <Bar dataKey="hoursWatched" name={t('admin.hoursWatched')} fill="#f59e0b" />
              </BarChart>
            </ResponsiveContainer>
          ) : undefined
        }
        table={
          r.topTitles.available ? (
            <Table label={t('admin.topTitles')} head={[t('admin.titleColumn'), t('admin.plays'), t('admin.hoursWatched')]} rows={r.topTitles.items.map((d) => [d.title, d.plays, d.hoursWatched.toFixed(1)])} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('admin.topTitlesUnavailable')}</p>
          )
        }
      />
      <Block
        title={t('admin.paymentOutcomes')}
        series="payment_outcomes"
        from={r.from}
        to={r.to}
        chart={
          <ResponsiveContainer>
            <BarChart data={[{ name: t('admin.outcomes'), successful: r.paymentOutcomes.successful, failed: r.paymentOutcomes.failed, pending: r.paymentOutcomes.pending }]}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" tick={axis} />
              <YAxis tick={axis} allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="successful" name={t('admin.successful')} fill="#10b981" />
              <Bar dataKey="failed" name={t('admin.failed')} fill="#ef4444" />
              <Bar dataKey="pending" name={t('admin.pending')} fill="#a3a3a3" />
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <Table
            label={t('admin.paymentOutcomes')}
            head={[t('admin.outcome'), t('admin.count')]}
            rows={[
              [t('admin.successful'), r.paymentOutcomes.successful],
              [t('admin.pending'), r.paymentOutcomes.pending],
              [t('admin.failed'), r.paymentOutcomes.failed],
              ...r.paymentOutcomes.failedByReason.map((f) => [`${t('admin.failed')}: ${f.reason}`, f.count]),
            ]}
          />
        }
      />
    </div>
  );
}

export default AnalyticsTab;
