import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EpisodeResponse } from '../../features/catalog/api/get-episode';
import { episodeHref } from '../../features/catalog/components/episode-list';
import { EpisodePage } from '../../features/catalog/routes/episode-page';
import { DownloadButton } from '../../features/player/components/download-button';
import { Playback } from '../../features/player/components/playback';
import { ShareButton } from '../../features/player/components/share-button';
import { UpNext } from '../../features/player/components/up-next';
import { afterEpisodeEnds, nextEpisode } from '../../features/player/lib/next-item';

/**
 * The player of one episode: plays it, and when it ends starts the next episode of the season after a short
 * countdown, or at a season's end stops and offers the next season (docs/product/viewer.md §2 "/episode/...").
 */
function EpisodePlayer({ data }: { data: EpisodeResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { series, episode } = data;
  const key = episode.id;
  const [endedKey, setEndedKey] = useState<string | null>(null);
  // The server's `next` is the reference; the same rule in the client covers an older server answer.
  const next = data.next ?? nextEpisode(series.seasons, episode.seasonNumber, episode.episodeNumber);
  const after = afterEpisodeEnds(next);
  const href = after.kind === 'stop' ? '' : episodeHref(series.id, after.next.seasonNumber, after.next.episodeNumber);
  const goNext = useCallback(() => href && navigate(href), [href, navigate]);
  const nextEp = after.kind === 'stop' ? null : series.seasons.find((s) => s.seasonNumber === after.next.seasonNumber)?.episodes.find((e) => e.episodeNumber === after.next.episodeNumber);
  const title = t('series.episodeHeading', { title: series.title, season: episode.seasonNumber, episode: episode.episodeNumber });

  return (
    <Playback
      key={key}
      source={{ id: episode.id }}
      title={`${title}: ${episode.title}`}
      poster={episode.posterUrl ?? series.posterUrl}
      backTo={`/series/${series.id}`}
      onEnded={() => setEndedKey(key)}
      overlay={
        endedKey === key && after.kind !== 'stop' ? (
          <UpNext
            key={href}
            label={
              after.kind === 'autoplay'
                ? t('player.episodeCode', { season: after.next.seasonNumber, episode: after.next.episodeNumber, title: nextEp?.title ?? '' })
                : t('player.seasonLabel', { number: after.next.seasonNumber })
            }
            href={href}
            autoplay={after.kind === 'autoplay'}
            onGo={goNext}
          />
        ) : undefined
      }
    />
  );
}

/** /episode/:seriesId/:season/:episode: the catalogue's episode page with the player, Share Episode and Download. */
export function EpisodeRoute() {
  const { t } = useTranslation();
  return (
    <EpisodePage
      player={(data) => <EpisodePlayer key={data.episode.id} data={data} />}
      actions={(data) => (
        <>
          <ShareButton title={t('series.episodeHeading', { title: data.series.title, season: data.episode.seasonNumber, episode: data.episode.episodeNumber })} label={t('player.shareEpisode')} />
          <DownloadButton id={data.episode.id} />
        </>
      )}
    />
  );
}

export default EpisodeRoute;
