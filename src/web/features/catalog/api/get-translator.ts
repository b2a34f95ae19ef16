import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { translatorResponse } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TranslatorResponse = z.infer<typeof translatorResponse>;

/** GET /api/translators/:slug: a translator and their titles; 404 not_found. */
export function getTranslator(slug: string, signal?: AbortSignal): Promise<TranslatorResponse> {
  return apiRequest(`/api/translators/${encodeURIComponent(slug)}`, { signal });
}

export function useTranslator(slug: string) {
  return useQuery({ queryKey: queryKeys.translator(slug), queryFn: ({ signal }) => getTranslator(slug, signal) });
}
