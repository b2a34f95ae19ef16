import type { RefObject } from 'react';
import { useCallback, useEffect, useState } from 'react';

/**
 * Full screen of the player's container (the element's own full screen on iOS, which has no Fullscreen API for
 * other elements) and picture-in-picture of its video, where the browser has them.
 */
export function useFullscreen(containerRef: RefObject<HTMLDivElement | null>, videoRef: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onFs = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onFs);
    return () => document.removeEventListener('fullscreenchange', onFs);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const el = containerRef.current;
    const v = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (el?.requestFullscreen) void el.requestFullscreen().catch(() => undefined);
    else v?.webkitEnterFullscreen?.();
  }, []);

  const pipSupported = typeof document !== 'undefined' && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;
  const togglePip = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void v.requestPictureInPicture?.().catch(() => undefined);
  }, []);

  return { fullscreen, toggleFullscreen, pipSupported, togglePip };
}
