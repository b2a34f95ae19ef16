import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planView } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PlanView = z.infer<typeof planView>;

/** GET /api/plans: the four passes with their prices and features. */
export function getPlans(): Promise<{ plans: PlanView[] }> {
  return apiRequest('/api/plans');
}

export function usePlans() {
  return useQuery({ queryKey: queryKeys.plans, queryFn: getPlans, staleTime: 60 * 60_000, select: (d) => d.plans });
}
