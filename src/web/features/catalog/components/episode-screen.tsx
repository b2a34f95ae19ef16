import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EpisodeView } from '../../../../shared/contracts/browse';
import { Poster, posterSources } from './poster';

/**
 * The player area of an episode until episodes play (a later issue): the still, 16:9 so nothing moves when the
 * player arrives, and what the viewer can expect.
 */
export function EpisodeScreen({ episode, fallbackPoster }: { episode: EpisodeView; fallbackPoster: string | null }) {
  const { t } = useTranslation();
  const sources = posterSources(episode.posterUrl, fallbackPoster ? [fallbackPoster] : []);
  // A failed or missing video is "not available", never "check back in a few minutes" (ADR 023).
  const text =
    episode.videoStatus === 'uploading' || episode.videoStatus === 'processing'
      ? t('availability.notAvailableYetText')
      : episode.videoStatus === 'ready'
        ? t('series.episodePlayerSoon')
        : t('availability.notAvailableText');
  return (
    <div className="relative aspect-video overflow-hidden rounded-none bg-gradient-to-br from-neutral-800 to-black sm:rounded-xl" data-testid="episode-screen">
      {sources.length > 0 && <Poster sources={sources} alt="" ratio="video" placeholder={false} className="bg-transparent opacity-40" />}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-white">
        <Clock className="size-8" aria-hidden="true" />
        <p className="max-w-md text-sm font-medium sm:text-base">{text}</p>
      </div>
    </div>
  );
}
