import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTranslator, AdminTranslatorResponse, TranslatorMergeResponse } from '../../../../shared/contracts/translators';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './keys';

const enc = encodeURIComponent;

/** What the Translators tab's form sends: '' clears a field (the server reads it as none). */
export interface TranslatorFormBody {
  name: string;
  bio: string;
  photoUrl: string;
  email: string;
  phone: string;
}

/**
 * GET /api/admin/translators: every translator by name, with email, phone, account link and titles
 * (docs/product/admin.md §12). The Translators tab and the movie forms' Translator pickers share this query, so a
 * translator added, renamed, merged or removed shows in the pickers at once.
 */
export function useAdminTranslators() {
  return useQuery({
    queryKey: adminKeys.translators,
    queryFn: () => apiRequest<{ translators: AdminTranslator[] }>('/api/admin/translators'),
    select: (d) => d.translators,
  });
}

/** Create, edit, merge and remove; each refreshes the admin list (and pickers) and the public catalogue's lists. */
export function useTranslatorMutations() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: adminKeys.translators });
    void qc.invalidateQueries({ queryKey: adminKeys.movies });
    void qc.invalidateQueries({ queryKey: queryKeys.translators });
  };
  return {
    create: useMutation({
      mutationFn: (body: TranslatorFormBody) => apiRequest<AdminTranslatorResponse>('/api/admin/translators', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<TranslatorFormBody> }) => apiRequest<AdminTranslatorResponse>(`/api/admin/translators/${enc(id)}`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    merge: useMutation({
      mutationFn: ({ id, intoId }: { id: string; intoId: string }) => apiRequest<TranslatorMergeResponse>(`/api/admin/translators/${enc(id)}/merge`, { method: 'POST', body: { intoId } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<{ id: string; name: string }>(`/api/admin/translators/${enc(id)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
