import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioReport } from '../../../../shared/contracts/studio';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDecimal } from '../../../lib/format';
import { useStudio } from '../api/get-studio';
import { StudioMoneySection } from '../components/studio-money';
import { StudioTable } from '../components/studio-table';

/** The ranges a translator can look at, days (today included). */
export const STUDIO_RANGES = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * /studio: a translator's own figures (docs/decisions/047-translators-as-people.md; docs/product/admin.md §12): the
 * minutes watched and distinct viewers of each of their titles over the last 7, 30 or 90 days, and the same per day,
 * from the minutes-watched ledger (ADR 049); then their earnings of closed months and their payouts (ADR 051, ADR 052).
 * An account no translator is linked to is told so.
 */
export default function StudioPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof STUDIO_RANGES)[number]>(30);
  const to = isoDay(Date.now());
  const from = isoDay(Date.parse(to) - (days - 1) * DAY_MS);
  const studio = useStudio(from, to);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('studio.title')}</h1>
          {studio.data && <p className="text-muted-foreground">{studio.data.translator.name}</p>}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('studio.range')}>
          {STUDIO_RANGES.map((d) => (
            <Button key={d} size="sm" variant={d === days ? 'default' : 'outline'} aria-pressed={d === days} onClick={() => setDays(d)}>
              {t('studio.lastDays', { count: d })}
            </Button>
          ))}
        </div>
      </div>
      {studio.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : studio.isError ? (
        <p role="alert" className="text-destructive" data-testid="studio-error">
          {errorMessage(t, studio.error)}
        </p>
      ) : (
        <>
          <StudioFigures report={studio.data} />
          <StudioMoneySection />
        </>
      )}
    </div>
  );
}

function StudioFigures({ report }: { report: StudioReport }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleOf = new Map(report.titles.map((x) => [x.titleId, x.title ?? t('studio.deletedTitle')]));
  const minutes = (m: number) => formatDecimal(m, language, 1);
  if (report.titles.length === 0) return <p className="text-muted-foreground" data-testid="studio-empty">{t('studio.empty')}</p>;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t('studio.byTitle')}</CardTitle>
          <CardDescription>{t('studio.rangeText', { from: formatDate(report.from, language), to: formatDate(report.to, language) })}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <StudioTable testId="studio-titles" columns={[{ label: t('studio.titleColumn') }, { label: t('studio.minutesColumn'), numeric: true }, { label: t('studio.viewersColumn'), numeric: true }]}>
            {report.titles.map((x) => (
              <tr key={x.titleId} className="border-t">
                <td className="p-2">{titleOf.get(x.titleId)}</td>
                <td className="p-2 text-right tabular-nums">{minutes(x.minutes)}</td>
                <td className="p-2 text-right tabular-nums">{formatDecimal(x.viewers, language, 0)}</td>
              </tr>
            ))}
          </StudioTable>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('studio.byDay')}</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <StudioTable testId="studio-days" columns={[{ label: t('studio.dayColumn') }, { label: t('studio.titleColumn') }, { label: t('studio.minutesColumn'), numeric: true }, { label: t('studio.viewersColumn'), numeric: true }]}>
            {[...report.days].reverse().map((d) => (
              <tr key={`${d.day}|${d.titleId}`} className="border-t">
                <td className="p-2 whitespace-nowrap">{formatDate(`${d.day}T12:00:00Z`, language)}</td>
                <td className="p-2">{titleOf.get(d.titleId)}</td>
                <td className="p-2 text-right tabular-nums">{minutes(d.minutes)}</td>
                <td className="p-2 text-right tabular-nums">{formatDecimal(d.viewers, language, 0)}</td>
              </tr>
            ))}
          </StudioTable>
        </CardContent>
      </Card>
    </>
  );
}
