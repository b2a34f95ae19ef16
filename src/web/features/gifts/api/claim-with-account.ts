import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { ClaimedGiftView, ClaimWithAccountBody } from '../../../../shared/contracts/gifts';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/gifts/claim-with-account (docs/decisions/046-gifts.md, amended 2026-11-29): makes the visitor's account,
 * signs it in and claims the gift, in one step. Whenever an account was made (201, or a 409/410 whose details say
 * `accountCreated`: the gift went to someone else first), the session changed: another visitor's data is dropped
 * from the cache (the public catalogue stays) and the signed-in user is read again.
 */
export function useClaimWithAccount() {
  const qc = useQueryClient();
  const signedIn = async () => {
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.catalog[0] });
    await qc.invalidateQueries({ queryKey: queryKeys.me });
  };
  return useMutation({
    mutationFn: (body: ClaimWithAccountBody) => apiRequest<{ user: SessionUser; claimed: ClaimedGiftView }>('/api/gifts/claim-with-account', { method: 'POST', body }),
    onSuccess: signedIn,
    onError: (err) => (accountCreated(err) ? signedIn() : undefined),
  });
}

/** Whether a failed claim still made (and signed in) the account: the gift was claimed or expired meanwhile. */
export function accountCreated(err: unknown): boolean {
  return isApiError(err) && (err.details as { accountCreated?: unknown } | undefined)?.accountCreated === true;
}
