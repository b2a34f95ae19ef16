import type HlsType from 'hls.js';
import type { ReactNode, RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { CaptionTrack, DataSaverHeight, DataSaverSource, PlaybackRendition } from '../../../../shared/contracts/playback';
import { useCaptions } from '../hooks/use-captions';
import { useControlsVisibility } from '../hooks/use-controls-visibility';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useHlsSource } from '../hooks/use-hls-source';
import { useMediaSession } from '../hooks/use-media-session';
import { usePlayerCommands } from '../hooks/use-player-commands';
import { usePlayerElement } from '../hooks/use-player-element';
import { usePlayerKeyboard } from '../hooks/use-player-keyboard';
import { useQuality } from '../hooks/use-quality';
import { useVideoState } from '../hooks/use-video-state';
import type { PlaybackFailure } from '../lib/load-hls';
import type { DataSaverChoice } from './data-figures';
import { PlayerControls } from './player-controls';

export { DEFAULT_VOLUME, storedVolume } from '../lib/volume';
export { loadHls, type PlaybackFailure } from '../lib/load-hls';
export { CONTROLS_HIDE_MS } from '../hooks/use-controls-visibility';
export { SEEK_STEP_SECONDS } from '../hooks/use-player-keyboard';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export interface VideoPlayerProps {
  /** Master playlist URL to load; a new value reloads the player. */
  src: string;
  /** The newest signed URL of the same video: segment and playlist requests are moved onto its token. */
  latestUrl?: RefObject<string>;
  poster?: string | null;
  title: string;
  /** Seconds to start at (resume), 0 for the start. */
  startAt?: number;
  /** Caption tracks (used as `<track>` where the master playlist has none, or the browser plays HLS itself). */
  captions?: CaptionTrack[];
  /** Caption language picked at start: the interface language, the one the viewer reads the site in. */
  captionLanguage?: string;
  /** Server's renditions, for the expected megabytes per hour and for the whole video in the quality menu. */
  renditions?: PlaybackRendition[];
  /** The viewer's data-saver setting (null: not chosen). */
  dataSaver?: boolean | null;
  /** Why the data saver is on ('viewer', 'browser'), null when off (ADR 028). */
  dataSaverSource?: DataSaverSource;
  /** The data saver's rung, pixels (144 or 240). */
  dataSaverMaxHeight?: DataSaverHeight;
  onDataSaverChange?: (choice: DataSaverChoice) => void;
  onFailure: (failure: PlaybackFailure) => void;
  onTime?: (position: number, duration: number) => void;
  onPlayingChange?: (playing: boolean) => void;
  onEnded?: () => void;
  /** After a seek (the position is worth saving at once). */
  onSeeked?: () => void;
  /** Drawn over the video (e.g. the end-of-episode card). */
  overlay?: ReactNode;
}

