import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVoucherBatchBody, VoucherBatchView } from '../../../../shared/contracts/vouchers';
import { apiRequest } from '../../../lib/api-client';

const batchesKey = ['admin', 'vouchers', 'batches'] as const;

/** GET /api/admin/vouchers/batches: every voucher batch with its counts, newest first (super admin; ADR 042). */
export function useVoucherBatches() {
  return useQuery({ queryKey: batchesKey, queryFn: () => apiRequest<{ batches: VoucherBatchView[] }>('/api/admin/vouchers/batches').then((r) => r.batches), retry: false });
}

/** POST /api/admin/vouchers/batches: makes a batch; the list is refreshed. */
export function useCreateVoucherBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVoucherBatchBody) => apiRequest<{ batch: VoucherBatchView; codes: string[] }>('/api/admin/vouchers/batches', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: batchesKey }),
  });
}

/** POST /api/admin/vouchers/batches/:id/void: its unredeemed codes stop working; the list is refreshed. */
export function useVoidVoucherBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ batch: VoucherBatchView }>(`/api/admin/vouchers/batches/${encodeURIComponent(id)}/void`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: batchesKey }),
  });
}

/** Where a batch's CSV downloads from (a plain link: the browser sends the session cookie). */
export const voucherCsvUrl = (id: string) => `/api/admin/vouchers/batches/${encodeURIComponent(id)}/codes.csv`;
