import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { translatorFull } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Translator = z.infer<typeof translatorFull>;

/** GET /api/translators: every translator ("umusobanuzi") with the number of their titles. */
export function getTranslators(signal?: AbortSignal): Promise<{ translators: Translator[] }> {
  return apiRequest('/api/translators', { signal });
}

/** The translators' query (key, fetch and freshness: 5 minutes), shared by the hook and the server's prefetch (entry-server.tsx). */
export const translatorsQuery = queryOptions({ queryKey: queryKeys.translators, queryFn: ({ signal }) => getTranslators(signal), staleTime: 5 * 60_000 });

export function useTranslators() {
  return useQuery({ ...translatorsQuery, select: (d) => d.translators });
}
