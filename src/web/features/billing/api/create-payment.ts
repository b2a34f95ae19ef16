import { useMutation } from '@tanstack/react-query';
import type { PaymentDetail } from '../../../../shared/contracts/billing';
import type { GiftRecipient } from '../../../../shared/contracts/gifts';
import type { PlanId } from '../../../../shared/domain/plans';
import { apiRequest } from '../../../lib/api-client';

/** What a payment buys: a pass (plan) or one title alone (movieId). The server sets the amount. */
export type PurchaseTarget = { kind: 'pass'; plan: PlanId; gift?: GiftRecipient } | { kind: 'title'; movieId: string; title: string; priceRwf: number };

/**
 * POST /api/billing/payments: asks the payer's operator (MTN MoMo or Airtel Money, chosen by the number) to
 * collect the price of a plan or a title from `phone` → 202 { payment } (pending).
 * Errors: 400 invalid_msisdn / operator_unavailable / not_for_sale, 409 already_purchased / conflict
 * (details.paymentId: a payment for the title is already waiting), 429 rate_limited, 502 payment_failed.
 */
export function createPayment(target: PurchaseTarget, phone: string): Promise<{ payment: PaymentDetail }> {
  const body = target.kind === 'pass' ? { plan: target.plan, phone, ...(target.gift ? { gift: target.gift } : {}) } : { movieId: target.movieId, phone };
  return apiRequest('/api/billing/payments', { method: 'POST', body });
}

/**
 * POST /api/billing/card-checkouts (docs/decisions/044-card-payments.md): opens the card processor's hosted checkout
 * for a plan or a title in `currency` (USD by default) → 201 { payment (pending), checkoutUrl }; the browser is then
 * sent to `checkoutUrl`, and comes back to the page it bought from with `?paid=`.
 * Errors: 400 method_unavailable / not_for_sale, 409 already_purchased / conflict, 429 rate_limited, 502 payment_failed.
 */
export function createCardCheckout(target: PurchaseTarget, currency = 'USD'): Promise<{ payment: PaymentDetail; checkoutUrl: string }> {
  const body = target.kind === 'pass' ? { plan: target.plan, currency, ...(target.gift ? { gift: target.gift } : {}) } : { movieId: target.movieId, currency };
  return apiRequest('/api/billing/card-checkouts', { method: 'POST', body });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: ({ target, phone }: { target: PurchaseTarget; phone: string }) => createPayment(target, phone) });
}
