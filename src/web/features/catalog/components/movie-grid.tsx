import type { CatalogItem } from '../../../../shared/contracts/browse';
import { cn } from '../../../lib/cn';
import { MovieCard } from './movie-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';
const LIST = 'grid gap-3 lg:grid-cols-2';

/** Cards as a poster grid (two across at 360 px) or as a list of rows. */
export function MovieGrid({
  items,
  layout = 'grid',
  eagerCount = 0,
  watchlist = false,
  className,
}: {
  items: CatalogItem[];
  layout?: 'grid' | 'list';
  eagerCount?: number;
  watchlist?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn(layout === 'list' ? LIST : GRID, className)} data-layout={layout}>
      {items.map((item, i) => (
        <li key={`${item.kind}:${item.id}`} className="min-w-0">
          <MovieCard item={item} layout={layout} eager={i < eagerCount} watchlist={watchlist} />
        </li>
      ))}
    </ul>
  );
}

/** Grey boxes of the cards' shape while a list loads (no splash: docs/product/viewer.md §2 asks content first). */
export function MovieGridSkeleton({ count = 4, layout = 'grid', className }: { count?: number; layout?: 'grid' | 'list'; className?: string }) {
  const list = layout === 'list';
  return (
    <ul className={cn(list ? LIST : GRID, className)} aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={cn('flex overflow-hidden rounded-xl border bg-card', list ? 'flex-row' : 'flex-col')}>
          <div className={cn('aspect-[2/3] animate-pulse bg-muted', list ? 'w-24 sm:w-32' : 'w-full')} />
          <div className="flex-1 space-y-2 p-3">
            <div className="h-3 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}
