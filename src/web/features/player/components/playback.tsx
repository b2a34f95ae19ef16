import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePlayback } from '../api/create-playback';
import { PlaybackMessage } from './playback-message';
import { SubscriptionRequired } from './subscription-required';
import { VideoPlayer, type PlaybackFailure } from './video-player';

/**
 * The player area of /player/:id: asks the server for a signed URL, then plays it. Every refusal of the
 * server (not signed in, no pass, still processing, no video, too many requests) has its own screen.
 */
export function Playback({ movieId, title, poster }: { movieId: string; title: string; poster?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const playback = usePlayback(movieId);
  const [failure, setFailure] = useState<PlaybackFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const position = useRef(0);

  const retry = () => {
    setFailure(null);
    setAttempt((a) => a + 1);
    // A fresh signature: the old one may have expired while watching.
    void playback.refetch();
  };
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(`/watch/${movieId}`));
  const retryActions = (
    <>
      <Button onClick={retry}>{t('player.retryVideo')}</Button>
      <Button variant="outline" onClick={goBack}>
        {t('player.goBack')}
      </Button>
    </>
  );

  if (playback.isFetching && !playback.data) return <Spinner label={t('player.checking')} showLabel />;

  if (playback.isError) {
    const error = playback.error;
    if (isApiError(error, 'unauthenticated')) {
      return (
        <PlaybackMessage
          title={t('player.loginRequired')}
          actions={
            <Button asChild>
              <Link to="/login">{t('nav.login')}</Link>
            </Button>
          }
        />
      );
    }
    if (isApiError(error, 'subscription_required')) {
      const reason = (error.details as { reason?: string } | undefined)?.reason === 'expired' ? 'expired' : 'none';
      return <SubscriptionRequired reason={reason} />;
    }
    if (isApiError(error, 'video_not_ready')) {
      return (
        <PlaybackMessage title={t('player.notAvailableTitle')} actions={retryActions}>
          {t('player.stillProcessing')}
        </PlaybackMessage>
      );
    }
    if (isApiError(error, 'video_not_available') || isApiError(error, 'not_found')) {
      return (
        <PlaybackMessage
          title={t('player.notAvailableTitle')}
          actions={
            <Button variant="outline" onClick={goBack}>
              {t('player.goBack')}
            </Button>
          }
        >
          {t('player.noSource')}
        </PlaybackMessage>
      );
    }
    return (
      <PlaybackMessage title={t('player.playbackError')} tone="error" actions={retryActions}>
        {isApiError(error, 'rate_limited') ? errorMessage(t, error) : `${t('player.signedUrlFailed')} ${errorMessage(t, error)}`}
      </PlaybackMessage>
    );
  }

  if (failure) {
    return (
      <PlaybackMessage title={t('player.playbackError')} tone="error" actions={retryActions}>
        {t(`player.failure.${failure}`)}
      </PlaybackMessage>
    );
  }

  if (!playback.data || playback.isFetching) return <Spinner label={t('player.checking')} showLabel />;

  return (
    <VideoPlayer
      key={`${attempt}:${playback.data.url}`}
      src={playback.data.url}
      poster={poster}
      title={title}
      startAt={position.current}
      onFailure={setFailure}
      onTime={(s) => {
        position.current = s;
      }}
    />
  );
}
