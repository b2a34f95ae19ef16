/**
 * The admin Payments list (docs/product/admin.md §11 "Payments"; refunds from it: docs/decisions/045-card-refunds.md):
 * every payment newest first, a page at a time after the last payment of the previous page (keyset on
 * (created_at, id)), filtered by status and method. Amounts stay in the minor unit of each payment's own currency
 * (RWF and UGX whole, USD cents; never added across currencies); numbers are only ever shown masked, cards as their
 * brand and last four digits.
 */
import type { AdminPayment, AdminPaymentsResponse, PaymentMethodKind, PaymentStatus } from '../../../shared/contracts/billing.js';
import type { AdminPaymentRow, BillingRepository } from './billing.repository.js';
import { toPaymentDetail } from './payment-views.js';

/** A payment as the admin list shows it. */
export function toAdminPayment(p: AdminPaymentRow): AdminPayment {
  return {
    ...toPaymentDetail(p),
    method: p.provider === 'card' ? 'card' : 'mobile_money',
    account: p.userId && p.accountEmail ? { id: p.userId, email: p.accountEmail } : null,
    refundedAmount: p.refundedAmount,
  };
}

export function createAdminPaymentsService(deps: { repo: Pick<BillingRepository, 'adminPayments'> }) {
  return {
    /**
     * One page of the list: at most `limit` payments (1 to 100) after payment `after`, newest first, with the `after`
     * of the next page (null when this one is the last). A page after an unknown payment is empty.
     */
    async list(q: { status?: PaymentStatus; method?: PaymentMethodKind; after?: string; limit: number }): Promise<AdminPaymentsResponse> {
      const rows = await deps.repo.adminPayments({ ...q, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      return { items: page.map(toAdminPayment), nextAfter: rows.length > q.limit ? page.at(-1)!.id : null };
    },
  };
}
export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
