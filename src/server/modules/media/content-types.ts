/**
 * Content types of the media files Sobanura stores and serves, by extension: HLS playlists (RFC 8216 section 4:
 * application/vnd.apple.mpegurl), MPEG-TS and fragmented MP4 segments, MP4 downloads, WebVTT captions, WebP images.
 */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  webp: 'image/webp',
};

/** The content type of a file or object key by its extension; `application/octet-stream` when unknown. */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
