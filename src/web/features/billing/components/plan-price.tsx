import { useTranslation } from 'react-i18next';
import { planSaving } from '../../../../shared/domain/plans';
import { formatMoney } from '../../../lib/format';
import { priceIn, type PlanView } from '../api/get-plans';

/**
 * "7,000 RWF / 30 days" in `currency` (the payer's country's; docs/decisions/043), with the struck-through compare-at
 * price only when it is above the price (planSaving, ADR 022, computed in that currency).
 */
export function PlanPrice({ plan, currency = 'RWF' }: { plan: PlanView; currency?: string }) {
  const { t, i18n } = useTranslation();
  const p = priceIn(plan, currency);
  const { compareAtRwf: compareAt } = planSaving(p.price, p.compareAt);
  return (
    <div className="grid gap-0.5">
      {compareAt != null && (
        <s className="text-sm text-muted-foreground" aria-label={t('plans.wasPrice', { price: formatMoney(compareAt, p.currency, i18n.language) })} data-testid="plan-was">
          {formatMoney(compareAt, p.currency, i18n.language)}
        </s>
      )}
      <p>
        <span className="text-2xl font-bold">{formatMoney(p.price, p.currency, i18n.language)}</span>{' '}
        <span className="text-sm text-muted-foreground">/ {t(`plans.${plan.id}.period`)}</span>
      </p>
    </div>
  );
}
