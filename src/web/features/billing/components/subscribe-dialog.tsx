import { useTranslation } from 'react-i18next';
import type { Operator } from '../../../../shared/domain/msisdn';
import type { PurchaseEffect } from '../../../../shared/domain/pass-stacking';
import type { PlanId } from '../../../../shared/domain/plans';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format';
import { priceIn, pricesOf, type PlanView } from '../api/get-plans';
import { usePayCountry } from '../hooks/use-pay-country';
import { operatorSet } from './operator-texts';
import { PaymentStep } from './payment-step';
import { PlanSelectStep } from './plan-select-step';
import { PurchaseEffectNote } from './purchase-effect';
import { SuccessStep } from './success-step';

export type SubscribeStep = 'select' | 'payment' | 'success';

/**
 * The subscription dialog: select, then payment, then success (docs/product/viewer.md §2). With a pass in force,
 * `effectOf` says on the payment step what paying will do to it (ADR 019).
 */
export function SubscribeDialog({
  open,
  onOpenChange,
  plans,
  operators,
  step,
  plan,
  processing,
  onSelectPlan,
  onStep,
  onPay,
  onPayByCard,
  effectOf = () => null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plans: PlanView[];
  operators: readonly Operator[];
  step: SubscribeStep;
  plan: PlanId;
  processing: boolean;
  onSelectPlan: (plan: PlanId) => void;
  onStep: (step: SubscribeStep) => void;
  onPay: (msisdn: string) => void;
  /** Pay by card in USD (docs/decisions/044-card-payments.md); unset when cards are not offered. */
  onPayByCard?: () => void;
  effectOf?: (plan: PlanId) => PurchaseEffect | null;
}) {
  const { t, i18n } = useTranslation();
  const current = plans.find((p) => p.id === plan) ?? plans[0];
  const usd = current ? priceIn(current, 'USD') : null;
  const [country, , currency] = usePayCountry();
  const set = operatorSet(operators, country);
  const titles: Record<SubscribeStep, string> = {
    select: t('billing.selectTitle'),
    payment: t(`billing.paymentTitle.${set}`),
    success: t('billing.successTitle'),
  };
  const descriptions: Record<SubscribeStep, string> = {
    select: t('billing.selectText'),
    payment: t('billing.paymentText'),
    success: t('billing.successText'),
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} data-testid="subscribe-dialog" data-step={step}>
        <DialogHeader>
          <DialogTitle>{titles[step]}</DialogTitle>
          <DialogDescription>{descriptions[step]}</DialogDescription>
        </DialogHeader>
        {step === 'select' && <PlanSelectStep plans={plans} currency={currency} selected={plan} onSelect={onSelectPlan} onContinue={() => onStep('payment')} />}
        {step === 'payment' && current && <PurchaseEffectNote effect={effectOf(current.id)} />}
        {step === 'payment' && current && (
          <PaymentStep
            item={{ name: t(`plans.${current.id}.name`), prices: pricesOf(current) }}
            operators={operators}
            processing={processing}
            onPay={onPay}
            card={onPayByCard && usd ? { price: formatMoney(usd.price, usd.currency, i18n.language), onPay: onPayByCard } : null}
            onBack={() => onStep('select')}
          />
        )}
        {step === 'success' && <SuccessStep plan={plan} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
