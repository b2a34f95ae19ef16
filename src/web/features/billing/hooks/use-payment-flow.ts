import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PaymentDetail } from '../../../../shared/contracts/billing';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';
import { createCardCheckout, createPayment, type PurchaseTarget } from '../api/create-payment';
import { waitForPayment, type PaymentOutcome } from '../api/get-payment';

/** Reasons with their own explanation under "Payment Issue" (the rest read "Payment failed. Please try again."). */
const EXPLAINED_REASONS = ['APPROVAL_REJECTED', 'NOT_ENOUGH_FUNDS', 'PAYER_LIMIT_REACHED', 'INCORRECT_PIN', 'TRANSACTION_CANCELED'] as const;

/** Delay before the page reloads after a successful payment (docs/product/viewer.md §4: 0.8-1 s). */
export const RELOAD_AFTER_SUCCESS_MS = 1000;
/** The query parameter that tells the reloaded page which payment just succeeded. */
export const PAID_PARAM = 'paid';

/** The URL the page reloads to after `paymentId` succeeded: the same page with `?paid=<id>`. */
export function paidUrl(location: { pathname: string; search: string }, paymentId: string): string {
  const params = new URLSearchParams(location.search);
  params.set(PAID_PARAM, paymentId);
  return `${location.pathname}?${params.toString()}`;
}

type T = ReturnType<typeof useTranslation>['t'];

/**
 * The toast of a settled or abandoned payment (docs/product/viewer.md §8): PAYER_NOT_FOUND → "Mobile Money Not Active"
 * (10 s); EXPIRED (the approval window closed) and our own 120 s wait → "Payment Timeout" (8 s); any other failure
 * → "Payment Issue" (7 s) with the reason. Success is announced by the flow itself.
 */
export function announceFailure(t: T, outcome: Exclude<PaymentOutcome, { status: 'successful' }>): void {
  const reason = outcome.status === 'failed' ? (outcome.payment.reason ?? '') : 'EXPIRED';
  if (reason === 'PAYER_NOT_FOUND') {
    toast.error(t('billing.notActive'), { description: t('billing.notActiveText'), duration: 10_000 });
  } else if (reason === 'EXPIRED') {
    toast.warning(t('billing.timeout'), { description: t('billing.timeoutText'), duration: 8_000 });
  } else {
    const key = (EXPLAINED_REASONS as readonly string[]).includes(reason) ? reason : 'OTHER';
    toast.error(t('billing.paymentIssue'), { description: t(`billing.reasons.${key}`), duration: 7_000 });
  }
}

/**
 * The text under "Payment Successful": the pass is active (docs/product/viewer.md §4), the title is bought, or, for a
 * pass bought as a gift, the gift is paid and its code on its way; a gift never says the viewer's own pass is active
 * (docs/decisions/046-gifts.md).
 */
export function successText(t: T, target: PurchaseTarget): string {
  if (target.kind === 'title') return t('billing.titleBoughtText', { title: target.title });
  return t(target.gift ? 'billing.gift.paidText' : 'billing.paymentSuccessfulText', { plan: t(`plans.${target.plan}.name`) });
}

/**
 * One payment from request to outcome (docs/product/viewer.md §4 and §8; ADR 011): request, "Payment Request
 * Sent", poll every 3 s for up to 120 s, then success, failure with its reason, or timeout. On success the data is
 * refreshed (a gift's success toast says the gift was sent, not that the viewer's pass is active) and, after 1 s,
 * the page reloads to `?paid=<id>` so the new page shows the confirmation (`onSuccess`
 * runs first; `reload` is replaceable for tests). Polling lives as long as the page, so closing the dialog does not
 * lose the answer.
 */
export function usePaymentFlow({
  onSuccess,
  reload = defaultReload,
  navigate = defaultNavigate,
}: { onSuccess?: (payment: PaymentDetail) => void; reload?: (paymentId: string) => void; navigate?: (url: string) => void } = {}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const callbacks = useRef({ onSuccess, reload, navigate });
  useEffect(() => {
    callbacks.current = { onSuccess, reload, navigate };
  });
  useEffect(() => () => controller.current?.abort(), []);

  async function pay(target: PurchaseTarget, msisdn: string): Promise<void> {
    if (processing) return;
    setProcessing(true);
    const ac = new AbortController();
    controller.current = ac;
    try {
      let paymentId: string;
      try {
        const { payment } = await createPayment(target, msisdn);
        paymentId = payment.id;
        toast.info(t('billing.requestSent'), { description: t('billing.requestSentText') });
      } catch (error) {
        const waiting = isApiError(error, 'conflict') ? (error.details as { paymentId?: unknown } | undefined)?.paymentId : undefined;
        if (typeof waiting === 'string') {
          // A payment for this title already waits for approval: follow that one instead of charging twice.
          paymentId = waiting;
          toast.info(t('billing.alreadyWaiting'), { description: t('billing.requestSentText') });
        } else {
          if (isApiError(error, 'unauthenticated')) {
            toast.error(t('billing.authRequired'), { description: t('billing.authRequiredText') });
            void qc.invalidateQueries({ queryKey: queryKeys.me });
          } else if (isApiError(error, 'invalid_msisdn') || isApiError(error, 'operator_unavailable') || isApiError(error, 'already_purchased') || isApiError(error, 'not_for_sale') || isApiError(error, 'rate_limited')) {
            toast.error(t('billing.requestFailed'), { description: errorMessage(t, error) });
          } else {
            toast.error(t('billing.requestFailed'), { description: t('billing.requestFailedText') });
          }
          return;
        }
      }

      const outcome = await waitForPayment(paymentId, { signal: ac.signal });
      if (outcome.status === 'successful') {
        toast.success(t('billing.paymentSuccessful'), { description: successText(t, target) });
        await qc.invalidateQueries({ queryKey: queryKeys.me });
        void qc.invalidateQueries({ queryKey: ['billing'] });
        callbacks.current.onSuccess?.(outcome.payment as PaymentDetail);
        window.setTimeout(() => callbacks.current.reload(paymentId), RELOAD_AFTER_SUCCESS_MS);
      } else {
        announceFailure(t, outcome);
        void qc.invalidateQueries({ queryKey: ['billing', 'history'] });
      }
    } catch {
      // Aborted: the viewer left the page; the server settles the payment on its own.
    } finally {
      if (controller.current === ac) controller.current = null;
      if (!ac.signal.aborted) setProcessing(false);
    }
  }

  /**
   * Pays by card: opens the processor's hosted checkout and sends the browser there (the card number is typed on
   * the processor's page, never on ours: docs/decisions/044-card-payments.md). The outcome is shown when the
   * browser comes back (`?paid=`, usePaidFlash).
   */
  async function payByCard(target: PurchaseTarget, currency = 'USD'): Promise<void> {
    if (processing) return;
    setProcessing(true);
    try {
      const { checkoutUrl } = await createCardCheckout(target, currency);
      callbacks.current.navigate(checkoutUrl);
    } catch (error) {
      toast.error(t('billing.requestFailed'), { description: errorMessage(t, error) });
      setProcessing(false);
    }
  }

  return { processing, pay, payByCard };
}

function defaultNavigate(url: string): void {
  window.location.assign(url);
}

function defaultReload(paymentId: string): void {
  window.location.replace(paidUrl(window.location, paymentId));
}
