/**
 * The little of HLS (RFC 8216) the first-frame boot needs from Sobanura's own playlists: the variants of a master
 * playlist and the init segment and segments of a media playlist. hls.js reads everything else once the app has
 * loaded (docs/decisions/030-first-frame-before-the-app.md). Pure; no I/O.
 */

/** One `#EXT-X-STREAM-INF` of a master playlist (RFC 8216 section 4.3.4.2). */
export interface Variant {
  /** The media playlist's address, resolved against the master playlist's. */
  url: string;
  /** Peak bit rate, bits per second (BANDWIDTH). */
  bandwidth: number;
  /** Average bit rate, bits per second (AVERAGE-BANDWIDTH), else the peak. */
  averageBandwidth: number;
  /** CODECS, e.g. `avc1.42c015,mp4a.40.2`; '' when absent. */
  codecs: string;
  /** Picture height in pixels (RESOLUTION), 0 when absent. */
  height: number;
}

/** One media segment of a media playlist: its address (resolved) and its place on the timeline, seconds. */
export interface Segment {
  url: string;
  start: number;
  duration: number;
}

/** A media playlist: its init segment (EXT-X-MAP, fMP4 only; null for MPEG-TS) and its segments in order. */
export interface MediaPlaylist {
  init: string | null;
  segments: Segment[];
  /** Sum of the segments' durations, seconds. */
  duration: number;
}

/** The attributes of a tag's attribute list (RFC 8216 section 4.2), quoted strings unquoted. */
export function attributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;
  for (let m = re.exec(list); m; m = re.exec(list)) out[m[1]!] = m[2]!.replace(/^"|"$/g, '');
  return out;
}

/** The variants of a master playlist at `base`, in the playlist's order (Sobanura lists the start rendition first). */
export function parseMaster(text: string, base: string): Variant[] {
  const lines = text.split(/\r?\n/);
  const variants: Variant[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const a = attributes(line.slice(line.indexOf(':') + 1));
    const uri = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.startsWith('#'));
    if (!uri) continue;
    const bandwidth = Number(a.BANDWIDTH) || 0;
    variants.push({
      url: new URL(uri.trim(), base).href,
      bandwidth,
      averageBandwidth: Number(a['AVERAGE-BANDWIDTH']) || bandwidth,
      codecs: a.CODECS ?? '',
      height: Number((a.RESOLUTION ?? '').split('x')[1]) || 0,
    });
  }
  return variants;
}

/** A VOD media playlist at `base`: EXT-X-MAP and each `#EXTINF` with the URI after it. */
export function parseMedia(text: string, base: string): MediaPlaylist {
  let init: string | null = null;
  const segments: Segment[] = [];
  let pending: number | null = null;
  let at = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = attributes(line.slice(line.indexOf(':') + 1)).URI;
      if (uri) init = new URL(uri, base).href;
    } else if (line.startsWith('#EXTINF:')) {
      pending = Number.parseFloat(line.slice(8)) || 0;
    } else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ url: new URL(line, base).href, start: at, duration: pending });
      at += pending;
      pending = null;
    }
  }
  return { init, segments, duration: at };
}

/** Index of the segment that holds `seconds` (the last one past the end, 0 before the start or when empty). */
export function segmentAt(playlist: MediaPlaylist, seconds: number): number {
  const i = playlist.segments.findIndex((s) => seconds < s.start + s.duration);
  return i < 0 ? Math.max(0, playlist.segments.length - 1) : i;
}

/**
 * The rendition the boot starts on: the best variant whose average bit rate fits in half the estimated link
 * (`bandwidthBps`, bits per second), never above the server's start rendition (the first variant, ADR 006 and
 * ADR 013); the lowest when none fits; the server's when there is no estimate. Half, as the start gate asks of a
 * start on one second of buffer (start-gate.ts FAST_LINK_RATIO), so the start is not followed by a stall.
 * @returns an index into `variants`, or -1 when there are none
 */
export function startVariant(variants: Variant[], bandwidthBps: number | null, ratio = 2): number {
  if (variants.length === 0) return -1;
  if (!bandwidthBps || !Number.isFinite(bandwidthBps)) return 0;
  const ceiling = variants[0]!.averageBandwidth;
  let best = -1;
  let lowest = 0;
  variants.forEach((v, i) => {
    if (v.averageBandwidth < variants[lowest]!.averageBandwidth) lowest = i;
    if (v.averageBandwidth > ceiling || v.averageBandwidth * ratio > bandwidthBps) return;
    if (best < 0 || v.averageBandwidth > variants[best]!.averageBandwidth) best = i;
  });
  return best < 0 ? lowest : best;
}
