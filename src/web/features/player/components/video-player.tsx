import type HlsType from 'hls.js';
import type { ExtendedSourceBuffer } from 'hls.js';
import type { ReactNode, RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CaptionTrack, DataSaverHeight, DataSaverSource, PlaybackRendition } from '../../../../shared/contracts/playback';
import { claimBoot, takeBootVideo } from '../../../boot/handle';
import { writeStored } from '../../../lib/storage';
import { withFreshSignature } from '../lib/signed-url-cache';
import { bufferedAhead, readyToStart } from '../lib/start-gate';
import { DEFAULT_VOLUME, MUTED_KEY, storedMuted, storedVolume, VOLUME_KEY } from '../lib/volume';

export { DEFAULT_VOLUME, storedVolume };
import { renditionName } from '../lib/time-format';
import type { DataSaverChoice } from './data-figures';
import { PlayerControls, type CaptionOption, type QualityOption } from './player-controls';
import { useMediaSession } from '../hooks/use-media-session';

export type PlaybackFailure = 'network' | 'decode' | 'unsupported' | 'aborted' | 'failed';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** Controls hide after this long without pointer, touch or key activity while playing (docs/product/viewer.md §9: 3 s). */
export const CONTROLS_HIDE_MS = 3000;
/** Seconds the arrow keys seek. */
export const SEEK_STEP_SECONDS = 10;
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

let hlsModule: Promise<typeof import('hls.js')> | null = null;
/**
 * hls.js (its own ~150 KB chunk), loaded once. The player page calls it as it opens, so the download runs beside
 * the playback request instead of after it (time to first frame on a first visit, bench/playback). Browsers
 * without Media Source Extensions play HLS natively and never load it (null).
 */
export function loadHls(): Promise<typeof import('hls.js')> | null {
  if (!hasMediaSource()) return null;
  // A failed download (network gone) is not kept: Retry Video asks again.
  hlsModule ??= import('hls.js').catch((e: unknown) => {
    hlsModule = null;
    throw e;
  });
  return hlsModule;
}


function nativeFailure(error: MediaError | null): PlaybackFailure {
  switch (error?.code) {
    case 1:
      return 'aborted';
    case 2:
      return 'network';
    case 3:
      return 'decode';
    case 4:
      return 'unsupported';
    default:
      return 'failed';
  }
}


