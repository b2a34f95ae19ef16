import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogItem } from '../../../../shared/contracts/browse';
import { Badge } from '../../../components/ui/badge';
import { categoryLabel } from '../../../lib/category-label';
import { cn } from '../../../lib/cn';
import { MovieMeta } from './movie-meta';
import { Poster, posterSources } from './poster';
import { WatchlistButton } from './watchlist-button';

/** Where a card leads: a series to its page; a movie or a group (its first part) to /watch/{id}. */
export function itemHref(item: Pick<CatalogItem, 'kind' | 'id'>): string {
  return item.kind === 'series' ? `/series/${item.id}` : `/watch/${item.id}`;
}

/**
 * Only admins get cards of titles that cannot play yet (ADR 023: viewers' lists hold playable titles only); the
 * badge says why: "Not available yet" while the video is processing, "Not available" when it failed.
 */
export function AvailabilityBadge({ item }: { item: Pick<CatalogItem, 'unavailable'> }) {
  const { t } = useTranslation();
  if (!item.unavailable) return null;
  return (
    <Badge variant="warning" data-testid="badge-unavailable">
      {t(item.unavailable === 'failed' ? 'availability.notAvailable' : 'availability.notAvailableYet')}
    </Badge>
  );
}

/** "NEW" replaces the parts badge for recent titles (docs/product/viewer.md §2, "Movie card"). */
export function CornerBadge({ item }: { item: Pick<CatalogItem, 'isNew' | 'partsCount'> }) {
  const { t } = useTranslation();
  if (item.isNew) return <Badge data-testid="badge-new">{t('catalog.new')}</Badge>;
  if (item.partsCount > 0)
    return (
      <Badge variant="secondary" data-testid="badge-parts" className="bg-black/70 text-white">
        {t('catalog.parts', { count: item.partsCount })}
      </Badge>
    );
  return null;
}

/**
 * A title's card: poster (with fallbacks), category, Demo, NEW or "N Parts", Watch Now on hover or focus, title,
 * director, description, translator, year, duration and rating. The title is the one link; it stretches over the
 * whole card, and the watch-list button sits above it as its own button.
 */
export function MovieCard({
  item,
  layout = 'grid',
  eager = false,
  watchlist = false,
}: {
  item: CatalogItem;
  layout?: 'grid' | 'list';
  eager?: boolean;
  watchlist?: boolean;
}) {
  const { t } = useTranslation();
  const list = layout === 'list';
  return (
    <article
      data-testid="catalog-card"
      data-kind={item.kind}
      data-id={item.id}
      className={cn(
        'group relative flex h-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring',
        list ? 'flex-row' : 'flex-col',
      )}
    >
      <div className={cn('relative shrink-0', list ? 'w-24 sm:w-32' : 'w-full')}>
        <Poster sources={posterSources(item.posterUrl, item.posterFallbacks)} alt="" eager={eager} />
        <div
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center bg-black/45 opacity-0 transition-opacity group-hover:opacity-100 group-has-[a:focus-visible]:opacity-100"
        >
          <span className={cn('inline-flex items-center gap-1 rounded-full bg-primary font-semibold text-primary-foreground shadow', list ? 'p-2' : 'px-3 py-1.5 text-sm')}>
            <Play className="size-4 fill-current" />
            <span className={cn(list && 'sr-only')}>{t('catalog.watchNow')}</span>
          </span>
        </div>
        {!list && (
          // The badges wrap rather than cut: on a 360 px phone a card is about 160 px wide, and a category such as
          // "Filime mbarankuru" beside NEW takes two lines, never an ellipsis. The title below is what gets clamped.
          <div className="absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1">
            <div className="flex min-w-0 max-w-full flex-wrap gap-1">
              {item.category && (
                <Badge variant="secondary" data-testid="badge-category" className="max-w-full whitespace-normal break-words">
                  {categoryLabel(t, item.category)}
                </Badge>
              )}
              {item.isDemo && <Badge variant="warning">{t('catalog.demo')}</Badge>}
              <AvailabilityBadge item={item} />
            </div>
            <CornerBadge item={item} />
          </div>
        )}
        {watchlist && (
          <WatchlistButton
            compact
            target={{ kind: item.kind === 'series' ? 'series' : 'movie', id: item.id }}
            title={item.title}
            className={cn('absolute z-10', list ? 'bottom-1 right-1 size-9' : 'bottom-2 right-2')}
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        {list && (
          <div className="flex flex-wrap gap-1">
            {item.category && <Badge variant="secondary" data-testid="badge-category">{categoryLabel(t, item.category)}</Badge>}
            {item.isDemo && <Badge variant="warning">{t('catalog.demo')}</Badge>}
            <AvailabilityBadge item={item} />
            <CornerBadge item={item} />
          </div>
        )}
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug sm:text-base">
          <Link to={itemHref(item)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {item.title}
          </Link>
        </h3>
        {item.director && <p className="line-clamp-1 text-xs text-muted-foreground">{item.director}</p>}
        {item.description && <p className={cn('text-xs text-muted-foreground', list ? 'line-clamp-2 sm:line-clamp-3' : 'line-clamp-2')}>{item.description}</p>}
        {item.translator && <p className="line-clamp-1 text-xs font-medium text-primary">{t('catalog.translatedBy', { name: item.translator.name })}</p>}
        <MovieMeta year={item.year} durationSeconds={item.durationSeconds} rating={item.rating} className="mt-auto pt-1" />
      </div>
    </article>
  );
}