/**
 * Plays an HLS master playlist with Sobanura's own controls: hls.js (loaded on demand, so it stays out of the
 * first download) where Media Source Extensions exist, the browser's own HLS otherwise.
 *
 * - Starts on the rendition the server lists first, or by a 500 kb/s estimate (ADR 006, ADR 009), then
 *   adapts; buffers at most about a minute ahead. Plays once 1 s is buffered over a fast link, else 4 s
 *   (start-gate.ts, ADR 013).
 * - Quality menu: Auto plus the levels of the playlist (only what this viewer may watch), with MB per hour and for
 *   the whole video; the data saver off, 240p or 144p (ADR 028).
 * - Captions (default: the interface language), speed, full screen, picture-in-picture, keyboard (space, arrows,
 *   f, m, c), controls that hide after 3 s, volume 50 by default and remembered in localStorage.
 * - Requests under an old signature are moved onto `latestUrl` (xhrSetup), so a refresh never interrupts playback.
 * - Lock-screen and headset controls: title, poster, play, pause, seek (Media Session API, use-media-session.ts).
 * Each concern is a hook of ../hooks (the element, the source, captions, quality, the element's state, commands,
 * controls' visibility, full screen, keys); this component wires them to the controls.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, poster, title, startAt = 0, captions = [], captionLanguage, renditions = [], dataSaver = null, dataSaverSource, dataSaverMaxHeight, onDataSaverChange, overlay } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  /** Set when the viewer presses play or pause: the start gate then leaves the decision to them. */
  const viewerChose = useRef(false);

  const { slotRef, videoRef, video, fromBoot } = usePlayerElement(src, poster, title);
  const qualityState = useQuality(hlsRef);
  const captionsState = useCaptions(videoRef, hlsRef, captions, captionLanguage, callbacks);
  const controls = useControlsVisibility();
  const state = useVideoState(video, callbacks, controls.poke);
  useHlsSource({ src, startAt, videoRef, fromBoot, hlsRef, viewerChose, callbacks, captionsState, qualityState, setWaiting: state.setWaiting });
  const { togglePlay, seekTo, setVolume, toggleMute, setSpeed } = usePlayerCommands(videoRef, viewerChose, state.setSpeedState);

  // Lock screen, notification and headset controls (W3C Media Session): use-media-session.ts.
  useMediaSession(videoRef, {
    title,
    poster,
    play: () => {
      viewerChose.current = true;
      void videoRef.current?.play().catch(() => undefined);
    },
    pause: () => videoRef.current?.pause(),
    seekTo,
  });

  const { fullscreen, toggleFullscreen, pipSupported, togglePip } = useFullscreen(containerRef, videoRef);
  const { captionOptions, caption, trackMode, setCaption, toggleCaptions } = captionsState;
  const { qualities, quality, activeRendition, setQuality, activeName } = qualityState;
  const poke = controls.poke;
  usePlayerKeyboard(containerRef, videoRef, { togglePlay, seekTo, setVolume, toggleFullscreen, toggleMute, toggleCaptions, poke });
  const { playing, time, duration, buffered, waiting, volume, muted, speed } = state;
  const showControls = controls.showControls(playing);

  return (
    <div
      ref={containerRef}
      data-testid="player"
      data-rendition={activeName}
      data-caption={caption >= 0 ? (captionOptions.find((o) => o.id === caption)?.lang ?? '') : ''}
      data-controls={showControls ? 'visible' : 'hidden'}
      className="group relative aspect-video w-full overflow-hidden bg-black sm:rounded-xl"
      onPointerMove={poke}
      onPointerDown={poke}
      onFocus={poke}
      style={{ cursor: showControls ? undefined : 'none' }}
    >
      {/* The <video> is made (or taken from the first-frame boot) by the layout effect above, inside this slot. */}
      <div ref={slotRef} className="size-full" onClick={togglePlay} />
      {video && trackMode && createPortal(captions.map((c) => <track key={c.language + c.url} kind="subtitles" src={c.url} srcLang={c.language} label={c.language} />), video)}
      {overlay}
      <PlayerControls
        visible={showControls}
        playing={playing}
        waiting={waiting && playing}
        time={time}
        duration={duration}
        buffered={buffered}
        volume={volume}
        muted={muted}
        speed={speed}
        speeds={SPEEDS}
        qualities={qualities}
        quality={quality}
        activeRendition={activeRendition}
        renditions={renditions}
        captions={captionOptions}
        caption={caption}
        fullscreen={fullscreen}
        pipSupported={pipSupported}
        dataSaver={dataSaver}
        dataSaverSource={dataSaverSource}
        dataSaverMaxHeight={dataSaverMaxHeight}
        onDataSaverChange={onDataSaverChange}
        onMenuOpenChange={controls.setMenuOpen}
        onTogglePlay={togglePlay}
        onSeek={seekTo}
        onVolume={setVolume}
        onToggleMute={toggleMute}
        onSpeed={setSpeed}
        onQuality={setQuality}
        onCaption={setCaption}
        onToggleCaptions={toggleCaptions}
        onToggleFullscreen={toggleFullscreen}
        onTogglePip={togglePip}
      />
    </div>
  );
}
