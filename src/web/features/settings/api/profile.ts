import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileView, UpdateProfileBody } from '../../../../shared/contracts/accounts';
import type { PhoneCodeSent } from '../../../../shared/contracts/recovery';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const profileKey = ['accounts', 'profile'] as const;

/** GET /api/accounts/profile: email (read-only), full name, phone. */
export function getProfile(signal?: AbortSignal): Promise<{ profile: ProfileView }> {
  return apiRequest('/api/accounts/profile', { signal });
}

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal), select: (d) => d.profile });
}

/** PUT /api/accounts/profile { fullName, phone } → { profile } (saved as typed; 400 only beyond the length limits). */
export function updateProfile(body: UpdateProfileBody): Promise<{ profile: ProfileView }> {
  return apiRequest('/api/accounts/profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      qc.setQueryData(profileKey, data);
      // The display name follows a non-empty full name.
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** POST /api/accounts/phone/verification → 202 { ok, sentTo }: texts a code to the saved phone (ADR 021, amended 2026-11-28). */
export function sendPhoneCode(): Promise<PhoneCodeSent> {
  return apiRequest('/api/accounts/phone/verification', { method: 'POST', body: {} });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

/** POST /api/accounts/phone/verify { code } → { profile } with `phoneVerified: true`. */
export function verifyPhone(code: string): Promise<{ profile: ProfileView }> {
  return apiRequest('/api/accounts/phone/verify', { method: 'POST', body: { code } });
}

export function useVerifyPhone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: verifyPhone, onSuccess: (data) => qc.setQueryData(profileKey, data) });
}
