import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { homeResponse } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type HomeResponse = z.infer<typeof homeResponse>;

/** GET /api/home: the home page's three rows of four (recent movies, popular movies, new series). */
export function getHome(signal?: AbortSignal): Promise<HomeResponse> {
  return apiRequest<HomeResponse>('/api/home', { signal });
}

export function useHome() {
  return useQuery({ queryKey: queryKeys.home, queryFn: ({ signal }) => getHome(signal) });
}
