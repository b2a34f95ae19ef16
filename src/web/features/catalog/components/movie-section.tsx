import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogItem } from '../../../../shared/contracts/browse';
import { MovieGrid, MovieGridSkeleton } from './movie-grid';

const FOUR = 'sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-4';

/** A titled row of up to four titles with a "View all" link (home page sections). */
export function MovieSection({
  title,
  items,
  loading,
  linkTo,
  emptyText,
  eager = false,
  watchlist = false,
}: {
  title: string;
  items: CatalogItem[];
  loading: boolean;
  linkTo: string;
  emptyText: string;
  eager?: boolean;
  watchlist?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <Link to={linkTo} className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-medium text-primary hover:underline">
          {t('home.viewAll')}
          <span className="sr-only">: {title}</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {loading ? (
        <MovieGridSkeleton count={4} className={FOUR} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <MovieGrid items={items.slice(0, 4)} eagerCount={eager ? 2 : 0} watchlist={watchlist} className={FOUR} />
      )}
    </section>
  );
}
