import { useQuery } from '@tanstack/react-query';
import type { ReceiptView } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/billing/payments/:id/receipt: a successful payment's receipt; 404 not_found for any other payment. */
export function getReceipt(id: string, signal?: AbortSignal): Promise<{ receipt: ReceiptView }> {
  return apiRequest(`/api/billing/payments/${encodeURIComponent(id)}/receipt`, { signal });
}

export function useReceipt(id: string) {
  return useQuery({ queryKey: ['billing', 'receipt', id], queryFn: ({ signal }) => getReceipt(id, signal), select: (d) => d.receipt, retry: false });
}
