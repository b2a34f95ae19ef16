import { useQuery } from '@tanstack/react-query';
import type { BillingHistoryResponse } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

export const billingHistoryKey = ['billing', 'history'] as const;

/** GET /api/billing/history: the viewer's current pass (or null) and every payment of theirs, newest first. */
export function getBillingHistory(signal?: AbortSignal): Promise<BillingHistoryResponse> {
  return apiRequest('/api/billing/history', { signal });
}

export function useBillingHistory(enabled = true) {
  return useQuery({ queryKey: billingHistoryKey, queryFn: ({ signal }) => getBillingHistory(signal), enabled });
}
