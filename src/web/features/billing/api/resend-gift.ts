import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftView } from '../../../../shared/contracts/gifts';
import { apiRequest } from '../../../lib/api-client';
import { sentGiftsKey } from './get-gifts';

/**
 * POST /api/gifts/:id/resend (docs/decisions/046-gifts.md): sends the recipient of the viewer's own gift the same code
 * again → { gift }; the list of sent gifts is refreshed after it, whatever the answer.
 * Errors: 404 not_found (not the viewer's), 409 conflict (not paid yet, claimed or expired), 429 rate_limited (3
 * messages a gift in 24 hours, the first included; details.retryAfterSeconds), 502 gift_not_sent (the mail or SMS
 * provider did not take it).
 */
export function useResendGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ gift: GiftView }>(`/api/gifts/${encodeURIComponent(id)}/resend`, { method: 'POST' }).then((r) => r.gift),
    onSettled: () => qc.invalidateQueries({ queryKey: sentGiftsKey }),
  });
}
