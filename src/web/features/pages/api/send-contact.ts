import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../../../shared/contracts/contact';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: stores the message for the admins' inbox → { id }. Errors: 400 validation_failed, 429 rate_limited. */
export function sendContact(body: ContactBody): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/contact', { method: 'POST', body });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
