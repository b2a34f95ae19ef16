import type { RefObject } from 'react';
import { useEffect } from 'react';

/** Seconds the arrow keys seek. */
export const SEEK_STEP_SECONDS = 10;

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * The player's keys: space or k play/pause, arrows seek SEEK_STEP_SECONDS and change the volume by 0.1, f full
 * screen, m mute, c captions. They act when nothing else on the page has focus, or the player has it; never while
 * typing or with a modifier; space on a player button presses the button instead.
 */
export function usePlayerKeyboard(
  containerRef: RefObject<HTMLDivElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
  actions: {
    togglePlay: () => void;
    seekTo: (seconds: number) => void;
    setVolume: (value: number) => void;
    toggleFullscreen: () => void;
    toggleMute: () => void;
    toggleCaptions: () => void;
    poke: () => void;
  },
) {
  const { togglePlay, seekTo, setVolume, toggleFullscreen, toggleMute, toggleCaptions, poke } = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const inPlayer = e.target instanceof Node && !!containerRef.current?.contains(e.target);
      const onControl = e.target instanceof HTMLElement && ['BUTTON', 'A'].includes(e.target.tagName) && inPlayer;
      const v = videoRef.current;
      if (!v) return;
      // Keys act when nothing else on the page has focus, or the player has it.
      if (!inPlayer && e.target !== document.body && e.target !== document.documentElement) return;
      switch (e.key) {
        case ' ':
        case 'k':
          if (onControl && e.key === ' ') return;
          togglePlay();
          break;
        case 'ArrowLeft':
          seekTo(v.currentTime - SEEK_STEP_SECONDS);
          break;
        case 'ArrowRight':
          seekTo(v.currentTime + SEEK_STEP_SECONDS);
          break;
        case 'ArrowUp':
          setVolume((v.muted ? 0 : v.volume) + 0.1);
          break;
        case 'ArrowDown':
          setVolume(v.volume - 0.1);
          break;
        case 'f':
          toggleFullscreen();
          break;
        case 'm':
          toggleMute();
          break;
        case 'c':
          toggleCaptions();
          break;
        default:
          return;
      }
      e.preventDefault();
      poke();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePlay, seekTo, setVolume, toggleFullscreen, toggleMute, toggleCaptions, poke]);
}
