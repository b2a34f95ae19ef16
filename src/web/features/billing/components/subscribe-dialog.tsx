import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftRecipient } from '../../../../shared/contracts/gifts';
import type { Operator } from '../../../../shared/domain/msisdn';
import type { PurchaseEffect } from '../../../../shared/domain/pass-stacking';
import type { PlanId } from '../../../../shared/domain/plans';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { useGiftOfPayment } from '../api/get-gifts';
import { priceIn, pricesOf, type PlanView } from '../api/get-plans';
import { usePayCountry } from '../hooks/use-pay-country';
import { emptyGiftDraft, type GiftDraft } from './gift-fields';
import { operatorSet } from './operator-texts';
import { PaymentStep } from './payment-step';
import { PlanSelectStep } from './plan-select-step';
import { PurchaseEffectNote } from './purchase-effect';
import { SuccessStep } from './success-step';

export type SubscribeStep = 'select' | 'payment' | 'success';

/**
 * The subscription dialog: select, then payment, then success (docs/product/viewer.md §2). With a pass in force,
 * `effectOf` says on the payment step what paying will do to it (ADR 019). The payment step offers "Buy as a gift"
 * (docs/decisions/046-gifts.md; the viewer's own pass is then unchanged, so the effect is not shown); the success
 * step looks `paymentId` up among the viewer's gifts (GET /api/gifts) and, for a gift, names its masked recipient
 * instead of "your pass". Closing the dialog forgets the gift's draft.
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
  paymentId = null,
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
  onPay: (msisdn: string, gift?: GiftRecipient) => void;
  /** Pay by card in USD (docs/decisions/044-card-payments.md); unset when cards are not offered. */
  onPayByCard?: (gift?: GiftRecipient) => void;
  effectOf?: (plan: PlanId) => PurchaseEffect | null;
  /** The payment the success step is about (null: none known, the pass's texts). */
  paymentId?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<GiftDraft>(() => emptyGiftDraft(i18n.language));
  const paid = useGiftOfPayment(step === 'success' ? paymentId : null);
  const close = (next: boolean) => {
    if (!next) setDraft(emptyGiftDraft(i18n.language));
    onOpenChange(next);
  };
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
    success: paid.gift ? t('billing.gift.successText') : paid.pending ? '' : t('billing.successText'),
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('common.close')} data-testid="subscribe-dialog" data-step={step}>
        <DialogHeader>
          <DialogTitle>{titles[step]}</DialogTitle>
          <DialogDescription>{descriptions[step]}</DialogDescription>
        </DialogHeader>
        {step === 'select' && <PlanSelectStep plans={plans} currency={currency} selected={plan} onSelect={onSelectPlan} onContinue={() => onStep('payment')} />}
        {step === 'payment' && current && !draft.on && <PurchaseEffectNote effect={effectOf(current.id)} />}
        {step === 'payment' && current && (
          <PaymentStep
            item={{ name: t(`plans.${current.id}.name`), prices: pricesOf(current) }}
            operators={operators}
            processing={processing}
            onPay={onPay}
            card={onPayByCard && usd ? { price: formatMoney(usd.price, usd.currency, i18n.language), onPay: onPayByCard } : null}
            onBack={() => onStep('select')}
            gift={{ draft, onChange: setDraft }}
          />
        )}
        {step === 'success' && (paid.pending ? <Spinner label={t('common.loading')} /> : <SuccessStep plan={plan} gift={paid.gift} onDone={() => close(false)} />)}
      </DialogContent>
    </Dialog>
  );
}
