import type HlsType from 'hls.js';
import type { RefObject } from 'react';
import { useCallback, useState } from 'react';
import type { QualityOption } from '../components/player-controls';

/**
 * The quality menu's state: hls.js's levels (only what this viewer may watch), the viewer's choice (-1: Auto) and the
 * rendition playing now. A manual choice switches at once (flushing what was buffered at the old quality); Auto
 * lets ABR decide.
 */
export function useQuality(hlsRef: RefObject<HlsType | null>) {
  const [qualities, setQualities] = useState<QualityOption[]>([]);
  const [quality, setQualityState] = useState(-1);
  const [activeRendition, setActiveRendition] = useState('');
  const setQuality = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.currentLevel = index;
    setQualityState(index);
  }, []);
  const activeName = quality >= 0 ? (qualities.find((q) => q.index === quality)?.name ?? activeRendition) : activeRendition;
  return { qualities, setQualities, quality, setQualityState, activeRendition, setActiveRendition, setQuality, activeName };
}
export type QualityState = ReturnType<typeof useQuality>;
