import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { useEndingLicences } from '../api/rights';

/** Days ahead the panel lists ending licences for (docs/product/admin.md §13). */
export const ENDING_DAYS = 30;

/**
 * Licences ending within the next 30 days, soonest first (GET /api/admin/rights/ending; docs/product/admin.md §13),
 * each with its title and end in the page's language and Kigali time (lib/format.ts formatDate); "none" when there are none.
 */
export function EndingLicences() {
  const { t, i18n } = useTranslation();
  const ending = useEndingLicences(ENDING_DAYS);
  return (
    <Card data-testid="ending-licences">
      <CardHeader>
        <CardTitle className="text-base">{t('admin.rights.endingTitle', { days: ENDING_DAYS })}</CardTitle>
      </CardHeader>
      <CardContent>
        {ending.error ? (
          <p className="text-sm text-destructive">{errorMessage(t, ending.error)}</p>
        ) : !ending.data ? (
          <p className="text-sm text-muted-foreground">…</p>
        ) : ending.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.rights.endingNone')}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {ending.data.map((l) => (
              <li key={l.titleId} className="flex justify-between gap-3">
                <span>
                  {l.title} <span className="text-muted-foreground">({t(`admin.rights.titleKind.${l.kind}`)})</span>
                </span>
                <time dateTime={l.licenceEnd} className="tabular-nums">
                  {formatDate(l.licenceEnd, i18n.language, { time: true })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
