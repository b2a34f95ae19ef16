import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { translatorFull } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Translator = z.infer<typeof translatorFull>;

/** GET /api/translators: every translator ("umusobanuzi") with the number of their titles. */
export function getTranslators(signal?: AbortSignal): Promise<{ translators: Translator[] }> {
  return apiRequest('/api/translators', { signal });
}

export function useTranslators() {
  return useQuery({
    queryKey: queryKeys.translators,
    queryFn: ({ signal }) => getTranslators(signal),
    select: (d) => d.translators,
    staleTime: 5 * 60_000,
  });
}
