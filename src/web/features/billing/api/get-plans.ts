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

/**
 * A plan's price and compare-at price in `currency` (integer minor units), or in RWF when the plan has none in it
 * (an answer from before prices per currency): docs/decisions/043-payment-methods-countries-and-currencies.md.
 */
export function priceIn(plan: PlanView, currency: string): { price: number; compareAt: number | null; currency: string } {
  const p = (plan.prices as Partial<PlanView['prices']> | undefined)?.[currency as keyof PlanView['prices']];
  return p ? { ...p, currency } : { price: plan.priceRwf, compareAt: plan.compareAtRwf, currency: 'RWF' };
}

/** A plan's price in each currency it has one in (integer minor units), as the payment step takes them. */
export function pricesOf(plan: PlanView): Partial<Record<keyof PlanView['prices'], number>> {
  const all = plan.prices as Partial<PlanView['prices']> | undefined;
  return all ? Object.fromEntries(Object.entries(all).map(([c, p]) => [c, p.price])) : { RWF: plan.priceRwf };
}
