import { useCallback, useEffect, useRef, useState } from 'react';

/** Controls hide after this long without pointer, touch or key activity while playing (docs/product/viewer.md §9: 3 s). */
export const CONTROLS_HIDE_MS = 3000;

/**
 * Whether the player's controls show: after any activity (`poke`) for CONTROLS_HIDE_MS, and always while paused
 * or while a menu is open (`setMenuOpen`): `showControls(playing)`.
 */
export function useControlsVisibility() {
  const [controlsVisible, setControlsVisible] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const poke = useCallback(() => {
    setControlsVisible(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  return { poke, setMenuOpen, showControls: (playing: boolean) => controlsVisible || !playing || menuOpen };
}
