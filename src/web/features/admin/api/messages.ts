import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageView } from '../../../../shared/contracts/contact';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, queryString } from './keys';

/** GET /api/admin/messages?handled=…: the contact form's messages (POST /api/contact). */
export function useMessages(filter: 'open' | 'handled' | 'all') {
  const handled = filter === 'all' ? undefined : String(filter === 'handled');
  return useQuery({
    queryKey: adminKeys.messages(filter),
    queryFn: () => apiRequest<{ items: ContactMessageView[]; total: number }>(`/api/admin/messages${queryString({ handled, limit: 100 })}`),
    retry: false,
  });
}
/** PATCH /api/admin/messages/:id { handled }. */
export function useMarkHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => apiRequest<{ message: ContactMessageView }>(`/api/admin/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.messagesAll }),
  });
}
