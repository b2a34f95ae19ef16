/**
 * Rewrites the HLS master playlist after ffmpeg, so that it lists the renditions lowest first with
 * relative URIs (`720p/index.m3u8`), RESOLUTION, CODECS, and BANDWIDTH measured from the segments
 * written (relative, so that every URI inherits the signed path prefix, ADR 003; BANDWIDTH, RESOLUTION and
 * CODECS are EXT-X-STREAM-INF attributes, RFC 8216 section 4.3.4.2).
 *
 * Why measure: ffmpeg declares BANDWIDTH as 1.1x the target bitrates, but the HLS spec (RFC 8216
 * section 4.3.4.2) wants the peak segment bitrate, and players choose renditions from it. MPEG-TS
 * overhead and VBV peaks make the real figure differ from the target.
 *
 * Fragmented-MP4 renditions (ADR 026) are measured the same way from their `.m4s` segments; the init segment
 * (EXT-X-MAP), fetched once per rendition, is counted once: in the total (AVERAGE-BANDWIDTH) and with the first
 * segment, never per segment.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Rung } from '../../../shared/domain/ladder.js';
import { HLS_SEGMENT_SECONDS, MASTER_PLAYLIST, MEDIA_PLAYLIST } from './ffmpeg-args.js';
import { initSegmentUri } from './init-segment.js';
import { runTool } from './run-tool.js';

/** A segment listed in a media playlist: its URI and EXTINF duration in seconds. */
export interface MediaSegment {
  uri: string;
  durationSeconds: number;
}

/** Measured bitrates of one rendition, bits per second (segments' bytes, TS or fMP4 overhead included). */
export interface MeasuredBitrate {
  /** Peak segment bit rate as RFC 8216 section 4.3.4.2 defines it (see peakSegmentBitrate). */
  peak: number;
  /** Total bytes over total duration. */
  average: number;
}

/** Parses the segments of a media playlist (EXTINF + URI lines). Pure. */
export function parseMediaPlaylist(text: string): MediaSegment[] {
  const segments: MediaSegment[] = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, durationSeconds: duration });
      duration = null;
    }
  }
  return segments;
}

/** Maps each variant URI of a master playlist to its CODECS attribute. Pure. */
export function codecsByUri(masterText: string): Map<string, string> {
  const result = new Map<string, string>();
  let codecs: string | null = null;
  for (const raw of masterText.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      codecs = /CODECS="([^"]+)"/.exec(line)?.[1] ?? null;
    } else if (line && !line.startsWith('#')) {
      if (codecs) result.set(line, codecs);
      codecs = null;
    }
  }
  return result;
}

/**
 * The peak segment bit rate of RFC 8216 section 4.3.4.2: the largest bit rate of any contiguous set of
 * segments whose total duration is between 0.5 and 1.5 times the target duration. A short first segment
 * (ADR 013) or a short last one is measured together with its neighbours, not alone. Falls back to the
 * whole playlist's rate when no set qualifies (a film shorter than half the target duration). Pure.
 * @param segments bits and seconds of each segment, in playlist order
 * @param targetSeconds EXT-X-TARGETDURATION, seconds
 */
export function peakSegmentBitrate(segments: readonly { bits: number; seconds: number }[], targetSeconds: number): number {
  let peak = 0;
  for (let i = 0; i < segments.length; i++) {
    let bits = 0;
    let seconds = 0;
    for (let j = i; j < segments.length && seconds <= 1.5 * targetSeconds; j++) {
      bits += segments[j]!.bits;
      seconds += segments[j]!.seconds;
      if (seconds >= 0.5 * targetSeconds && seconds <= 1.5 * targetSeconds) peak = Math.max(peak, bits / seconds);
    }
  }
  if (peak > 0) return Math.round(peak);
  const total = segments.reduce((a, s) => ({ bits: a.bits + s.bits, seconds: a.seconds + s.seconds }), { bits: 0, seconds: 0 });
  return total.seconds > 0 ? Math.round(total.bits / total.seconds) : 0;
}

/**
 * Measures a rendition's bitrates from its playlist's segments on disk (target duration in seconds). `initUri`,
 * a fragmented-MP4 rendition's init segment (ADR 026), is counted once, with the first segment.
 * @throws Error (ENOENT) when a listed file is missing
 */
