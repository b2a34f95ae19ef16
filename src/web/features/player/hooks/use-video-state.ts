import type { RefObject } from 'react';
import { useEffect, useState } from 'react';
import { writeStored } from '../../../lib/storage';
import { MUTED_KEY, storedMuted, storedVolume, VOLUME_KEY } from '../lib/volume';

/** What the player's callbacks tell its page (VideoPlayerProps). */
export interface VideoStateCallbacks {
  onTime?: (position: number, duration: number) => void;
  onPlayingChange?: (playing: boolean) => void;
  onEnded?: () => void;
  onSeeked?: () => void;
}

/**
 * The element's state as the controls show it (playing, time, duration, buffered end, waiting, volume, muted, speed),
 * from its own events: the element is not React's (it may come from the first-frame boot, ADR 030), so a booted
 * element's state is read as it is at once. Volume and mute are remembered in localStorage (lib/volume.ts);
 * `onPlay` runs on every play (the controls show).
 */
export function useVideoState(video: HTMLVideoElement | null, callbacks: RefObject<VideoStateCallbacks>, onPlay: () => void) {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState(0);
  const [waiting, setWaiting] = useState(true);
  const [volume, setVolumeState] = useState(storedVolume);
  const [muted, setMutedState] = useState(storedMuted);
  const [speed, setSpeedState] = useState(1);

  useEffect(() => {
    if (!video) return;
    const report = () => callbacks.current.onTime?.(video.currentTime, Number.isFinite(video.duration) ? video.duration : 0);
    const handlers: Record<string, () => void> = {
      play: () => {
        setPlaying(true);
        onPlay();
        callbacks.current.onPlayingChange?.(true);
      },
      pause: () => {
        setPlaying(false);
        callbacks.current.onPlayingChange?.(false);
      },
      ended: () => {
        setPlaying(false);
        callbacks.current.onPlayingChange?.(false);
        callbacks.current.onEnded?.();
      },
      seeked: () => {
        report();
        callbacks.current.onSeeked?.();
      },
      waiting: () => setWaiting(true),
      playing: () => setWaiting(false),
      canplay: () => setWaiting(false),
      timeupdate: () => {
        setTime(video.currentTime);
        report();
      },
      durationchange: () => setDuration(Number.isFinite(video.duration) ? video.duration : 0),
      progress: () => setBuffered(video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0),
      volumechange: () => {
        setVolumeState(video.volume);
        setMutedState(video.muted);
        writeStored(VOLUME_KEY, String(video.volume));
        writeStored(MUTED_KEY, video.muted ? '1' : '0');
      },
      ratechange: () => setSpeedState(video.playbackRate),
    };
    for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
    // A boot's element may be playing already: its state as it is now.
    if (!video.paused) handlers.play!();
    if (video.readyState >= 3) setWaiting(false);
    handlers.durationchange!();
    handlers.progress!();
    setTime(video.currentTime);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
    };
  }, [video, onPlay]);

  return { playing, time, duration, buffered, waiting, setWaiting, volume, muted, speed, setSpeedState };
}
