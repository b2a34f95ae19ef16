import { useTranslation } from 'react-i18next';
import { remainingTime } from '../../../../shared/domain/plans';
import { formatDate } from '../../../lib/format';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * "N day(s) remaining", or "N hour(s) remaining" under a day (docs/product/viewer.md §4), in the viewer's language;
 * "Expired" once the time is up. Counting rules: `remainingTime` (nearest whole day, hours up under a day).
 */
export function remainingText(t: T, expiresAt: Date | string, now = new Date()): string {
  const left = remainingTime(expiresAt, now);
  if (left.count === 0) return t('billing.expired');
  return t(left.unit === 'days' ? 'billing.daysRemaining' : 'billing.hoursRemaining', { count: left.count });
}

/** A pass's expiry date and time in the viewer's language and Kigali time (lib/format.ts formatDate). */
export function formatDateTime(value: Date | string, language: string): string {
  return formatDate(value, language, { time: true });
}

export function RemainingTime({ expiresAt, now }: { expiresAt: Date | string; now?: Date }) {
  const { t } = useTranslation();
  return <span data-testid="remaining-time">{remainingText(t, expiresAt, now)}</span>;
}
