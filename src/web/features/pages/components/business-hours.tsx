import { useTranslation } from 'react-i18next';
import { formatTimeRange } from '../../../lib/format';
import { PAGES_NS } from '../texts';

/** Business hours (viewer spec section 1): Mon-Fri 9:00-18:00, Sat 10:00-16:00, Sunday closed; times per language. */
export const BUSINESS_HOURS = [
  { key: 'weekdays', open: [9, 0], close: [18, 0] },
  { key: 'saturday', open: [10, 0], close: [16, 0] },
  { key: 'sunday', open: null, close: null },
] as const;

export function BusinessHours() {
  const { t, i18n } = useTranslation(PAGES_NS);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {BUSINESS_HOURS.map((h) => (
        <div key={h.key} className="contents">
          <dt className="font-medium">{t(`hours.${h.key}`)}</dt>
          <dd className="text-muted-foreground">{h.open && h.close ? formatTimeRange(h.open, h.close, i18n.language) : t('hours.closed')}</dd>
        </div>
      ))}
    </dl>
  );
}
