import { useQuery } from '@tanstack/react-query';
import type { OutboxItemView } from '../../../../shared/contracts/recovery';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from './keys';

/** GET /api/admin/outbox?limit=: mail and SMS kept instead of sent, newest first (super admin; ADR 021). */
export function useOutbox(limit = 100) {
  return useQuery({
    queryKey: ['admin', 'outbox', limit] as const,
    queryFn: () => apiRequest<{ items: OutboxItemView[] }>(`/api/admin/outbox${queryString({ limit })}`),
    retry: false,
  });
}
