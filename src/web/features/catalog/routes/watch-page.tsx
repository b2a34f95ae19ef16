import { ArrowLeft, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Redirect } from '../../../lib/redirect';
import { availabilityOf } from '../../../../shared/domain/catalog-list';
import type { MovieFull } from '../../../../shared/contracts/browse';
import { Button } from '../../../components/ui/button';
import { isNotFound } from '../../../lib/api-client';
import { signInPath, useSignedIn } from '../../../lib/sign-in';
import { useMovie } from '../api/get-movie';
import { DetailSkeleton } from '../components/detail-skeleton';
import { LoadError } from '../components/load-error';
import { MovieDetails } from '../components/movie-details';
import { MovieGrid } from '../components/movie-grid';
import { MovieNotFound } from '../components/movie-not-found';
import { PartsList } from '../components/parts-list';
import { DETAIL_POSTER_SIZES, Poster, posterSources } from '../components/poster';
import { Trailer } from '../components/trailer';
import { WatchlistButton } from '../components/watchlist-button';
import { useErrorToast } from '../hooks/use-error-toast';


/**
 * /watch/:id: a movie's details, Watch Now, Add to Watchlist, its parts, the trailer and up to 3 related titles.
 * A movie whose video is a part of another movie sends the viewer to that movie (docs/product/viewer.md §2).
 * A title that cannot play says so instead of Watch Now: "not available yet" while its video is on its way,
 * "not available" when it failed or has none (docs/decisions/023-playable-titles-and-film-parts.md).
 * `extraActions` lets the app layer add buttons next to Watch Now (the billing feature's Buy this title);
 * `onWatch` is called as Watch Now is pressed, before the player page has loaded (the app layer starts the playback
 * request there, one step earlier: docs/decisions/030-first-frame-before-the-app.md).
 * A signed-out visitor sees the page (ADR 054); Watch Now reads "Sign in to watch" and leads to /login with the way
 * back to this page.
 */
export function WatchPage({ extraActions, onWatch }: { extraActions?: (movie: MovieFull) => ReactNode; onWatch?: (movieId: string) => void } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const movie = useMovie(id);
  const signedIn = useSignedIn();
  useErrorToast(movie.error, t('catalog.movieLoadFailed'), isNotFound(movie.error));

  if (movie.isPending) return <DetailSkeleton />;
  if (movie.isError) {
    if (isNotFound(movie.error)) return <MovieNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadError error={movie.error} title={t('catalog.movieLoadFailed')} onRetry={() => void movie.refetch()} retrying={movie.isFetching} />
      </div>
    );
  }
  const m = movie.data;
  if (m.redirectToId && m.redirectToId !== id) return <Redirect replace to={`/watch/${m.redirectToId}`} />;
  // A film whose own video is missing but has ready parts plays its first part (player-route.tsx playerPlan).
  const availability = m.videoStatus === null && m.parts.some((p) => p.videoStatus === 'ready') ? 'ready' : availabilityOf(m.videoStatus);

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-8 px-4 py-6">
      <Link to="/movies" className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('catalog.backToMovies')}
      </Link>
      <div className="grid gap-6 sm:grid-cols-[minmax(0,240px)_1fr]">
        <Poster sources={posterSources(m.posterUrl, m.posterFallbacks)} alt={t('catalog.posterOf', { title: m.title })} eager sizes={DETAIL_POSTER_SIZES} className="mx-auto max-w-[240px] rounded-xl" />
        <div className="grid content-start gap-5">
          <MovieDetails movie={m} />
          {availability !== 'ready' && (
            <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm" data-testid="title-availability">
              <strong className="block">{t(availability === 'processing' ? 'availability.notAvailableYet' : 'availability.notAvailable')}</strong>
              {t(availability === 'processing' ? 'availability.notAvailableYetText' : 'availability.notAvailableText')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {availability === 'ready' && (
              <Button asChild size="lg" className="w-full sm:w-fit">
                {signedIn === false ? (
                  <Link to={signInPath(`/watch/${m.id}`, 'watch')} data-testid="watch-sign-in">
                    <Play aria-hidden="true" />
                    {t('catalog.signInToWatch')}
                  </Link>
                ) : (
                  <Link to={`/player/${m.id}`} onClick={() => onWatch?.(m.id)}>
                    <Play aria-hidden="true" />
                    {t('catalog.watchNow')}
                  </Link>
                )}
              </Button>
            )}
            <WatchlistButton target={{ kind: 'movie', id: m.id }} title={m.title} className="w-full sm:w-fit" />
            {/* Nothing is sold that cannot be watched yet (ADR 023): "Buy this title" waits for a playable video. */}
            {availability === 'ready' && extraActions?.(m)}
          </div>
        </div>
      </div>

      <PartsList parts={m.parts} currentId={m.id} />
      {m.trailerEmbedUrl && <Trailer url={m.trailerEmbedUrl} title={m.title} />}

      {m.related.length > 0 && (
        <section aria-labelledby="related-heading" className="grid gap-3">
          <h2 id="related-heading" className="text-xl font-bold">
            {t('catalog.related')}
          </h2>
          <MovieGrid items={m.related.slice(0, 3)} watchlist className="grid-cols-2 sm:grid-cols-3 md:grid-cols-3 lg:grid-cols-3" />
        </section>
      )}
    </div>
  );
}

export default WatchPage;
