import { ArrowLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../../shared/domain/duration';
import { isNotFound } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/category-label';
import { cn } from '../../../lib/cn';
import { useEpisode, type EpisodeResponse } from '../api/get-episode';
import { episodeHref } from '../components/episode-list';
import { EpisodeScreen } from '../components/episode-screen';
import { LoadError } from '../components/load-error';
import { CreditList } from '../components/movie-details';
import { MovieMeta } from '../components/movie-meta';
import { NotFoundMessage } from '../components/movie-not-found';
import { TranslatorLink } from '../components/translator-link';
import { useErrorToast } from '../hooks/use-error-toast';

function EpisodeNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundMessage title={t('series.episodeNotFound')} text={t('series.episodeNotFoundText')}>
      <Button asChild>
        <Link to="/movies">{t('player.browseMovies')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{t('common.goHome')}</Link>
      </Button>
    </NotFoundMessage>
  );
}

/** What the app layer puts into the episode page: the player and the buttons under it (Share, Download). */
export interface EpisodeSlots {
  player?: (data: EpisodeResponse) => ReactNode;
  actions?: (data: EpisodeResponse) => ReactNode;
}

/**
 * /episode/:seriesId/:season/:episode: "title - S1E2", Back to Series, Next Episode (when there is one), the player
 * area, the episode's description, the series' about section and the season's episodes with "Now Playing".
 * The player itself comes from the app layer (`slots.player`), as features do not import each other; without
 * it the episode's still stands in.
 */
export function EpisodePage({ player, actions }: EpisodeSlots = {}) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const seriesId = params.seriesId ?? '';
  const seasonNumber = Number(params.season);
  const episodeNumber = Number(params.episode);
  const valid = Number.isInteger(seasonNumber) && Number.isInteger(episodeNumber) && seasonNumber >= 0 && episodeNumber >= 0;
  const query = useEpisode(seriesId, seasonNumber, episodeNumber);
  useErrorToast(query.error, t('series.loadFailed'), isNotFound(query.error));

  if (!valid || (query.isError && isNotFound(query.error))) return <EpisodeNotFound />;
  if (query.isPending) return <Spinner label={t('common.loading')} className="min-h-[50vh]" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadError error={query.error} title={t('series.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }

  const { series, episode, next } = query.data;
  const season = series.seasons.find((s) => s.seasonNumber === episode.seasonNumber);
  const description = series.fullDescription || series.description;

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 py-4 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 sm:px-0">
        <Link
          to={`/series/${series.id}${episode.seasonNumber !== series.seasons[0]?.seasonNumber ? `?season=${episode.seasonNumber}` : ''}`}
          className="inline-flex items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('series.backToSeries')}
        </Link>
        {next && (
          <Button asChild size="sm">
            <Link to={episodeHref(series.id, next.seasonNumber, next.episodeNumber)}>
              {t('series.nextEpisode')}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
      <h1 className="px-4 text-xl font-bold sm:px-0 sm:text-2xl">
        {t('series.episodeHeading', { title: series.title, season: episode.seasonNumber, episode: episode.episodeNumber })}
      </h1>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {player ? player(query.data) : <EpisodeScreen episode={episode} fallbackPoster={series.posterUrl} />}
          {actions && <div className="flex flex-wrap gap-2 px-4 sm:px-0">{actions(query.data)}</div>}
          <section aria-labelledby="episode-title" className="grid gap-2 px-4 sm:px-0">
            <h2 id="episode-title" className="text-lg font-semibold">
              {episode.title}
            </h2>
            {episode.durationSeconds != null && <p className="text-sm text-muted-foreground">{formatDuration(episode.durationSeconds, i18n.language)}</p>}
            {episode.description && <p className="whitespace-pre-line leading-relaxed text-muted-foreground">{episode.description}</p>}
          </section>
          <section aria-labelledby="about-series" className="grid gap-3 rounded-xl border bg-card p-4 sm:mx-0 mx-4">
            <h2 id="about-series" className="text-lg font-semibold">
              {t('series.about', { title: series.title })}
            </h2>
            <div className="flex flex-wrap gap-2">{series.category && <Badge variant="secondary">{categoryLabel(t, series.category)}</Badge>}</div>
            <MovieMeta year={series.year} durationSeconds={null} rating={series.rating} className="text-sm" />
            {series.translator && <TranslatorLink translator={series.translator} />}
            {description && <p className="whitespace-pre-line text-sm leading-relaxed text-muted-foreground">{description}</p>}
            <CreditList director={series.director} cast={series.actors} />
          </section>
        </div>

        <aside aria-labelledby="season-episodes" className="grid content-start gap-3 px-4 sm:px-0">
          <h2 id="season-episodes" className="text-lg font-semibold">
            {t('series.season', { number: episode.seasonNumber })}
          </h2>
          <ol className="grid gap-2">
            {(season?.episodes ?? []).map((e) => {
              const current = e.episodeNumber === episode.episodeNumber;
              return (
                <li key={e.id}>
                  <Link
                    to={episodeHref(series.id, e.seasonNumber, e.episodeNumber)}
                    aria-current={current ? 'page' : undefined}
                    data-testid="side-episode"
                    className={cn('grid gap-0.5 rounded-lg border p-3 transition hover:bg-muted', current && 'border-primary bg-primary/10')}
                  >
                    <span className="flex items-center justify-between gap-2 text-xs font-semibold uppercase text-primary">
                      {t('series.episodeNumber', { number: e.episodeNumber })}
                      {current && <Badge>{t('series.nowPlaying')}</Badge>}
                    </span>
                    <span className="line-clamp-2 text-sm font-medium">{e.title}</span>
                    {e.durationSeconds != null && <span className="text-xs text-muted-foreground">{formatDuration(e.durationSeconds, i18n.language)}</span>}
                  </Link>
                </li>
              );
            })}
          </ol>
        </aside>
      </div>
    </div>
  );
}

export default EpisodePage;
