import { useEffect, useRef } from 'react';

export type PlaybackFailure = 'network' | 'decode' | 'unsupported' | 'aborted' | 'failed';

const HLS_MIME = 'application/vnd.apple.mpegurl';

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

function nativeFailure(error: MediaError | null): PlaybackFailure {
  switch (error?.code) {
    case 1:
      return 'aborted';
    case 2:
      return 'network';
    case 3:
      return 'decode';
    case 4:
      return 'unsupported';
    default:
      return 'failed';
  }
}

/**
 * Plays an HLS master playlist: hls.js (loaded on demand) where Media Source Extensions exist, the browser's
 * own HLS otherwise. Starts at or under 500 kb/s and adapts; never picks a level larger than the player.
 */
export function VideoPlayer({
  src,
  poster,
  title,
  startAt = 0,
  onFailure,
  onTime,
}: {
  src: string;
  poster?: string | null;
  title: string;
  startAt?: number;
  onFailure: (failure: PlaybackFailure) => void;
  onTime?: (seconds: number) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The latest callbacks, without restarting the player when the parent re-renders.
  const callbacks = useRef({ onFailure, onTime });
  useEffect(() => {
    callbacks.current = { onFailure, onTime };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = 0.5;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (f: PlaybackFailure) => {
      if (!cancelled) callbacks.current.onFailure(f);
    };
    const tryPlay = () => void video.play().catch(() => undefined);

    if (hasMediaSource()) {
      import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            fail('unsupported');
            return;
          }
          const hls = new Hls({
            startLevel: -1,
            abrEwmaDefaultEstimate: 500_000,
            capLevelToPlayerSize: true,
            startPosition: startAt > 0 ? startAt : -1,
            // Mobile data is costly: buffer about a minute ahead, not ten.
            maxBufferLength: 30,
            maxMaxBufferLength: 60,
            backBufferLength: 30,
          });
          let mediaRecoveries = 0;
          hls.on(Hls.Events.MANIFEST_PARSED, tryPlay);
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
              mediaRecoveries += 1;
              hls.recoverMediaError();
              return;
            }
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) fail('network');
            else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) fail('decode');
            else fail('failed');
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        })
        .catch(() => fail('failed'));
    } else if (video.canPlayType(HLS_MIME)) {
      const onError = () => fail(nativeFailure(video.error));
      const onLoaded = () => {
        if (startAt > 0) video.currentTime = startAt;
        tryPlay();
      };
      video.addEventListener('error', onError);
      video.addEventListener('loadedmetadata', onLoaded, { once: true });
      video.src = src;
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('loadedmetadata', onLoaded);
        video.removeAttribute('src');
        video.load();
      };
    } else {
      fail('unsupported');
    }

    return () => {
      cancelled = true;
      destroy?.();
    };
    // startAt is read once per source: a new position comes with a new mount.
  }, [src]);

  return (
    <video
      ref={videoRef}
      data-testid="player-video"
      controls
      playsInline
      preload="metadata"
      poster={poster ?? undefined}
      aria-label={title}
      onTimeUpdate={(e) => callbacks.current.onTime?.(e.currentTarget.currentTime)}
      className="aspect-video w-full rounded-xl bg-black"
    />
  );
}
