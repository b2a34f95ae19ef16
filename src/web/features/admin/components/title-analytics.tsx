import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TitleAnalytics } from '../../../../shared/contracts/title-analytics';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatDecimal, formatMoney } from '../../../lib/format';
import { useTitleAnalytics } from '../api/analytics';

/** The month before `now`'s, YYYY-MM (UTC): the last month whose statements can be closed. */
export function previousMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** Amounts in each currency, each in its own units ("6,100 RWF · 70 USD"); "—" for none. Never added together. */
export function amountsText(amounts: Record<string, number>, language: string): string {
  const parts = Object.entries(amounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => formatMoney(amount, currency, language));
  return parts.length ? parts.join(' · ') : '—';
}

/**
 * One month per title, per translator and per currency (GET /api/admin/analytics/titles; docs/product/admin.md §10;
 * statements ADR 051, ledger ADR 049): minutes watched, viewers and revenue of each title before its holders' split,
 * what each translator is owed, and each currency's revenue, fees, platform share and holders' part.
 */
export function TitleAnalyticsCard() {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const data = useTitleAnalytics(valid ? month : previousMonth(new Date()));
  return (
    <Card data-testid="title-analytics">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle className="text-base">{t('admin.titleAnalytics.title')}</CardTitle>
        <div className="grid gap-1">
          <Label htmlFor="title-analytics-month">{t('admin.titleAnalytics.month')}</Label>
          <Input id="title-analytics-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 overflow-x-auto">
        {data.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : data.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(t, data.error)}
          </p>
        ) : (
          <Figures report={data.data} language={i18n.language} />
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ report, language }: { report: TitleAnalytics; language: string }) {
  const { t } = useTranslation();
  const minutes = (m: number) => formatDecimal(m, language, 1);
  return (
    <>
      <p className="text-sm text-muted-foreground">{t(report.closed ? 'admin.titleAnalytics.closed' : 'admin.titleAnalytics.preview')}</p>
      <table className="w-full text-sm" data-testid="title-analytics-currencies">
        <caption className="text-left font-medium">{t('admin.titleAnalytics.byCurrency')}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="p-2 font-medium">{t('admin.titleAnalytics.currency')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.revenue')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.fees')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.platformShare')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.holders')}</th>
          </tr>
        </thead>
        <tbody>
          {report.currencies.map((c) => (
            <tr key={c.currency} className="border-t">
              <td className="p-2">{c.currency}</td>
              {[c.revenue, c.fees, c.platformShare, c.holders].map((v, i) => (
                <td key={i} className="p-2 text-right tabular-nums whitespace-nowrap">
                  {formatMoney(v, c.currency, language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" data-testid="title-analytics-titles">
        <caption className="text-left font-medium">{t('admin.titleAnalytics.byTitle')}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="p-2 font-medium">{t('admin.titleAnalytics.titleColumn')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.minutes')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.viewers')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {report.titles.map((x) => (
            <tr key={x.titleId} className="border-t">
              <td className="p-2">{x.title ?? t('admin.titleAnalytics.deleted')}</td>
              <td className="p-2 text-right tabular-nums">{minutes(x.minutes)}</td>
              <td className="p-2 text-right tabular-nums">{formatDecimal(x.viewers, language, 0)}</td>
              <td className="p-2 text-right tabular-nums">{amountsText(x.revenue, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" data-testid="title-analytics-translators">
        <caption className="text-left font-medium">{t('admin.titleAnalytics.byTranslator')}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="p-2 font-medium">{t('admin.titleAnalytics.translator')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.minutes')}</th>
            <th className="p-2 text-right font-medium">{t('admin.titleAnalytics.owed')}</th>
          </tr>
        </thead>
        <tbody>
          {report.translators.map((x) => (
            <tr key={x.holderId} className="border-t">
              <td className="p-2">{x.name}</td>
              <td className="p-2 text-right tabular-nums">{minutes(x.minutes)}</td>
              <td className="p-2 text-right tabular-nums">{amountsText(x.amount, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
