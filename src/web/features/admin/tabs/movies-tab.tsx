import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAdminGroups } from '../api/groups';
import { MovieGrid } from '../components/movie-grid';
import { NewMovieForm } from '../components/new-movie-form';
import type { UploadItem } from '../hooks/use-uploads';

const SeriesManager = lazy(() => import('./series-tab'));

/** Movie Management (docs/product/admin.md §2): the content-type chooser, the new-movie form and the grid of movies. */
export function MoviesTab({ movies, uploads }: { movies: UseQueryResult<AdminMovie[]>; uploads: UploadItem[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'movie' | 'series'>('movie');
  const groups = useAdminGroups();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('admin.contentType')}>
        <Button variant={kind === 'movie' ? 'default' : 'outline'} aria-pressed={kind === 'movie'} onClick={() => setKind('movie')}>
          {t('admin.movieUpload')}
        </Button>
        <Button variant={kind === 'series' ? 'default' : 'outline'} aria-pressed={kind === 'series'} onClick={() => setKind('series')}>
          {t('admin.seriesAndEpisodes')}
        </Button>
      </div>
      {kind === 'movie' ? (
        <NewMovieForm />
      ) : (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <SeriesManager />
        </Suspense>
      )}
      <section className="grid gap-3" aria-labelledby="movies-grid-title">
        <h2 id="movies-grid-title" className="text-lg font-semibold">
          {t('admin.movies', { count: movies.data?.length ?? 0 })}
        </h2>
        {movies.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-6 text-center">
            <p className="font-semibold">{t('admin.loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(t, movies.error) || t('admin.loadFailedText')}</p>
            <Button variant="outline" onClick={() => void movies.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <MovieGrid movies={movies.data ?? []} groups={groups.data ?? []} uploads={uploads} />
        )}
      </section>
    </div>
  );
}

export default MoviesTab;
