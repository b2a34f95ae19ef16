import { useTranslation } from 'react-i18next';
import { planSaving } from '../../../../shared/domain/plans';
import { formatRwf } from '../../../lib/format';
import type { PlanView } from '../api/get-plans';

/** "7,000 RWF / 30 days", with the struck-through compare-at price only when it is above the price (planSaving, ADR 022). */
export function PlanPrice({ plan }: { plan: PlanView }) {
  const { t, i18n } = useTranslation();
  const { compareAtRwf } = planSaving(plan.priceRwf, plan.compareAtRwf);
  return (
    <div className="grid gap-0.5">
      {compareAtRwf != null && (
        <s className="text-sm text-muted-foreground" aria-label={t('plans.wasPrice', { price: formatRwf(compareAtRwf, i18n.language) })} data-testid="plan-was">
          {formatRwf(compareAtRwf, i18n.language)}
        </s>
      )}
      <p>
        <span className="text-2xl font-bold">{formatRwf(plan.priceRwf, i18n.language)}</span>{' '}
        <span className="text-sm text-muted-foreground">/ {t(`plans.${plan.id}.period`)}</span>
      </p>
    </div>
  );
}
