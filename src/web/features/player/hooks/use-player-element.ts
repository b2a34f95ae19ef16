import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeBootVideo } from '../../../boot/handle';

/**
 * The player's `<video>` element, made here rather than by React, so the first-frame boot's element (already
 * playing, ADR 030) can take its place: moved in the same task, it does not pause (HTML: a media element
 * re-inserted before the next stable state keeps playing). Put into `slotRef`'s element; its poster and label follow
 * `poster` and `title`.
 * @returns the slot's ref, the element (state, null before the layout effect), a ref to it, and `fromBoot`: whether
 *   the element came from the boot (its MediaSource then goes to hls.js; the source hook reads and clears it).
 */
export function usePlayerElement(src: string, poster: string | null | undefined, title: string) {
  const slotRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  /** The element this player plays in, kept across a StrictMode re-run of its effect. */
  const element = useRef<HTMLVideoElement | null>(null);
  const fromBoot = useRef(false);

  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    let v = element.current;
    if (!v) {
      const booted = takeBootVideo(src, slot);
      fromBoot.current = !!booted;
      v = booted ?? document.createElement('video');
      element.current = v;
    }
    v.setAttribute('data-testid', 'player-video');
    v.playsInline = true;
    v.preload = 'metadata';
    v.className = 'size-full';
    slot.appendChild(v);
    videoRef.current = v;
    setVideo(v);
    return () => {
      v.remove();
      videoRef.current = null;
    };
    // One element per player: a new source remounts the player (Playback's key).
  }, []);

  useEffect(() => {
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    video.setAttribute('aria-label', title);
  }, [video, poster, title]);

  return { slotRef, videoRef, video, fromBoot };
}
