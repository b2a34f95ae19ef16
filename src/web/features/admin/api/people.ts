import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, queryString } from './keys';

const enc = encodeURIComponent;
type UserList = { items: AdminUser[]; total: number; page: number; pageSize: number };

/** GET /api/admin/users: `q` matches email or name; newest first; 25 a page. */
export function useAdminUsers(params: { q: string; role: string; page: number }) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: () => apiRequest<UserList>(`/api/admin/users${queryString(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function usePeopleMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.usersAll });
  return {
    /** PUT /api/admin/users/:id/role (super_admin only): 'admin' grants, 'user' removes. */
    setRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: 'user' | 'admin' }) => apiRequest<{ user: AdminUser }>(`/api/admin/users/${enc(id)}/role`, { method: 'PUT', body: { role } }),
      onSuccess: refresh,
    }),
    /** POST /api/admin/users/:id/passes: a complimentary pass. */
    grantPass: useMutation({
      mutationFn: ({ id, plan, note }: { id: string; plan: string; note: string }) =>
        apiRequest<{ user: AdminUser }>(`/api/admin/users/${enc(id)}/passes`, { method: 'POST', body: { plan, note } }),
      onSuccess: refresh,
    }),
  };
}
