import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PLAN, isPlanId, type PlanId } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { usePlans } from '../api/get-plans';
import { countriesOffered, operatorSet } from '../components/operator-texts';
import { PayCountryPicker } from '../components/pay-country-picker';
import { usePayCountry } from '../hooks/use-pay-country';
import { PassStatus } from '../components/pass-status';
import { PlanCard } from '../components/plan-card';
import { effectOf, passStateOf, type PassWithTimeline } from '../components/purchase-effect';
import { SubscribeDialog, type SubscribeStep } from '../components/subscribe-dialog';
import { usePaidFlash } from '../hooks/use-paid-flash';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { signInPath } from '../../../lib/sign-in';

/**
 * /subscribe: the four passes and the payment dialog (docs/product/viewer.md §2, §4 and §9); ?plan= preselects one
 * (default: the plan marked popular, DEFAULT_PLAN). Visitors see the plans (ADR 054); choosing one sends a visitor to sign in (reason `pay`) and back to it. After a successful payment the page
 * reloads (`?paid=`) and opens on the dialog's success step. With a pass in force, each plan and the payment step
 * say what buying would do to it (starts after it, takes over now, or extends it; docs/decisions/019). A pass may be
 * bought as a gift, by mobile money or by card (docs/decisions/046-gifts.md): the success step then names who it was
 * sent to.
 */
export function SubscribePage({ pass = null, signedIn = true }: { pass?: PassWithTimeline | null; signedIn?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('plan');
  const initialPlan: PlanId = isPlanId(requested) ? requested : DEFAULT_PLAN;
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<SubscribeStep>('select');
  const [plan, setPlan] = useState<PlanId>(initialPlan);
  const [planFor, setPlanFor] = useState(initialPlan);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  // A new ?plan= (for example from the header's menu) preselects that plan.
  if (planFor !== initialPlan) {
    setPlanFor(initialPlan);
    setPlan(initialPlan);
  }

  const showSuccess = (paid: PlanId | null, id: string) => {
    if (paid) setPlan(paid);
    setPaymentId(id);
    setStep('success');
    setOpen(true);
  };
  const flow = usePaymentFlow({ onSuccess: (payment) => showSuccess(payment.plan, payment.id) });
  usePaidFlash((payment) => {
    if (payment.kind === 'pass') showSuccess(payment.plan, payment.id);
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // Closing resets to the initial plan and the select step (docs/product/viewer.md §4).
      setStep('select');
      setPlan(initialPlan);
    }
  };

  const choose = (id: PlanId) => {
    if (!signedIn) {
      // The plans are open to visitors (ADR 054); paying needs an account: sign in, then back to this plan.
      navigate(signInPath(`/subscribe?plan=${id}`, 'pay'));
      return;
    }
    setPlan(id);
    setStep('payment');
    setOpen(true);
  };

  const operators = plans.data?.operators ?? [];
  const [country, setCountry, currency] = usePayCountry();
  const set = operatorSet(operators, country);
  const now = new Date();
  const passState = passStateOf(pass, now);
  const effect = (id: PlanId) => effectOf(passState, id, now);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold [overflow-wrap:anywhere]">{t('billing.pageTitle')}</h1>
        <p className="text-muted-foreground">{t(`billing.pageSubtitle.${set}`)}</p>
        <PayCountryPicker countries={countriesOffered(operators)} value={country} onChange={setCountry} />
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
          <div className="grid grid-cols-1 gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
            {plans.data.plans.map((p) => (
              <PlanCard key={p.id} plan={p} currency={currency} highlighted={p.id === initialPlan} effect={effect(p.id)} onChoose={() => choose(p.id)} />
            ))}
          </div>
          <p className="text-center text-sm text-muted-foreground">{t(`billing.mobileMoneyNote.${set}`)}</p>
          <SubscribeDialog
            open={open}
            onOpenChange={onOpenChange}
            plans={plans.data.plans}
            operators={operators}
            step={step}
            plan={plan}
            processing={flow.processing}
            onSelectPlan={setPlan}
            onStep={setStep}
            onPay={(msisdn, gift) => void flow.pay({ kind: 'pass', plan, gift }, msisdn)}
            onPayByCard={plans.data.card ? (gift) => void flow.payByCard({ kind: 'pass', plan, gift }) : undefined}
            effectOf={effect}
            paymentId={paymentId}
          />
        </>
      )}
    </div>
  );
}

export default SubscribePage;
