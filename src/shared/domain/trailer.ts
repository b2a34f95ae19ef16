/**
 * Trailer links (docs/product/viewer.md §5: "Trailer links from the video-sharing site are converted to embed form
 * with autoplay"). YouTube watch, shorts, live, embed and youtu.be links become
 * `https://www.youtube.com/embed/{id}?autoplay=1`; anything else gives null, since the site's Content Security
 * Policy frames YouTube only (src/server/plugins/security.ts).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The 11-character YouTube video id of a link, or null when the link is not a YouTube video link. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v', 'e'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The embed URL (autoplay) of a trailer link, or null for an empty or non-YouTube link. */
export function trailerEmbedUrl(link: string | null | undefined): string | null {
  if (!link || !link.trim()) return null;
  const id = youtubeVideoId(link);
  return id ? `https://www.youtube.com/embed/${id}?autoplay=1` : null;
}
