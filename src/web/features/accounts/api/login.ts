import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, MeResponse, SessionUser } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/accounts/login: sets the session cookie. */
export function login(body: LoginBody): Promise<{ user: SessionUser }> {
  return apiRequest('/api/accounts/login', { method: 'POST', body });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      // Another user's data must not linger in the cache (the public catalogue may).
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.catalog[0] });
      qc.setQueryData<MeResponse>(queryKeys.me, { user, pass: null });
      await qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
