/**
 * The master playlist as served to one viewer (ADR 009: captions, quality cap, start rendition). Pure text functions.
 *
 * The stored `master.m3u8` (written by providers/transcoder/hls-master.ts, lowest first) is parsed and rendered
 * again per request with only the renditions within the viewer's cap, the start rendition first
 * (`startFirstOrder`, src/shared/domain/entitlements.ts), and the caption tracks as one SUBTITLES group
 * (RFC 8216 section 4.3.4.1 EXT-X-MEDIA, 4.3.4.2 SUBTITLES attribute). Variant URIs stay relative, so they keep
 * inheriting the signed path prefix.
 */
import { allowedRenditions, startFirstOrder } from '../../../shared/domain/entitlements.js';
import { INTERFACE_LANGUAGES } from '../../../shared/domain/languages.js';

/** One variant of a master playlist. Bitrates bits per second, sizes pixels. */
export interface Variant {
  uri: string;
  /** The attribute list as written (without SUBTITLES). */
  attrs: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
}

const attr = (list: string, name: string) => new RegExp(`(?:^|,)${name}=("[^"]*"|[^,]*)`).exec(list)?.[1]?.replace(/^"|"$/g, '');

/** Parses the variants of a master playlist (EXT-X-STREAM-INF + URI), in order. */
export function parseMaster(text: string): Variant[] {
  const out: Variant[] = [];
  let pending: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) pending = line.slice('#EXT-X-STREAM-INF:'.length);
    else if (line && !line.startsWith('#') && pending !== null) {
      const [w, h] = (attr(pending, 'RESOLUTION') ?? '0x0').split('x').map(Number);
      const bandwidth = Number(attr(pending, 'BANDWIDTH') ?? 0);
      out.push({ uri: line, attrs: pending.replace(/(?:^|,)SUBTITLES="[^"]*"/, ''), bandwidth, averageBandwidth: Number(attr(pending, 'AVERAGE-BANDWIDTH') ?? bandwidth), width: w ?? 0, height: h ?? 0 });
      pending = null;
    }
  }
  return out;
}

const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(INTERFACE_LANGUAGES.map((l) => [l.code, l.label]));
/** Relative URI of a caption track's media playlist inside the signed folder. */
export const captionPlaylistUri = (language: string) => `captions/${language}.m3u8`;
/** Relative URI of a caption track's WebVTT file inside the signed folder. */
export const captionFileUri = (language: string) => `captions/${language}.vtt`;

/**
 * The master playlist for one viewer: variants within `maxHeight` (short side, null: all), start rendition first,
 * and a SUBTITLES group "subs" listing `captionLanguages` (none: no group).
 */
export function renderViewerMaster(variants: readonly Variant[], maxHeight: number | null, captionLanguages: readonly string[]): string {
  const chosen = startFirstOrder(allowedRenditions(variants, maxHeight));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const lang of captionLanguages) {
    lines.push(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${LANGUAGE_NAMES[lang] ?? lang}",LANGUAGE="${lang}",DEFAULT=NO,AUTOSELECT=YES,URI="${captionPlaylistUri(lang)}"`);
  }
  for (const v of chosen) {
    lines.push(`#EXT-X-STREAM-INF:${v.attrs}${captionLanguages.length ? ',SUBTITLES="subs"' : ''}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** A one-segment VOD media playlist for a WebVTT file of a video lasting `durationSeconds` (RFC 8216 section 3.5). */
export function captionMediaPlaylist(language: string, durationSeconds: number): string {
  const d = Math.max(1, durationSeconds);
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(d)}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', `#EXTINF:${d.toFixed(3)},`, `${language}.vtt`, '#EXT-X-ENDLIST', ''].join('\n');
}

/**
 * The URI of the segment that holds `seconds` (the one a player starting there fetches first): the last whose
 * start is at or before it, the first for 0 or less, null for a playlist without segments. Durations are the
 * EXTINF values in seconds. Pure.
 */
export function segmentAt(segments: readonly { uri: string; durationSeconds: number }[], seconds: number): string | null {
  let start = 0;
  let found: string | null = segments[0]?.uri ?? null;
  for (const s of segments) {
    if (start > seconds) break;
    found = s.uri;
    start += s.durationSeconds;
  }
  return found;
}
