import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { isNotFound } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/category-label';
import { useSeries } from '../api/get-series';
import { DetailSkeleton } from '../components/detail-skeleton';
import { EpisodeList } from '../components/episode-list';
import { LoadError } from '../components/load-error';
import { CreditList } from '../components/movie-details';
import { MovieMeta } from '../components/movie-meta';
import { DETAIL_POSTER_SIZES, Poster, posterSources } from '../components/poster';
import { SeasonPicker } from '../components/season-picker';
import { SeriesNotFound } from '../components/series-not-found';
import { TranslatorLink } from '../components/translator-link';
import { WatchlistButton } from '../components/watchlist-button';
import { useErrorToast } from '../hooks/use-error-toast';

/**
 * /series/:id: the hero (category, description, year, rating, director, cast, translator), Add to Watchlist, a
 * season picker (the first season unless ?season= says otherwise) and that season's episodes.
 */
export function SeriesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const series = useSeries(id);
  useErrorToast(series.error, t('series.loadFailed'), isNotFound(series.error));

  if (series.isPending) return <DetailSkeleton />;
  if (series.isError) {
    if (isNotFound(series.error)) return <SeriesNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadError error={series.error} title={t('series.loadFailed')} onRetry={() => void series.refetch()} retrying={series.isFetching} />
      </div>
    );
  }
  const s = series.data;
  const numbers = s.seasons.map((x) => x.seasonNumber);
  const asked = Number(search.get('season'));
  const seasonNumber = numbers.includes(asked) ? asked : (numbers[0] ?? 1);
  const season = s.seasons.find((x) => x.seasonNumber === seasonNumber);
  const description = s.fullDescription || s.description;
  const pick = (n: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (n === numbers[0]) next.delete('season');
        else next.set('season', String(n));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-8 px-4 py-6">
      <Link to="/movies?tab=series" className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('series.backToSeries')}
      </Link>
      <div className="grid gap-6 sm:grid-cols-[minmax(0,240px)_1fr]">
        <Poster sources={posterSources(s.posterUrl)} alt={t('catalog.posterOf', { title: s.title })} eager sizes={DETAIL_POSTER_SIZES} className="mx-auto max-w-[240px] rounded-xl" />
        <div className="grid content-start gap-3">
          <div className="flex flex-wrap gap-2">
            {s.category && <Badge variant="secondary">{categoryLabel(t, s.category)}</Badge>}
            <Badge variant="outline">{t('series.seasonCount', { count: s.seasons.length })}</Badge>
            {s.isPremium && <Badge variant="outline">{t('catalog.premium')}</Badge>}
          </div>
          <h1 className="text-2xl font-bold sm:text-3xl">{s.title}</h1>
          <MovieMeta year={s.year} durationSeconds={null} rating={s.rating} className="text-sm" />
          {s.translator && <TranslatorLink translator={s.translator} />}
          {description && <p className="whitespace-pre-line leading-relaxed text-muted-foreground">{description}</p>}
          <CreditList director={s.director} cast={s.actors} />
          <WatchlistButton target={{ kind: 'series', id: s.id }} title={s.title} className="w-full sm:w-fit" />
        </div>
      </div>

      <section aria-labelledby="episodes-heading" className="grid gap-4">
        <h2 id="episodes-heading" className="text-xl font-bold">
          {t('series.episodes')}
        </h2>
        <SeasonPicker seasons={numbers} value={seasonNumber} onChange={pick} />
        {season?.title && season.title !== t('series.season', { number: seasonNumber }) && <p className="text-sm font-medium text-muted-foreground">{season.title}</p>}
        <EpisodeList seriesId={s.id} episodes={season?.episodes ?? []} fallbackPoster={s.posterUrl} />
      </section>
    </div>
  );
}

export default SeriesPage;
