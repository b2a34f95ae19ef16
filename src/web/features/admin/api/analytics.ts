import { useQuery } from '@tanstack/react-query';
import type { AnalyticsCounts, AnalyticsReport } from '../../../../shared/contracts/admin';
import type { TitleAnalytics } from '../../../../shared/contracts/title-analytics';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, queryString } from './keys';

/** GET /api/admin/analytics/counts: movies, series, profiles, active subscriptions (docs/product/admin.md §2). */
export function useAnalyticsCounts() {
  return useQuery({ queryKey: adminKeys.counts, queryFn: () => apiRequest<AnalyticsCounts>('/api/admin/analytics/counts') });
}
/** GET /api/admin/analytics?from&to: the figures of a date range (Kigali days, both ends included). */
export function useAnalyticsReport(from: string, to: string) {
  return useQuery({ queryKey: adminKeys.analytics(from, to), queryFn: () => apiRequest<AnalyticsReport>(`/api/admin/analytics${queryString({ from, to })}`) });
}
/** The CSV download link of one series for the range. */
export function exportUrl(series: string, from: string, to: string): string {
  return `/api/admin/analytics/export.csv${queryString({ series, from, to })}`;
}
/** GET /api/admin/analytics/titles?month: one month per title, translator and currency (contract title-analytics.ts). */
export function useTitleAnalytics(month: string) {
  return useQuery({ queryKey: ['admin', 'analytics-titles', month], queryFn: () => apiRequest<TitleAnalytics>(`/api/admin/analytics/titles${queryString({ month })}`) });
}
