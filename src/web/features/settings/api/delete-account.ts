import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { MeResponse } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The word the viewer types to confirm (the server refuses anything else with 400 confirmation_required). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * DELETE /api/accounts/me { confirm: "DELETE" } → 204: personal data erased, every session ended, payments kept
 * anonymised; the session cookie is cleared.
 */
export function deleteAccount(confirm: string): Promise<void> {
  return apiRequest('/api/accounts/me', { method: 'DELETE', body: { confirm } });
}

/** Forgets everything the signed-out viewer owned (kept: the public catalogue) and shows them signed out. */
export function forgetViewer(qc: QueryClient): void {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.catalog[0] });
  qc.removeQueries({ queryKey: ['accounts', 'profile'] });
  qc.setQueryData<MeResponse>(queryKeys.me, { user: null, pass: null });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
