import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planView, plansResponse } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PlanView = z.infer<typeof planView>;
export type PlansResponse = z.infer<typeof plansResponse>;

/** GET /api/plans: the four passes with their prices and features, and the operators accepted now. */
export function getPlans(): Promise<PlansResponse> {
  return apiRequest('/api/plans');
}

/** The plans' query (key, fetch and freshness: an hour), shared by the hook and the server's prefetch (entry-server.tsx). */
export const plansQuery = queryOptions({ queryKey: queryKeys.plans, queryFn: getPlans, staleTime: 60 * 60_000 });

/** The plans and the accepted operators (`operators`: show only these on the payment step). */
export function usePlans() {
  return useQuery(plansQuery);
}
