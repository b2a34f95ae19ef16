import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/accounts/password → { ok: true } with a new session cookie; every other session of the viewer is
 * signed out. Errors: 400 weak_password, password_mismatch, wrong_password; 429 rate_limited.
 */
export function changePassword(body: ChangePasswordBody): Promise<{ ok: true }> {
  return apiRequest('/api/accounts/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
