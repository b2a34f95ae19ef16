import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SORTS, TABS } from '../../../../shared/domain/catalog-list';

export type Tab = (typeof TABS)[number];
export type Sort = (typeof SORTS)[number];
export type View = 'grid' | 'list';

/** Everything the /movies page shows, read from and written to its URL, so a link or a reload shows the same list. */
export interface CatalogParams {
  tab: Tab;
  q: string;
  category: string;
  translator: string;
  sort: Sort;
  page: number;
  view: View;
}

export const DEFAULT_PARAMS: CatalogParams = { tab: 'movies', q: '', category: '', translator: '', sort: 'newest', page: 1, view: 'grid' };

/**
 * The header's Movies menu links to ?category=trending and ?category=new-releases (docs/product/viewer.md §2). They are
 * not categories but orders: Trending is the highest rated first, New Releases the newest first. They show as
 * that sort with the "All" chip, and the URL is written back without them at the next change.
 */
export const CATEGORY_ALIASES: Record<string, Sort> = { trending: 'rating', 'new-releases': 'newest' };

const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');
const isSort = (v: string | null): v is Sort => (SORTS as readonly string[]).includes(v ?? '');

export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const rawCategory = search.get('category') ?? '';
  const alias = CATEGORY_ALIASES[rawCategory.toLowerCase()];
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    tab: isTab(search.get('tab')) ? (search.get('tab') as Tab) : 'movies',
    q: search.get('q') ?? '',
    category: alias ? '' : rawCategory,
    translator: search.get('translator') ?? '',
    sort: isSort(sort) ? sort : (alias ?? 'newest'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    view: search.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The URL of a state: defaults left out, in a stable order. */
export function writeCatalogParams(p: CatalogParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.tab !== 'movies') out.set('tab', p.tab);
  if (p.q) out.set('q', p.q);
  if (p.category) out.set('category', p.category);
  if (p.translator) out.set('translator', p.translator);
  if (p.sort !== 'newest') out.set('sort', p.sort);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.view !== 'grid') out.set('view', p.view);
  return out;
}

/**
 * Applies a change. The list returns to page 1 when the search, category, translator, sort or tab changes
 * (docs/product/viewer.md §4); a new tab also drops the category, whose chips belong to the other tab.
 */
export function updateCatalogParams(current: CatalogParams, patch: Partial<CatalogParams>): CatalogParams {
  const next = { ...current, ...patch };
  const changed = (k: keyof CatalogParams) => k in patch && patch[k] !== current[k];
  if (changed('tab') && !('category' in patch)) next.category = '';
  if (!('page' in patch) && (['q', 'category', 'translator', 'sort', 'tab'] as const).some(changed)) next.page = 1;
  return next;
}

export function hasFilters(p: CatalogParams): boolean {
  return !!(p.q || p.category || p.translator || p.sort !== 'newest');
}

/** Clear Filters: search, category, translator and sort go; the tab and the view stay. */
export function clearedParams(p: CatalogParams): CatalogParams {
  return { ...DEFAULT_PARAMS, tab: p.tab, view: p.view };
}

export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const params = readCatalogParams(search);
  /** `replace` for typing in the search box, so Back does not step through every letter. */
  const update = useCallback(
    (patch: Partial<CatalogParams> | ((p: CatalogParams) => CatalogParams), options: { replace?: boolean } = {}) =>
      setSearch(
        (prev) => {
          const cur = readCatalogParams(prev);
          return writeCatalogParams(typeof patch === 'function' ? patch(cur) : updateCatalogParams(cur, patch));
        },
        { replace: options.replace, preventScrollReset: true },
      ),
    [setSearch],
  );
  return [params, update] as const;
}
