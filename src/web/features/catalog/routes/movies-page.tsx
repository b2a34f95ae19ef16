import { Bookmark, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Redirect } from '../../../lib/redirect';
import { SORTS } from '../../../../shared/domain/catalog-list';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCatalogPage } from '../api/get-catalog-page';
import { useTranslators } from '../api/get-translators';
import { CatalogTabs } from '../components/catalog-tabs';
import { CategoryChips } from '../components/category-chips';
import { LoadError } from '../components/load-error';
import { MovieGrid, MovieGridSkeleton } from '../components/movie-grid';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
import { SelectField } from '../components/select-field';
import { ViewToggle } from '../components/view-toggle';
import { useErrorToast } from '../hooks/use-error-toast';
import { clearedParams, hasFilters, useCatalogParams, writeCatalogParams, type Sort } from '../hooks/use-catalog-params';

const SORT_LABELS: Record<Sort, string> = { newest: 'catalog.sortNewest', oldest: 'catalog.sortOldest', rating: 'catalog.sortRating', az: 'catalog.sortAz' };
const PANEL_ID = 'catalog-panel';

/**
 * /movies: Movies and Series tabs, search, category chips, translator and sort, grid or list, 10 a page.
 * Every choice lives in the URL (see use-catalog-params.ts), so a shared link or a reload shows the same list.
 */
export function MoviesPage() {
  const { t } = useTranslation();
  const [params, update] = useCatalogParams();
  const list = useCatalogPage(params);
  const translators = useTranslators();
  const series = params.tab === 'series';
  useErrorToast(list.error, series ? t('catalog.seriesLoadFailed') : t('catalog.loadFailed'));

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page past the end (the list shrank, or an old link): go to the last one.
  if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && params.page > pages) {
    return <Redirect replace to={{ search: `?${writeCatalogParams({ ...params, page: pages })}` }} />;
  }
  const filtered = hasFilters(params);

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-7xl gap-5 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('catalog.browseTitle')}</h1>
          <p className="text-sm text-muted-foreground">{t('catalog.browseSubtitle')}</p>
        </div>
        <Button asChild variant="outline" size="sm" className="shrink-0">
          <Link to="/watchlist">
            <Bookmark aria-hidden="true" />
            {t('watchlist.myWatchlist')}
          </Link>
        </Button>
      </div>

      <CatalogTabs value={params.tab} onChange={(tab) => update({ tab })} panelId={PANEL_ID} />

      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,1fr)_13rem_11rem]">
        <div className="col-span-2 lg:col-span-1">
          <SearchBox
            id="catalog-search"
            showLabel
            value={params.q}
            onSearch={(q) => update({ q }, { replace: true })}
            label={series ? t('catalog.searchSeriesLabel') : t('catalog.searchLabel')}
            placeholder={series ? t('catalog.searchSeriesPlaceholder') : t('catalog.searchPlaceholder')}
          />
        </div>
        <SelectField id="catalog-translator" label={t('catalog.translator')} value={params.translator} onChange={(translator) => update({ translator })}>
          <option value="">{t('catalog.allTranslators')}</option>
          {params.translator && !translators.data?.some((tr) => tr.slug === params.translator) && <option value={params.translator}>{params.translator}</option>}
          {translators.data?.map((tr) => (
            <option key={tr.id} value={tr.slug}>
              {tr.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="catalog-sort" label={t('catalog.sortLabel')} value={params.sort} onChange={(sort) => update({ sort: sort as Sort })}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </SelectField>
      </div>

      <CategoryChips categories={data?.categories ?? []} value={params.category} onChange={(category) => update({ category })} />

      <div className="flex min-h-10 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite" aria-atomic="true">
          {data && !list.isPlaceholderData ? t('catalog.resultCount', { count: data.total }) : ''}
        </p>
        <div className="ml-auto flex items-center gap-2">
          {filtered && (
            <Button variant="ghost" size="sm" onClick={() => update(clearedParams)}>
              <X aria-hidden="true" />
              {t('catalog.clearFilters')}
            </Button>
          )}
          <ViewToggle value={params.view} onChange={(view) => update({ view }, { replace: true })} />
        </div>
      </div>

      <section
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={`tab-${params.tab}`}
        aria-busy={list.isFetching}
        className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        <h2 className="sr-only">{series ? t('catalog.tabSeries') : t('catalog.tabMovies')}</h2>
        {list.isPending ? (
          <MovieGridSkeleton count={10} layout={params.view} />
        ) : !data ? (
          <LoadError
            error={list.error}
            title={series ? t('catalog.seriesLoadFailed') : t('catalog.loadFailed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : data.items.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-12 text-center" data-testid="catalog-empty">
            <p className="text-muted-foreground">{series ? t('catalog.noSeriesResults') : t('catalog.noResults')}</p>
            {filtered && (
              <Button variant="outline" onClick={() => update(clearedParams)}>
                {t('catalog.clearFilters')}
              </Button>
            )}
          </div>
        ) : (
          <MovieGrid items={data.items} layout={params.view} eagerCount={4} watchlist />
        )}
      </section>

      {data && <Pagination page={params.page} pages={pages} hrefFor={(page) => ({ search: `?${writeCatalogParams({ ...params, page })}` })} />}
    </div>
  );
}

export default MoviesPage;
