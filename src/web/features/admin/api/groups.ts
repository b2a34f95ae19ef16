import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGroup, DeletedResponse, GroupCreateBody, GroupUpdateBody } from '../../../../shared/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './keys';

const enc = encodeURIComponent;

/** GET /api/admin/groups, newest first. */
export function useAdminGroups() {
  return useQuery({ queryKey: adminKeys.groups, queryFn: () => apiRequest<{ items: AdminGroup[] }>('/api/admin/groups'), select: (d) => d.items });
}

export function useGroupMutations() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: adminKeys.groups });
    void qc.invalidateQueries({ queryKey: queryKeys.catalog });
  };
  return {
    create: useMutation({ mutationFn: (body: GroupCreateBody) => apiRequest<{ group: AdminGroup }>('/api/admin/groups', { method: 'POST', body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: GroupUpdateBody }) => apiRequest<{ group: AdminGroup }>(`/api/admin/groups/${enc(id)}`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    addMovie: useMutation({
      mutationFn: ({ id, movieId }: { id: string; movieId: string }) => apiRequest<{ group: AdminGroup }>(`/api/admin/groups/${enc(id)}/movies`, { method: 'POST', body: { movieId } }),
      onSuccess: refresh,
    }),
    removeMovie: useMutation({
      mutationFn: ({ id, movieId }: { id: string; movieId: string }) => apiRequest<{ group: AdminGroup }>(`/api/admin/groups/${enc(id)}/movies/${enc(movieId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiRequest<DeletedResponse>(`/api/admin/groups/${enc(id)}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}
