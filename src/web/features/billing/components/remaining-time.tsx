import { useTranslation } from 'react-i18next';
import { remainingTime } from '../../../../shared/domain/plans';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * "N day(s) remaining", or "N hour(s) remaining" under a day (docs/product/viewer.md §4), in the viewer's language;
 * "Expired" once the time is up. Counting rules: `remainingTime` (whole days down, hours up).
 */
export function remainingText(t: T, expiresAt: Date | string, now = new Date()): string {
  const left = remainingTime(expiresAt, now);
  if (left.count === 0) return t('billing.expired');
  return t(left.unit === 'days' ? 'billing.daysRemaining' : 'billing.hoursRemaining', { count: left.count });
}

/** A pass's expiry date and time in the viewer's language, e.g. "12 March 2026, 14:05". */
export function formatDateTime(value: Date | string, language: string): string {
  const d = new Date(value);
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(d);
  }
}

export function RemainingTime({ expiresAt, now }: { expiresAt: Date | string; now?: Date }) {
  const { t } = useTranslation();
  return <span data-testid="remaining-time">{remainingText(t, expiresAt, now)}</span>;
}
