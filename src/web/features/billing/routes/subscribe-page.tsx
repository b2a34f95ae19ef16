import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { isPlanId, type PlanId } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { usePlans } from '../api/get-plans';
import { PassStatus } from '../components/pass-status';
import { PlanCard } from '../components/plan-card';
import { SubscribeDialog, type SubscribeStep } from '../components/subscribe-dialog';
import { usePaymentFlow } from '../hooks/use-payment-flow';

/** /subscribe: the four passes and the payment dialog; ?plan= preselects one (default monthly). */
export function SubscribePage({ pass = null }: { pass?: PassSummary | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('plan');
  const initialPlan: PlanId = isPlanId(requested) ? requested : 'monthly';
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<SubscribeStep>('select');
  const [plan, setPlan] = useState<PlanId>(initialPlan);
  const [planFor, setPlanFor] = useState(initialPlan);
  // A new ?plan= (for example from a header link) preselects that plan.
  if (planFor !== initialPlan) {
    setPlanFor(initialPlan);
    setPlan(initialPlan);
  }

  const flow = usePaymentFlow({
    onSuccess: (paid) => {
      setPlan(paid);
      setStep('success');
      setOpen(true);
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // Closing resets to the initial plan and the select step (viewer spec section 4).
      setStep('select');
      setPlan(initialPlan);
    }
  };

  const choose = (id: PlanId) => {
    setPlan(id);
    setStep('payment');
    setOpen(true);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold">{t('billing.pageTitle')}</h1>
        <p className="text-muted-foreground">{t('billing.pageSubtitle')}</p>
      </div>
      <PassStatus pass={pass} />
      {plans.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : plans.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 text-center">
          <p>{errorMessage(t, plans.error)}</p>
          <Button variant="outline" onClick={() => void plans.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
            {plans.data.map((p) => (
              <PlanCard key={p.id} plan={p} highlighted={p.id === initialPlan} onChoose={() => choose(p.id)} />
            ))}
          </div>
          <p className="text-center text-sm text-muted-foreground">{t('billing.mobileMoneyNote')}</p>
          <SubscribeDialog
            open={open}
            onOpenChange={onOpenChange}
            plans={plans.data}
            step={step}
            plan={plan}
            processing={flow.processing}
            onSelectPlan={setPlan}
            onStep={setStep}
            onPay={(msisdn) => void flow.pay(plan, msisdn)}
          />
        </>
      )}
    </div>
  );
}

export default SubscribePage;
