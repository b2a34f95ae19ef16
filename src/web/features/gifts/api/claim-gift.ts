import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimGiftBody, ClaimedGiftView } from '../../../../shared/contracts/gifts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/gifts/claim (docs/decisions/046-gifts.md): adds a gift's pass to the signed-in viewer's account, once;
 * the viewer's pass (header) and billing pages are refreshed after it.
 */
export function useClaimGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimGiftBody) => apiRequest<{ claimed: ClaimedGiftView }>('/api/gifts/claim', { method: 'POST', body }).then((r) => r.claimed),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.me }), qc.invalidateQueries({ queryKey: queryKeys.billing })]),
  });
}