const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

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
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, poster, title, startAt = 0, captions = [], captionLanguage, renditions = [], dataSaver = null, dataSaverSource, dataSaverMaxHeight, onDataSaverChange, overlay } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState(0);
  const [waiting, setWaiting] = useState(true);
  const [volume, setVolumeState] = useState(storedVolume);
  const [muted, setMutedState] = useState(storedMuted);
  const [speed, setSpeedState] = useState(1);
  const [qualities, setQualities] = useState<QualityOption[]>([]);
  const [quality, setQualityState] = useState(-1);
  const [activeRendition, setActiveRendition] = useState('');
  const [captionOptions, setCaptionOptions] = useState<CaptionOption[]>([]);
  const [caption, setCaptionState] = useState(-1);
  const [trackMode, setTrackMode] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const lastCaption = useRef(-1);
  /** The caption language the viewer picked ('' for off), null until they pick: then the interface language. */
  const captionChoice = useRef<string | null>(null);
  /** Set when the viewer presses play or pause: the start gate then leaves the decision to them. */
  const viewerChose = useRef(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const slotRef = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  /** The element this player plays in, kept across a StrictMode re-run of its effect. */
  const element = useRef<HTMLVideoElement | null>(null);
  /** Whether the element came from the first-frame boot (its MediaSource goes to hls.js). */
  const fromBoot = useRef(false);

  // --- the <video> element ------------------------------------------------------------------------------
  // Made here rather than by React, so the first-frame boot's element (already playing, ADR 030) can take its
  // place: moved in the same task, it does not pause (HTML: a media element re-inserted before the next stable
  // state keeps playing).
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

  // --- source loading -------------------------------------------------------------------------------------
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = storedVolume();
    video.muted = storedMuted();
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (f: PlaybackFailure) => {
      if (!cancelled) callbacks.current.onFailure(f);
    };
    const tryPlay = () => void video.play().catch(() => undefined);
    setQualities([]);
    setQualityState(-1);
    setCaptionOptions([]);
    setCaptionState(-1);
    setTrackMode(false);
    setWaiting(true);

    // The first-frame boot's media (ADR 030), when this player took its element; any other player stops the boot.
    const tookBoot = fromBoot.current;
    fromBoot.current = false;
    const booted = claimBoot()?.catch(() => null) ?? Promise.resolve(null);
    const hlsLoading = loadHls();
    if (hlsLoading) {
      Promise.all([hlsLoading, tookBoot ? booted : Promise.resolve(null)])
        .then(([{ default: Hls }, media]) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            fail('unsupported');
            return;
          }
          // The boot gave up after its element was taken: the element starts again, empty.
          if (tookBoot && !media) {
            video.removeAttribute('src');
            video.load();
          }
          const hls = new Hls({
            // No startLevel: the server lists the start rendition first; without an estimate ABR assumes 500 kb/s.
            // Adopted media: the boot's measure of the link. Not its variant index as startLevel: hls.js orders its
            // levels by bit rate, the master playlist lists the start rendition first.
            abrEwmaDefaultEstimate: media?.bandwidthBps || 500_000,
            capLevelToPlayerSize: true,
            // Adopted media goes on from where the boot's playback is.
            startPosition: media ? video.currentTime : startAt > 0 ? startAt : -1,
            // Mobile data is costly: buffer about a minute ahead, not ten (ADR 006).
            maxBufferLength: 30,
            maxMaxBufferLength: 60,
            backBufferLength: 30,
            xhrSetup: (xhr, url) => {
              const fresh = callbacks.current.latestUrl?.current;
              const target = fresh ? withFreshSignature(url, new URL(fresh, window.location.href).href) : url;
              if (target !== url) xhr.open('GET', target, true);
            },
          });
          hlsRef.current = hls;
          let mediaRecoveries = 0;
          hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
            setQualities(
              data.levels.map((l, index) => ({ index, name: renditionName(l.width, l.height) || `${Math.round(l.bitrate / 1000)} kb/s`, bitrate: l.averageBitrate || l.bitrate })),
            );
            // <track> captions only when the master playlist lists no subtitles. Read from the manifest, not from
            // hls.subtitleTracks (the active group's, filled when a level first loads): on adopted media the level
            // loads after this event, and both hls.js's tracks and ours were made (en, rw, en, rw; ADR 030).
            if (data.subtitleTracks.length === 0 && callbacks.current.captions?.length) setTrackMode(true);
          });
          // Playback starts when the buffer can carry it (start-gate.ts, ADR 013), not on the first frame.
          let started = media?.started ?? false;
          viewerChose.current = false;
          const maybeStart = () => {
            if (started || viewerChose.current) return;
            const ahead = bufferedAhead(video);
            const level = hls.levels[hls.loadLevel] ?? hls.levels[0];
            const remaining = Number.isFinite(video.duration) ? video.duration - video.currentTime : Infinity;
            if (readyToStart({ bufferedAhead: ahead, remaining, bandwidthBps: hls.bandwidthEstimate, bitrateBps: level?.averageBitrate || level?.bitrate || 0 })) {
              started = true;
              tryPlay();
            }
          };
          hls.on(Hls.Events.FRAG_BUFFERED, maybeStart);
          // After adopting, hls.js fetches again fragments the boot fetched (the one at the playhead, to learn its
          // tracks, and what the hand-over cut short or the boot had buffered): the browser's cache answers in
          // milliseconds, which hls.js's estimate would take for the link's speed and jump to the top rendition on
          // a slow link (bench/playback at 700 kb/s: a 352p fragment for 5 s, then a stall). Such a fragment's load
          // is given the time the boot's own fetch of it took, before hls.js samples it (on FRAG_BUFFERED).
          if (media) {
            hls.on(Hls.Events.FRAG_LOADED, (_e, data) => {
              const ms = media.loads.get(data.frag.url);
              const loading = data.frag.stats.loading;
              if (ms !== undefined && loading.end - loading.start < ms) loading.start = loading.end - ms;
            });
          }
          hls.on(Hls.Events.BUFFER_EOS, () => {
            if (!started && !viewerChose.current) {
              started = true;
              tryPlay();
            }
          });
          hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
            const l = hls.levels[data.level];
            if (l) setActiveRendition(renditionName(l.width, l.height));
          });
          hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
            const options = data.subtitleTracks.map((t) => ({ id: t.id, lang: t.lang ?? '', label: t.name || t.lang || String(t.id) }));
            setCaptionOptions(options);
            // hls.js sends this again when a quality switch moves to another subtitle group: the viewer's pick stays.
            const wanted = captionChoice.current ?? callbacks.current.captionLanguage;
            const preferred = wanted ? options.find((o) => o.lang === wanted) : undefined;
            // Chosen once hls.js is done with the event: right after sending it, hls.js selects its own default
            // track (none: the playlist marks no DEFAULT), which would undo a choice made here whenever the media is
            // not attached yet (adopted media, ADR 030).
            queueMicrotask(() => {
              if (hlsRef.current !== hls) return;
              hls.subtitleDisplay = !!preferred;
              hls.subtitleTrack = preferred ? preferred.id : -1;
              setCaptionState(preferred ? preferred.id : -1);
              if (preferred) lastCaption.current = preferred.id;
            });
          });
          hls.on(Hls.Events.SUBTITLE_TRACK_SWITCH, (_e, data) => setCaptionState(hls.subtitleDisplay ? data.id : -1));
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
              mediaRecoveries += 1;
              hls.recoverMediaError();
              return;
            }
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) fail('network');
            else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) fail('decode');
            else fail('failed');
          });
          hls.loadSource(src);
          // hls.js takes a transferred MediaSource and its SourceBuffers as they are (its muxed fMP4 track is
          // `audiovideo`, as the boot's one SourceBuffer is); its buffer controller waits for the playlist's codecs.
          hls.attachMedia(
            media
              ? { media: video, mediaSource: media.mediaSource, tracks: { audiovideo: { id: 'main', container: 'video/mp4', codec: media.codec, buffer: media.sourceBuffer as ExtendedSourceBuffer, listeners: [] } } }
              : video,
          );
          destroy = () => {
            hls.destroy();
            hlsRef.current = null;
          };
        })
        .catch(() => fail('failed'));
    } else if (video.canPlayType(HLS_MIME)) {
      setTrackMode(true);
      const onError = () => fail(nativeFailure(video.error));
      const onLoaded = () => {
        if (startAt > 0) video.currentTime = startAt;
        tryPlay();
      };
      video.addEventListener('error', onError);
      video.addEventListener('loadedmetadata', onLoaded, { once: true });
      video.src = src;
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('loadedmetadata', onLoaded);
        video.removeAttribute('src');
        video.load();
      };
    } else {
      fail('unsupported');
    }

    return () => {
      cancelled = true;
      destroy?.();
    };
    // startAt is read once per source: a new position comes with a new source.
  }, [src]);

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

  // --- commands --------------------------------------------------------------------------------------------
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
    setSpeedState(rate);
  }, []);

  const setQuality = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // A manual choice switches now (flushing what was buffered at the old quality); Auto lets ABR decide.
    hls.currentLevel = index;
    setQualityState(index);
  }, []);

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

  // --- controls visibility ---------------------------------------------------------------------------------
  const poke = useCallback(() => {
    setControlsVisible(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // The element's events (it is not React's: it may come from the first-frame boot, ADR 030).
  useEffect(() => {
    if (!video) return;
    const report = () => callbacks.current.onTime?.(video.currentTime, Number.isFinite(video.duration) ? video.duration : 0);
    const handlers: Record<string, () => void> = {
      play: () => {
        setPlaying(true);
        poke();
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
  }, [video, poke]);
  const showControls = controlsVisible || !playing || menuOpen;

  useEffect(() => {
    const onFs = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onFs);
    return () => document.removeEventListener('fullscreenchange', onFs);
  }, []);

  // --- keyboard --------------------------------------------------------------------------------------------
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

  const activeName = quality >= 0 ? (qualities.find((q) => q.index === quality)?.name ?? activeRendition) : activeRendition;

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
        onMenuOpenChange={setMenuOpen}
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
