import { useEffect, useRef, type RefObject } from 'react';
import { IMAGE_WIDTHS } from '../../../../shared/domain/images';

/** Seconds a headset's or the lock screen's skip button moves when it names no offset (as the player's arrow keys). */
export const MEDIA_SESSION_SKIP_SECONDS = 10;

/**
 * The artwork of the lock screen and notification (W3C Media Session, `MediaImage`): an uploaded poster at each
 * stored width up to the URL's (`/media/images/{id}/{w}.webp`, shared/domain/images.ts; posters are 2:3), any other
 * poster as one image of unknown size. Empty without a poster.
 */
export function mediaArtwork(poster: string | null | undefined): MediaImage[] {
  if (!poster) return [];
  const m = /^(\/media\/images\/[^/?#]+\/)(\d+)\.webp$/.exec(poster);
  const width = m ? Number(m[2]) : 0;
  if (!m || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return [poster.endsWith('.webp') ? { src: poster, type: 'image/webp' } : { src: poster }];
  return IMAGE_WIDTHS.filter((w) => w <= width).map((w) => ({ src: `${m[1]}${w}.webp`, sizes: `${w}x${Math.round(w * 1.5)}`, type: 'image/webp' }));
}

export interface MediaSessionOptions {
  /** The title shown on the lock screen: the film's (with its part or episode). */
  title: string;
  poster?: string | null;
  /** Plays as the player's own button does. */
  play: () => void;
  pause: () => void;
  /** Moves to `seconds` (clamped by the player). */
  seekTo: (seconds: number) => void;
}

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'] as const;

/**
 * Lock-screen, notification and headset controls for the player (W3C Media Session API; design guide "the
 * player"): the title, the site name and the poster as metadata; play, pause, skip back and forward (10 s unless
 * the control names its own offset) and seek to a point; the position, length and speed kept current
 * (`setPositionState` on timeupdate, ratechange and durationchange) so the lock screen's progress bar is right.
 * Does nothing where the browser has no `navigator.mediaSession`; an action a browser does not know is skipped.
 * Everything is cleared when the player goes (unmount), so no stale title stays on the lock screen.
 * @param video the player's `<video>`, set before this hook's effects run
 */
export function useMediaSession(video: RefObject<HTMLVideoElement | null>, options: MediaSessionOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { title, poster } = options;

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({ title, artist: 'Sobanura', artwork: mediaArtwork(poster) });
  }, [title, poster]);

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    const v = video.current;
    if (!session || !v) return;
    const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
      play: () => latest.current.play(),
      pause: () => latest.current.pause(),
      seekbackward: (d) => latest.current.seekTo(v.currentTime - (d.seekOffset ?? MEDIA_SESSION_SKIP_SECONDS)),
      seekforward: (d) => latest.current.seekTo(v.currentTime + (d.seekOffset ?? MEDIA_SESSION_SKIP_SECONDS)),
      seekto: (d) => {
        if (d.seekTime == null) return;
        if (d.fastSeek && typeof v.fastSeek === 'function') v.fastSeek(d.seekTime);
        else latest.current.seekTo(d.seekTime);
      },
    };
    const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support (the spec says it throws): the others still work.
      }
    };
    for (const action of ACTIONS) set(action, handlers[action]);
    const position = () => {
      if (typeof session.setPositionState !== 'function') return;
      const duration = v.duration;
      if (!Number.isFinite(duration) || duration <= 0) return;
      try {
        session.setPositionState({ duration, playbackRate: v.playbackRate || 1, position: Math.min(Math.max(0, v.currentTime), duration) });
      } catch {
        // A transient state the browser refuses (e.g. a rate of 0): the next event sets it again.
      }
    };
    const playing = () => (session.playbackState = 'playing');
    const paused = () => (session.playbackState = 'paused');
    const events: [string, () => void][] = [['timeupdate', position], ['ratechange', position], ['durationchange', position], ['loadedmetadata', position], ['seeked', position], ['play', playing], ['pause', paused]];
    for (const [name, fn] of events) v.addEventListener(name, fn);
    // An element that plays already (the first-frame boot's, ADR 030) sends no 'play' to listeners added now.
    if (!v.paused) playing();
    return () => {
      for (const [name, fn] of events) v.removeEventListener(name, fn);
      for (const action of ACTIONS) set(action, null);
      session.metadata = null;
      session.playbackState = 'none';
      try {
        session.setPositionState?.();
      } catch {
        // Nothing to clear.
      }
    };
  }, [video]);
}
