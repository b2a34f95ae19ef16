import { useTranslation } from 'react-i18next';
import type { PlanId } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { priceIn, type PlanView } from '../api/get-plans';

/** Step 1 of the dialog: pick one of the passes; prices in `currency` (the payer's country's, default RWF). */
export function PlanSelectStep({ plans, currency = 'RWF', selected, onSelect, onContinue }: { plans: PlanView[]; currency?: string; selected: PlanId; onSelect: (id: PlanId) => void; onContinue: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('billing.choosePlan')}</legend>
        {plans.map((plan) => (
          <label
            key={plan.id}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              selected === plan.id && 'border-primary bg-primary/5',
            )}
          >
            <span className="flex items-center gap-3">
              <input type="radio" name="plan" value={plan.id} checked={selected === plan.id} onChange={() => onSelect(plan.id)} className="size-4 accent-[var(--primary)]" />
              <span className="grid">
                <span className="font-medium">{t(`plans.${plan.id}.name`)}</span>
                <span className="text-xs text-muted-foreground">{t(`plans.${plan.id}.period`)}</span>
              </span>
            </span>
            <span className="font-semibold">{formatMoney(priceIn(plan, currency).price, priceIn(plan, currency).currency, i18n.language)}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="w-full">
        {t('billing.continue')}
      </Button>
    </form>
  );
}
