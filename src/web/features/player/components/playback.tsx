import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HEARTBEAT_INTERVAL_SECONDS } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSavePlaybackSettings } from '../api/playback-settings';
import { useSignedPlayback, type PlaybackSource } from '../hooks/use-signed-playback';
import { useHeartbeat, useProgressSaver, type Playhead } from '../hooks/use-watch-session';
import type { DataSaverChoice } from './data-figures';
import { DataSaverNotice } from './data-saver-notice';
import { DataSaverPrompt } from './data-saver-prompt';
import { PlaybackMessage } from './playback-message';
import { StreamLimit } from './stream-limit';
import { SubscriptionRequired } from './subscription-required';
import { claimBoot } from '../../../boot/handle';
import { loadHls, VideoPlayer, type PlaybackFailure } from './video-player';

/**
 * The player area of /player/:id and /episode/...: asks the server for a signed URL and plays it, keeps the
 * stream counted (heartbeats), saves the position, and resumes where the viewer stopped.
 *
 * Every state of docs/product/viewer.md §4 has a screen: no video selected (`source` null), loading, error with
 * Retry, URL not available, ready; every refusal of the server (not signed in, no pass, stream limit, still
 * processing, no video, too many requests) and every video error of section 8 has its text, with Retry Video
 * and Go Back.
 */
