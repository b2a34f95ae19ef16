import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useMovie } from '../../features/catalog/api/get-movie';
import { MovieDetails } from '../../features/catalog/components/movie-details';
import { MovieNotFound } from '../../features/catalog/components/movie-not-found';
import { Playback } from '../../features/player/components/playback';
import { isApiError } from '../../lib/api-client';

/** /player/:id: the player (player feature) with the movie's details (catalog feature) under it. */
export function PlayerRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const movie = useMovie(id);

  if (movie.isError && (isApiError(movie.error, 'not_found') || isApiError(movie.error, 'validation_failed'))) {
    return <MovieNotFound showHome />;
  }
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-4 px-0 py-4 sm:px-4">
      <Link to={`/watch/${id}`} className="inline-flex w-fit items-center gap-1 px-4 text-sm text-muted-foreground hover:text-foreground sm:px-0">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('player.backToDetails')}
      </Link>
      <Playback movieId={id} title={movie.data?.title ?? ''} poster={movie.data?.posterUrl} />
      <div className="px-4 sm:px-0">
        {movie.isPending ? <Spinner label={t('common.loading')} /> : movie.data ? <MovieDetails movie={movie.data} headingLevel={1} /> : null}
      </div>
    </div>
  );
}

export default PlayerRoute;
