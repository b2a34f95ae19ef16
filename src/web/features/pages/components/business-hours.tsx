import { useTranslation } from 'react-i18next';
import { formatTimeRange } from '../../../lib/format';
import { clockParts, useSiteSettings } from '../../../lib/site-info';
import { PAGES_NS } from '../texts';

const DAYS = ['weekdays', 'saturday', 'sunday'] as const;

/**
 * Business hours of the site settings (ADR 022; by default docs/product/viewer.md §1: Mon-Fri 9:00-18:00, Sat
 * 10:00-16:00, Sunday closed); times per language.
 */
export function BusinessHours() {
  const { t, i18n } = useTranslation(PAGES_NS);
  const { hours } = useSiteSettings();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {DAYS.map((day) => {
        const h = hours[day];
        return (
          <div key={day} className="contents">
            <dt className="font-medium">{t(`hours.${day}`)}</dt>
            <dd className="text-muted-foreground">{h ? formatTimeRange(clockParts(h.open), clockParts(h.close), i18n.language) : t('hours.closed')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