export async function measureRendition(renditionDir: string, segments: readonly MediaSegment[], targetSeconds: number, initUri: string | null = null): Promise<MeasuredBitrate> {
  const initBits = initUri ? (await stat(path.join(renditionDir, initUri))).size * 8 : 0;
  const sized = await Promise.all(segments.map(async (s, i) => ({ bits: (await stat(path.join(renditionDir, s.uri))).size * 8 + (i === 0 ? initBits : 0), seconds: s.durationSeconds })));
  const totalBits = sized.reduce((a, s) => a + s.bits, 0);
  const totalSeconds = sized.reduce((a, s) => a + s.seconds, 0);
  const average = totalSeconds > 0 ? Math.round(totalBits / totalSeconds) : 0;
  return { peak: Math.max(peakSegmentBitrate(sized, targetSeconds), average), average };
}

/**
 * The CODECS string of a rendition from its first segment (an fMP4 rendition's init segment, which holds the
 * avcC and esds), for when ffmpeg's master has none:
 * "avc1.PPCCLL,mp4a.40.2" with the H.264 profile and level ffprobe reads (constraint flags 00, as x264
 * writes for High).
 */
async function codecsFromSegment(ffprobePath: string, segmentFile: string): Promise<string> {
  const run = await runTool('ffprobe', ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=profile,level', '-of', 'json', segmentFile,
  ], { collectStdout: true });
  const stream = (JSON.parse(run.stdout.toString('utf8') || '{}') as { streams?: Array<{ profile?: string; level?: number }> }).streams?.[0];
  const profileIdc = ({ High: 0x64, Main: 0x4d, Baseline: 0x42, 'Constrained Baseline': 0x42 } as Record<string, number>)[stream?.profile ?? ''] ?? 0x64;
  const level = stream?.level && stream.level > 0 ? stream.level : 40;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(profileIdc)}00${hex(level)},mp4a.40.2`;
}

/** One variant line of the master playlist as written. Bitrates in bits per second. */
export interface MasterVariant {
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  codecs: string;
}

/**
 * Renders a master playlist, variants in the given order. `version` is EXT-X-VERSION: 6 for MPEG-TS ladders,
 * 7 for fragmented MP4 (ADR 026: the version ffmpeg gives their media playlists, which carry EXT-X-MAP). Pure.
 */
export function renderMasterPlaylist(variants: readonly MasterVariant[], version = 6): string {
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${version}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    const attrs = [
      `BANDWIDTH=${v.bandwidth}`,
      `AVERAGE-BANDWIDTH=${v.averageBandwidth}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `CODECS="${v.codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Rewrites `outDir/master.m3u8` for the rungs produced, lowest first (a player on a slow, costly
 * connection starts low). Throws when a rendition's playlist is missing or lists no segment.
 */
export async function writeMasterPlaylist(outDir: string, rungs: readonly Rung[], ffprobePath: string): Promise<void> {
  const masterFile = path.join(outDir, MASTER_PLAYLIST);
  const ffmpegCodecs = codecsByUri(await readFile(masterFile, 'utf8').catch(() => ''));
  const variants: MasterVariant[] = [];
  let fmp4 = false;
  for (const rung of rungs) {
    const uri = `${rung.name}/${MEDIA_PLAYLIST}`;
    const renditionDir = path.join(outDir, rung.name);
    const text = await readFile(path.join(outDir, uri), 'utf8');
    const segments = parseMediaPlaylist(text);
    if (segments.length === 0) throw new Error(`ffmpeg wrote no segment for rendition ${rung.name} in ${outDir}`);
    const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]) || HLS_SEGMENT_SECONDS;
    const initUri = initSegmentUri(text);
    fmp4 ||= initUri !== null;
    const measured = await measureRendition(renditionDir, segments, target, initUri);
    const codecs = ffmpegCodecs.get(uri) ?? (await codecsFromSegment(ffprobePath, path.join(renditionDir, initUri ?? segments[0]!.uri)));
    variants.push({
      uri,
      bandwidth: measured.peak,
      averageBandwidth: measured.average,
      width: rung.width,
      height: rung.height,
      codecs,
    });
  }
  await writeFile(masterFile, renderMasterPlaylist(variants, fmp4 ? 7 : 6));
}
