import { ArrowLeft, Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useWatchlist } from '../api/get-watchlist';
import { LoadError } from '../components/load-error';
import { MovieGrid, MovieGridSkeleton } from '../components/movie-grid';
import { useErrorToast } from '../hooks/use-error-toast';

/** /watchlist: the viewer's saved movies and series, newest first, each with its remove button. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const list = useWatchlist();
  useErrorToast(list.error, t('watchlist.loadFailed'));
  const items = list.data?.items.map((e) => e.item) ?? [];

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-7xl gap-5 px-4 py-6">
      <Link to="/movies" className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('catalog.backToMovies')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('watchlist.title')}</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="watchlist-count">
          {list.data ? t('watchlist.count', { count: items.length }) : ''}
        </p>
      </div>
      {list.isPending ? (
        <MovieGridSkeleton count={5} />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('watchlist.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-xl border border-dashed px-4 py-14 text-center" data-testid="watchlist-empty">
          <Bookmark className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-xl font-semibold">{t('watchlist.empty')}</h2>
          <p className="max-w-sm text-muted-foreground">{t('watchlist.emptyText')}</p>
          <Button asChild>
            <Link to="/movies">{t('player.browseMovies')}</Link>
          </Button>
        </div>
      ) : (
        <MovieGrid items={items} eagerCount={4} watchlist />
      )}
    </div>
  );
}

export default WatchlistPage;
