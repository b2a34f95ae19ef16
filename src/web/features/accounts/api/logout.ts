import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/accounts/logout: ends the session (204). */
export function logout(): Promise<void> {
  return apiRequest<void>('/api/accounts/logout', { method: 'POST' });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.catalog[0] });
      qc.setQueryData<MeResponse>(queryKeys.me, { user: null, pass: null });
    },
  });
}
