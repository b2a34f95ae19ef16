import { useTranslation } from 'react-i18next';
import { formatRwf } from '../../../lib/format';
import type { PlanView } from '../api/get-plans';

/** "7,000 RWF / 30 days", with the struck-through compare-at price when there is one. */
export function PlanPrice({ plan }: { plan: PlanView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-0.5">
      {plan.compareAtRwf != null && (
        <s className="text-sm text-muted-foreground" aria-label={t('plans.wasPrice', { price: formatRwf(plan.compareAtRwf, i18n.language) })}>
          {formatRwf(plan.compareAtRwf, i18n.language)}
        </s>
      )}
      <p>
        <span className="text-2xl font-bold">{formatRwf(plan.priceRwf, i18n.language)}</span>{' '}
        <span className="text-sm text-muted-foreground">/ {t(`plans.${plan.id}.period`)}</span>
      </p>
    </div>
  );
}
