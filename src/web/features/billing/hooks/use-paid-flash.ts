import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSearchParams } from 'react-router';
import type { PaymentDetail } from '../../../../shared/contracts/billing';
import { getPayment } from '../api/get-payment';
import { announceFailure, PAID_PARAM } from './use-payment-flow';

/**
 * After the reload that follows a successful payment (`?paid=<id>`, see usePaymentFlow), or the return from a card
 * checkout (docs/decisions/044-card-payments.md): reads that payment once and, when it is the viewer's and
 * successful, hands it to `onPaid` (the page shows its confirmation); a failed one is announced as any failed
 * payment, and one still pending (a card checkout left without paying) says it was not completed. The parameter is
 * then removed from the address, so a later reload or a shared link shows nothing again.
 */
export function usePaidFlash(onPaid: (payment: PaymentDetail) => void): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paid = params.get(PAID_PARAM);
  const handled = useRef<string | null>(null);
  const callback = useRef(onPaid);
  useEffect(() => {
    callback.current = onPaid;
  });
  useEffect(() => {
    if (!paid || handled.current === paid) return;
    handled.current = paid;
    getPayment(paid)
      .then(({ payment }) => {
        if (payment.status === 'successful') callback.current(payment as PaymentDetail);
        else if (payment.status === 'failed') announceFailure(t, { status: 'failed', payment });
        else toast.info(t('billing.notCompleted'), { description: t('billing.notCompletedText') });
      })
      .catch(() => undefined)
      .finally(() => {
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete(PAID_PARAM);
            return next;
          },
          { replace: true },
        );
      });
  }, [paid, setParams, t]);
}
