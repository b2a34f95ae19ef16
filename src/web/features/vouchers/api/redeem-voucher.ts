import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemVoucherBody, RedeemedVoucher } from '../../../../shared/contracts/vouchers';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/vouchers/redeem (docs/decisions/042-vouchers.md): adds the voucher's pass to the signed-in viewer's
 * account; the viewer's pass (header) and billing pages are refreshed after it.
 */
export function useRedeemVoucher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemVoucherBody) => apiRequest<{ redeemed: RedeemedVoucher }>('/api/vouchers/redeem', { method: 'POST', body }).then((r) => r.redeemed),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.me }), qc.invalidateQueries({ queryKey: queryKeys.billing })]),
  });
}
