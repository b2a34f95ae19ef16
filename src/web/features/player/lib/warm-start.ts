import type { PlaybackResponse } from '../../../../shared/contracts/playback';

/**
 * Fetches what the player will ask for first (ADR 013): the master playlist, the start rendition's media
 * playlist, its init segment (fMP4, ADR 026) and the segment at the start position, all at once, as soon as the signed URL arrives. hls.js asks
 * for them one after another (it learns each address from the one before); these requests fill the browser's
 * HTTP cache (the server marks them private and cacheable), and the player's own requests are answered from
 * it, or wait for the one already on the way, instead of each being one more round trip on a slow network.
 * Only where hls.js plays (Media Source Extensions): the browser's own HLS player does not share that cache.
 * Errors are ignored: the player asks again and shows its own error.
 * @returns the addresses fetched (empty when nothing was)
 */
export function warmStart(r: Pick<PlaybackResponse, 'url' | 'start'>, fetchFn: typeof fetch = fetch): string[] {
  const w = typeof window === 'undefined' ? undefined : (window as { MediaSource?: unknown; ManagedMediaSource?: unknown });
  if (!w?.MediaSource && !w?.ManagedMediaSource) return [];
  const urls = [r.url, r.start?.media, r.start?.init, r.start?.segment].filter((u): u is string => !!u);
  for (const url of urls) {
    // The body is read to the end so the cache entry is complete.
    void fetchFn(url, { credentials: 'same-origin' })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  }
  return urls;
}
