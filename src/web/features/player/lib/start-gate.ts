/**
 * When the player may start (ADR 013). The first segment is cut to 1 s so the first frame comes early, but a
 * player that starts with 1 s of video in its buffer on a link barely faster than the film stalls a few seconds
 * later (bench/playback at 700 kb/s: 4 stalls in the first minute). So it starts at once only when the link is
 * clearly faster than the rendition; otherwise it waits for a buffer that covers fetching what comes next.
 */

/** Seconds of video that must be buffered ahead before any start. */
export const MIN_START_BUFFER_SECONDS = 1;
/** Buffer that always allows the start, seconds: one full 4 s segment (ADR 013). */
export const SAFE_START_BUFFER_SECONDS = 4;
/** How much faster than the rendition's bitrate the link must be for a start on MIN_START_BUFFER_SECONDS. */
export const FAST_LINK_RATIO = 2;

export interface StartGateInput {
  /** Seconds buffered ahead of the playhead. */
  bufferedAhead: number;
  /** Seconds from the playhead to the end of the video (Infinity when unknown). */
  remaining: number;
  /** The player's bandwidth estimate, bits per second (0 or NaN when it has none). */
  bandwidthBps: number;
  /** Average bitrate of the rendition being fetched, bits per second. */
  bitrateBps: number;
}

/** Whether playback may start now. Pure. */
export function readyToStart(i: StartGateInput): boolean {
  if (i.bufferedAhead >= Math.min(SAFE_START_BUFFER_SECONDS, i.remaining - 0.1)) return true;
  if (i.bufferedAhead < MIN_START_BUFFER_SECONDS) return false;
  return i.bitrateBps > 0 && i.bandwidthBps >= FAST_LINK_RATIO * i.bitrateBps;
}

/** Seconds buffered ahead of the playhead in the buffered range that holds it (0 when none does). */
export function bufferedAhead(video: HTMLVideoElement): number {
  const t = video.currentTime;
  for (let i = 0; i < video.buffered.length; i++) {
    if (video.buffered.start(i) <= t + 0.25 && t < video.buffered.end(i)) return video.buffered.end(i) - t;
  }
  return 0;
}
