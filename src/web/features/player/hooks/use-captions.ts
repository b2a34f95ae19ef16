import type HlsType from 'hls.js';
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptionTrack } from '../../../../shared/contracts/playback';
import type { CaptionOption } from '../components/player-controls';

/**
 * The player's captions: the options (hls.js's subtitle tracks, or `<track>` elements from `captions` when the
 * master playlist lists none or the browser plays HLS itself: `trackMode`), the one showing (-1: off), the
 * default (the interface language, `captionLanguage`), and the viewer's pick, which a quality switch keeps.
 * The source hook (use-hls-source.ts) fills the options from hls.js through the setters returned here.
 */
export function useCaptions(videoRef: RefObject<HTMLVideoElement | null>, hlsRef: RefObject<HlsType | null>, captions: CaptionTrack[], captionLanguage: string | undefined, callbacks: RefObject<{ captionLanguage?: string }>) {
  const [captionOptions, setCaptionOptions] = useState<CaptionOption[]>([]);
  const [caption, setCaptionState] = useState(-1);
  const [trackMode, setTrackMode] = useState(false);
  const lastCaption = useRef(-1);
  /** The caption language the viewer picked ('' for off), null until they pick: then the interface language. */
  const captionChoice = useRef<string | null>(null);

  // <track> captions (native HLS, or a master playlist without subtitles): options and the default language.
  useEffect(() => {
    if (!trackMode) return;
    const options = captions.map((c, i) => ({ id: i, lang: c.language, label: c.language }));
    setCaptionOptions(options);
    const preferred = options.find((o) => o.lang === callbacks.current.captionLanguage);
    setCaptionState(preferred ? preferred.id : -1);
    if (preferred) lastCaption.current = preferred.id;
    // The <track> elements render with this state; their modes follow in the effect below.
  }, [trackMode, captions]);

  useEffect(() => {
    const video = videoRef.current;
    if (!trackMode || !video) return;
    Array.from(video.textTracks).forEach((t, i) => {
      t.mode = i === caption ? 'showing' : 'disabled';
    });
  }, [trackMode, caption, captionOptions]);

  const setCaption = useCallback(
    (id: number) => {
      const hls = hlsRef.current;
      if (!trackMode && hls) {
        hls.subtitleDisplay = id >= 0;
        hls.subtitleTrack = id;
      }
      if (id >= 0) lastCaption.current = id;
      captionChoice.current = id >= 0 ? (captionOptions.find((o) => o.id === id)?.lang ?? null) : '';
      setCaptionState(id);
    },
    [trackMode, captionOptions],
  );

  const toggleCaptions = useCallback(() => {
    if (captionOptions.length === 0) return;
    if (caption >= 0) setCaption(-1);
    else {
      const back = captionOptions.find((o) => o.id === lastCaption.current) ?? captionOptions.find((o) => o.lang === captionLanguage) ?? captionOptions[0]!;
      setCaption(back.id);
    }
  }, [caption, captionOptions, captionLanguage, setCaption]);

  return { captionOptions, setCaptionOptions, caption, setCaptionState, trackMode, setTrackMode, lastCaption, captionChoice, setCaption, toggleCaptions };
}
export type CaptionsState = ReturnType<typeof useCaptions>;
