import type HlsType from 'hls.js';
import type { ExtendedSourceBuffer } from 'hls.js';
import type { RefObject } from 'react';
import { useEffect } from 'react';
import type { CaptionTrack } from '../../../../shared/contracts/playback';
import { claimBoot } from '../../../boot/handle';
import { loadHls, nativeFailure, type PlaybackFailure } from '../lib/load-hls';
import { withFreshSignature } from '../lib/signed-url-cache';
import { bufferedAhead, readyToStart } from '../lib/start-gate';
import { renditionName } from '../lib/time-format';
import { storedMuted, storedVolume } from '../lib/volume';
import type { CaptionsState } from './use-captions';
import type { QualityState } from './use-quality';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** What the source hook reads at the time it needs it (the player's latest props). */
export interface SourceCallbacks {
  latestUrl?: RefObject<string>;
  captions?: CaptionTrack[];
  captionLanguage?: string;
  onFailure: (failure: PlaybackFailure) => void;
}

/**
 * Loads `src` into the player's element, once per source: hls.js where Media Source Extensions exist (adopting the
 * first-frame boot's MediaSource when the element came from it, ADR 030), the browser's own HLS otherwise.
 * - Starts on the rendition the server lists first, or by a 500 kb/s estimate (ADR 006, ADR 009), then adapts;
 *   buffers at most about a minute ahead; plays once the start gate says the buffer can carry it (start-gate.ts,
 *   ADR 013), unless the viewer chose play or pause first (`viewerChose`).
 * - Requests under an old signature are moved onto `latestUrl` (xhrSetup), so a refresh never interrupts playback.
 * - Fills the quality and caption options; one media error is recovered, other fatal errors call `onFailure`.
 */
export function useHlsSource(opts: {
  src: string;
  startAt: number;
  videoRef: RefObject<HTMLVideoElement | null>;
  fromBoot: RefObject<boolean>;
  hlsRef: RefObject<HlsType | null>;
  viewerChose: RefObject<boolean>;
  callbacks: RefObject<SourceCallbacks>;
  captionsState: CaptionsState;
  qualityState: QualityState;
  setWaiting: (waiting: boolean) => void;
}) {
  const { src, startAt, videoRef, fromBoot, hlsRef, viewerChose, callbacks, setWaiting } = opts;
  const { setCaptionOptions, setCaptionState, setTrackMode, lastCaption, captionChoice } = opts.captionsState;
  const { setQualities, setQualityState, setActiveRendition } = opts.qualityState;
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
}
