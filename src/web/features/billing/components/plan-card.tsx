import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { PurchaseEffect } from '../../../../shared/domain/pass-stacking';
import { planSaving } from '../../../../shared/domain/plans';
import { priceIn, type PlanView } from '../api/get-plans';
import { PlanFeatures } from './plan-features';
import { PlanPrice } from './plan-price';
import { PurchaseEffectNote } from './purchase-effect';

/**
 * One plan of the plans page; `effect` (with a pass in force) says what buying it would do (ADR 019). "Save N%" is
 * computed from the price and the compare-at price and shown only when true (planSaving, ADR 022).
 */
export function PlanCard({
  plan,
  currency = 'RWF',
  highlighted,
  disabled,
  effect = null,
  onChoose,
}: {
  plan: PlanView;
  /** The currency its price is shown in (the payer's country's; docs/decisions/043). */
  currency?: string;
  highlighted: boolean;
  disabled?: boolean;
  effect?: PurchaseEffect | null;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`plans.${plan.id}.name`);
  const p = priceIn(plan, currency);
  const { savePercent } = planSaving(p.price, p.compareAt);
  return (
    <Card className={cn('relative flex flex-col', highlighted && 'ring-2 ring-primary')} data-testid={`plan-${plan.id}`}>
      {(plan.popular || savePercent != null) && (
        <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-1">
          {plan.popular && <Badge>{t('plans.mostPopular')}</Badge>}
          {savePercent != null && (
            <Badge variant="success" data-testid="plan-save">
              {t('plans.savePercent', { percent: savePercent })}
            </Badge>
          )}
        </div>
      )}
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <PlanPrice plan={plan} currency={currency} />
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <PlanFeatures plan={plan} />
        <PurchaseEffectNote effect={effect} />
      </CardContent>
      <CardFooter>
        <Button className="h-auto min-h-9 w-full whitespace-normal text-center" variant={highlighted ? 'default' : 'outline'} onClick={onChoose} disabled={disabled}>
          {/* The visible text names the pass, so it is also the button's whole accessible name (WCAG 2.5.3). */}
          {t('plans.chooseAria', { plan: name })}
        </Button>
      </CardFooter>
    </Card>
  );
}
