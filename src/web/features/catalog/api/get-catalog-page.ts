import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogPage, CatalogQuery } from '../../../../shared/contracts/browse';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CatalogRequest = Pick<CatalogQuery, 'tab' | 'sort' | 'page'> & { q: string; category: string; translator: string };

/** The query string of a catalogue request, without empty filters (so equal lists share a cache entry). */
export function catalogSearch(req: CatalogRequest): Record<string, string> {
  const out: Record<string, string> = { tab: req.tab, sort: req.sort, page: String(req.page) };
  if (req.q.trim()) out.q = req.q.trim();
  if (req.category) out.category = req.category;
  if (req.translator) out.translator = req.translator;
  return out;
}

/** GET /api/catalog?tab&q&category&translator&sort&page: one page of 10 cards and the tab's categories. */
export function getCatalogPage(req: CatalogRequest, signal?: AbortSignal): Promise<CatalogPage> {
  return apiRequest<CatalogPage>(`/api/catalog?${new URLSearchParams(catalogSearch(req))}`, { signal });
}

/** The query of one catalogue page (key and fetch), shared by the hook and the server's prefetch (entry-server.tsx). */
export function catalogPageQuery(req: CatalogRequest) {
  return queryOptions({ queryKey: queryKeys.catalogPage(catalogSearch(req)), queryFn: ({ signal }) => getCatalogPage(req, signal) });
}

/** The previous page stays on screen while the next one loads, so the grid never collapses to a skeleton. */
export function useCatalogPage(req: CatalogRequest) {
  return useQuery({ ...catalogPageQuery(req), placeholderData: keepPreviousData });
}
