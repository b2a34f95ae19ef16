import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndingLicence, RightsHolderInput, TitleRights } from '../../../../shared/contracts/rights';
import { apiRequest, readApiResponse } from '../../../lib/api-client';

const enc = encodeURIComponent;
/** Query keys of rights (under ['admin'], dropped with the session). */
export const rightsKeys = {
  all: ['admin', 'rights'] as const,
  title: (titleId: string) => ['admin', 'rights', titleId] as const,
  ending: (days: number) => ['admin', 'rights', 'ending', days] as const,
};

/** What the Rights section sends (PUT /api/admin/rights/:titleId; src/shared/contracts/rights.ts): instants as ISO strings. */
export interface RightsPutBody {
  holders: RightsHolderInput[];
  licenceStart: string;
  licenceEnd: string | null;
  countries: string[] | 'everywhere';
}

/** GET /api/admin/rights/:titleId: holders, licence, countries, document and the licence state (ADR 050). */
export function useTitleRights(titleId: string) {
  return useQuery({ queryKey: rightsKeys.title(titleId), queryFn: () => apiRequest<{ rights: TitleRights }>(`/api/admin/rights/${enc(titleId)}`), select: (d) => d.rights });
}

/** GET /api/admin/rights/ending?days=N: licences ending within N days, soonest first. */
export function useEndingLicences(days = 30) {
  return useQuery({ queryKey: rightsKeys.ending(days), queryFn: () => apiRequest<{ items: EndingLicence[] }>(`/api/admin/rights/ending?days=${days}`), select: (d) => d.items });
}

/** Replacing a title's rights and uploading its document; each refreshes the title's rights and the ending list. */
export function useRightsMutations(titleId: string) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: rightsKeys.all });
  return {
    replace: useMutation({
      mutationFn: (body: RightsPutBody) => apiRequest<{ rights: TitleRights }>(`/api/admin/rights/${enc(titleId)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    /** PUT /api/admin/rights/:titleId/document: the raw bytes (PDF or image under 10 MB); 413/415 as ApiError. */
    upload: useMutation({
      mutationFn: async (file: File) =>
        readApiResponse<{ rights: TitleRights }>(
          await fetch(`/api/admin/rights/${enc(titleId)}/document?name=${enc(file.name)}`, {
            method: 'PUT',
            headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
            body: file,
            credentials: 'same-origin',
          }),
        ),
      onSuccess: refresh,
    }),
  };
}