export function Playback({
  source,
  title,
  poster,
  backTo,
  onEnded,
  overlay,
}: {
  /** What to play; null: "No video selected". */
  source: PlaybackSource | null;
  title: string;
  poster?: string | null;
  /** Where Go Back leads when there is no history. */
  backTo: string;
  onEnded?: () => void;
  /** Drawn over the video (end-of-episode card). */
  overlay?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const playback = useSignedPlayback(source);
  const { state, latestUrl, renew, retry, reload, confirmed } = playback;
  const [failure, setFailure] = useState<PlaybackFailure | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [playing, setPlaying] = useState(false);
  const [promptDone, setPromptDone] = useState(false);
  const playhead = useRef<Playhead>({ position: 0, duration: 0 });
  const startFor = useRef<{ src: string; at: number }>({ src: '', at: 0 });
  const saveSettings = useSavePlaybackSettings();
  const data = state.status === 'ready' ? state.data : null;

  // A new source starts from the server's resume point, a reload of the same one (data saver) from where it was.
  // Decided during render, before the player mounts and reads it; the same src always gives the same answer.
  if (state.status === 'ready' && startFor.current.src !== state.src) {
    if (state.generation === 0) playhead.current = { position: state.data.resumeSeconds ?? 0, duration: state.data.durationSeconds ?? 0 };
    startFor.current = { src: state.src, at: playhead.current.position };
  }

  useEffect(() => {
    setFailure(null);
    setRefusal(null);
  }, [source?.id, source?.partId]);
  // The player library downloads while the signed URL is asked for. Leaving the page stops the first-frame boot
  // if no player took its video (ADR 030).
  useEffect(() => {
    void loadHls()?.catch(() => undefined);
    return () => void claimBoot()?.catch(() => undefined);
  }, []);

  useHeartbeat({
    sessionId: data?.sessionId ?? null,
    intervalSeconds: data?.heartbeatIntervalSeconds ?? HEARTBEAT_INTERVAL_SECONDS,
    playing,
    onConfirmed: confirmed,
    onSessionEnded: () => {
      // Another device took the slot while this one was paused, or the session was stopped: ask again.
      // A refusal (stream limit) replaces the player, which stops the video.
      renew().catch((e: unknown) => setRefusal(e));
    },
  });
  const { saveNow } = useProgressSaver({ videoId: data?.videoId ?? null, sessionId: data?.sessionId ?? null, playing, playhead });

  const doRetry = useCallback(() => {
    setFailure(null);
    setRefusal(null);
    retry();
  }, [retry]);

  // The viewer's explicit choice (wins over the browser's Save-Data, ADR 028); the master playlist is written per
  // request, so a new signed URL carries the new cap.
  const changeDataSaver = useCallback(
    (choice: DataSaverChoice) => {
      saveSettings.mutate(
        choice,
        {
          onSuccess: () => {
            void reload().catch((e: unknown) => setRefusal(e));
          },
          onError: (e) => toast.error(errorMessage(t, e)),
        },
      );
    },
    [saveSettings, reload, t],
  );

  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(backTo));
  const retryActions = (
    <>
      <Button onClick={doRetry}>{t('player.retryVideo')}</Button>
      <Button variant="outline" onClick={goBack}>
        {t('player.goBack')}
      </Button>
    </>
  );

  if (!source) {
    return <PlaybackMessage title={t('player.noVideoSelected')} />;
  }

  const error = state.status === 'error' ? state.error : refusal;
  if (error) {
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
    if (isApiError(error, 'stream_limit_reached')) return <StreamLimit error={error} onRetry={doRetry} />;
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
        {isApiError(error, 'rate_limited')
          ? t('player.rateLimited', { seconds: (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60 })
          : isApiError(error)
            ? `${t('player.signedUrlFailed')} ${errorMessage(t, error)}`
            : `${t('player.loadUrlFailed')} ${errorMessage(t, error)}`}
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

  if (state.status !== 'ready') return <PlaybackMessage title={t('player.loadingVideo')}><Spinner label={t('player.checking')} showLabel /></PlaybackMessage>;

  if (!state.src) {
    return (
      <PlaybackMessage title={t('player.urlNotAvailable')} tone="error" actions={retryActions}>
        {t('player.noUrlReceived')}
      </PlaybackMessage>
    );
  }

  // First play: the data saver (144p, 240p or off) is offered next to the player, which starts meanwhile (low
  // first, as always), so the question never delays the picture (ADR 013: the film starts within 2 seconds).
  // When the browser asked to save data, it is already on: the player says why, with a switch to turn it off (ADR 028).
  const browserSaver = state.data.dataSaver === null && state.data.dataSaverSource === 'browser';
  const prompt =
    state.data.dataSaver === null && !promptDone ? (
      browserSaver ? (
        <DataSaverNotice saving={saveSettings.isPending} onTurnOff={() => changeDataSaver({ dataSaver: false })} />
      ) : (
        <DataSaverPrompt
          renditions={state.data.renditions}
          saving={saveSettings.isPending}
          offKnown={state.data.capReason !== 'data_saver'}
          onChoose={(choice) =>
            saveSettings.mutate(choice, {
              onSuccess: () => {
                setPromptDone(true);
                // The master playlist is written per request: ask again for one capped at the chosen rung.
                if (choice.dataSaver) void reload().catch((e: unknown) => setRefusal(e));
              },
              onError: () => setPromptDone(true),
            })
          }
        />
      )
    ) : null;

  const player = (
    <VideoPlayer
      key={`${state.generation}:${state.src}`}
      src={state.src}
      latestUrl={latestUrl}
      poster={poster}
      title={title}
      startAt={startFor.current.at}
      captions={state.data.captions}
      captionLanguage={i18n.language}
      renditions={state.data.renditions}
      dataSaver={state.data.dataSaver}
      dataSaverSource={state.data.dataSaverSource}
      dataSaverMaxHeight={state.data.dataSaverMaxHeight}
      onDataSaverChange={changeDataSaver}
      onFailure={setFailure}
      onPlayingChange={setPlaying}
      onEnded={onEnded}
      onSeeked={saveNow}
      overlay={overlay}
      onTime={(position, duration) => {
        playhead.current = { position, duration: duration || playhead.current.duration };
      }}
    />
  );
  // One stable parent, so the player is not remounted when the prompt goes.
  return (
    <div className="grid gap-3">
      {player}
      {prompt}
    </div>
  );
}
