import { useQuery } from '@tanstack/react-query';
import type { StudioReport } from '../../../../shared/contracts/studio';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/studio: the signed-in translator's minutes per title and per day over the last `days` days (ADR 047). */
export function getStudio(from: string, to: string, signal?: AbortSignal): Promise<StudioReport> {
  return apiRequest(`/api/studio?from=${from}&to=${to}`, { signal });
}

export function useStudio(from: string, to: string) {
  return useQuery({ queryKey: ['studio', from, to], queryFn: ({ signal }) => getStudio(from, to, signal) });
}
