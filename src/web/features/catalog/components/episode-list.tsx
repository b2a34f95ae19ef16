import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EpisodeView } from '../../../../shared/contracts/browse';
import { formatDuration } from '../../../../shared/domain/duration';
import { Poster, posterSources } from './poster';

export const episodeHref = (seriesId: string, season: number, episode: number) => `/episode/${seriesId}/${season}/${episode}`;

/** A season's episodes: still, number, title, description, duration and Watch. */
export function EpisodeList({ seriesId, episodes, fallbackPoster }: { seriesId: string; episodes: EpisodeView[]; fallbackPoster: string | null }) {
  const { t, i18n } = useTranslation();
  if (episodes.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="episodes-empty">
        {t('series.noEpisodes')}
      </p>
    );
  }
  return (
    <ol className="grid gap-3">
      {episodes.map((e) => (
        <li key={e.id} data-testid="episode-row" className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 rounded-xl border bg-card p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-center">
          <Poster sources={posterSources(e.posterUrl, fallbackPoster ? [fallbackPoster] : [])} alt="" ratio="video" className="self-start rounded-lg" />
          <div className="grid min-w-0 gap-1">
            <p className="text-xs font-semibold uppercase text-primary">{t('series.episodeNumber', { number: e.episodeNumber })}</p>
            <h3 className="font-semibold leading-snug">{e.title}</h3>
            {e.description && <p className="line-clamp-3 text-sm text-muted-foreground">{e.description}</p>}
            {e.durationSeconds != null && <p className="text-xs text-muted-foreground">{formatDuration(e.durationSeconds, i18n.language)}</p>}
          </div>
          <Link
            to={episodeHref(seriesId, e.seasonNumber, e.episodeNumber)}
            aria-label={t('series.watchEpisode', { number: e.episodeNumber, title: e.title })}
            className="col-span-2 inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 sm:col-span-1 text-sm font-medium text-primary-foreground hover:bg-primary/90"
          >
            <Play className="size-4" aria-hidden="true" />
            {t('series.watch')}
          </Link>
        </li>
      ))}
    </ol>
  );
}
