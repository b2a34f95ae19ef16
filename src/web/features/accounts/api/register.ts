import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionUser } from '../../../../shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/register: creates the account (the viewer then signs in). */
export function register(body: RegisterBody): Promise<{ user: SessionUser }> {
  return apiRequest('/api/accounts/register', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
