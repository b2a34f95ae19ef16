/**
 * hls.js (its own ~150 KB chunk), loaded once, and what the player makes of a native media error.
 */
export type PlaybackFailure = 'network' | 'decode' | 'unsupported' | 'aborted' | 'failed';

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

/** The failure a native `MediaError` code stands for (HTML: 1 aborted, 2 network, 3 decode, 4 unsupported). */
export function nativeFailure(error: MediaError | null): PlaybackFailure {
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
