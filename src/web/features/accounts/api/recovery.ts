import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryEmailBody, RecoverySmsBody, ResetWithCodeBody, ResetWithLinkBody } from '../../../../shared/contracts/recovery';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Account recovery requests (docs/decisions/021-account-recovery.md; contracts in src/shared/contracts/recovery.ts).
 * The two "forgot" requests answer the same whether or not an account exists.
 */
export function useRequestReset() {
  return useMutation({
    mutationFn: (req: { channel: 'email'; body: RecoveryEmailBody } | { channel: 'sms'; body: RecoverySmsBody }) =>
      apiRequest<{ ok: true }>(`/api/accounts/recovery/${req.channel}`, { method: 'POST', body: req.body }),
  });
}

/** POST /api/accounts/recovery/reset (email link) or /reset-code (SMS code): sets the password, ends every session. */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    // Every session of the account has ended, this browser's too: forget who was signed in here.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.me }),
    mutationFn: (req: { kind: 'link'; body: ResetWithLinkBody } | { kind: 'code'; body: ResetWithCodeBody }) =>
      apiRequest<{ ok: true }>(req.kind === 'link' ? '/api/accounts/recovery/reset' : '/api/accounts/recovery/reset-code', { method: 'POST', body: req.body }),
  });
}

/**
 * GET /api/accounts/recovery/link?token=: whether an email link can still set a password, asked when the reset page
 * opens (drawn on the server too), so a used or expired link is said before anything is typed
 * (docs/decisions/055-a-new-viewers-findings.md). Nothing is spent. Off without a token.
 */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['recovery', 'link', token],
    queryFn: ({ signal }) => apiRequest<{ ok: true }>(`/api/accounts/recovery/link?${new URLSearchParams({ token: token ?? '' })}`, { signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
