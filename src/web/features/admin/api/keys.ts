import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Query keys of the admin panel; everything sits under ['admin'] and is dropped when the session changes. */
export const adminKeys = {
  all: ['admin'] as const,
  movies: queryKeys.adminMovies,
  videos: (params: Record<string, string | number>) => ['admin', 'videos', params] as const,
  series: ['admin', 'series'] as const,
  seasons: (seriesId: string) => ['admin', 'series', seriesId, 'seasons'] as const,
  episodes: (seasonId: string) => ['admin', 'seasons', seasonId, 'episodes'] as const,
  groups: ['admin', 'groups'] as const,
  users: (params: Record<string, string | number>) => ['admin', 'users', params] as const,
  usersAll: ['admin', 'users'] as const,
  counts: ['admin', 'analytics', 'counts'] as const,
  analytics: (from: string, to: string) => ['admin', 'analytics', from, to] as const,
  captions: (videoId: string) => ['admin', 'captions', videoId] as const,
  messages: (status: string) => ['admin', 'messages', status] as const,
  messagesAll: ['admin', 'messages'] as const,
  payments: (params: Record<string, string>) => ['admin', 'payments', params] as const,
  paymentsAll: ['admin', 'payments'] as const,
  translators: ['admin', 'translators'] as const,
};

/** `?a=1&b=x` from the defined entries of `params` (empty string when none). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}

/**
 * True when the server has no such route yet (its 404 says 'No route ...'), as opposed to a missing record:
 * the panel then shows the tab as not available yet.
 */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message.startsWith('No route');
}
