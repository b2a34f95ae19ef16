import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/accounts/me: the signed-in user and their latest pass (user null when signed out). */
export function getMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/accounts/me');
}

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 5 * 60_000 });
}

export function isAdminRole(role: string | undefined): boolean {
  return role === 'admin' || role === 'super_admin';
}
