import type { RefObject } from 'react';
import { useCallback } from 'react';

/**
 * The player's commands on its element: play or pause (marking that the viewer chose, so the start gate leaves the
 * decision to them), seek (clamped to 0..duration, seconds), volume (0..1, two decimals; a volume above 0 unmutes),
 * mute and speed (`onSpeed` keeps the menu's state).
 */
export function usePlayerCommands(videoRef: RefObject<HTMLVideoElement | null>, viewerChose: RefObject<boolean>, onSpeed: (rate: number) => void) {
  const togglePlay = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    viewerChose.current = true;
    if (v.paused || v.ended) void v.play().catch(() => undefined);
    else v.pause();
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const v = videoRef.current;
    if (!v) return;
    const max = Number.isFinite(v.duration) ? v.duration : seconds;
    v.currentTime = Math.min(Math.max(0, seconds), max);
  }, []);

  const setVolume = useCallback((value: number) => {
    const v = videoRef.current;
    const next = Math.min(1, Math.max(0, Math.round(value * 100) / 100));
    if (v) {
      v.volume = next;
      if (next > 0 && v.muted) v.muted = false;
    }
  }, []);

  const toggleMute = useCallback(() => {
    const v = videoRef.current;
    if (v) v.muted = !v.muted;
  }, []);

  const setSpeed = useCallback((rate: number) => {
    const v = videoRef.current;
    if (v) v.playbackRate = rate;
    onSpeed(rate);
  }, []);

  return { togglePlay, seekTo, setVolume, toggleMute, setSpeed };
}
