import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentsResponse, PaymentDetail } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, queryString } from './keys';

/** The list's filters and page: '' for any status or method; `after` the last payment of the previous page. */
export interface PaymentsParams {
  status: string;
  method: string;
  after: string;
}

/** GET /api/admin/payments (admin, super admin; docs/product/admin.md §11): newest first, 25 a page. */
export function useAdminPayments(params: PaymentsParams) {
  return useQuery({
    queryKey: adminKeys.payments({ ...params }),
    queryFn: () => apiRequest<AdminPaymentsResponse>(`/api/admin/payments${queryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/admin/payments/:id/refund (super admin; docs/decisions/045-card-refunds.md): a successful card payment
 * refunded in full through the processor; the list is refreshed. Fails with the server's error code (ApiError).
 */
export function useRefundPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ payment: PaymentDetail }>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.paymentsAll }),
  });
}
