/**
 * Data cost of the playback bench's film per rendition, for both segment packagings: the film is transcoded once
 * as MPEG-TS (`.ts` segments, the ladders before ADR 026) and once as fragmented MP4 (CMAF: `init.mp4` plus `.m4s`,
 * ADR 026) by the product's own FfmpegTranscoder, with the same encoder settings (x264 is deterministic, so the two
 * runs carry the same video and audio; only the packaging differs), each into its own temporary folder.
 *
 * For each rendition: bytes = every file its media playlist names (the segments, and the init segment of
 * #EXT-X-MAP), the playlists not (a few hundred bytes, fetched once); seconds = the sum of the media playlist's #EXTINF durations; megabytes per
 * hour = bytes / seconds x 3600 / 10^6 (decimal MB, as the "0.3 GB an hour"). The difference is
 * (fMP4 - MPEG-TS) / MPEG-TS in percent (negative: fMP4 is lighter).
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';

/** The two packagings compared (FfmpegTranscoderOptions.segmentType). */
export type Packaging = 'mpegts' | 'fmp4';

/** One rendition's measured cost. Bytes, seconds, decimal megabytes per hour. */
export interface RenditionCost {
  name: string;
  bytes: number;
  seconds: number;
  mbPerHour: number;
}

/** Sum of the #EXTINF durations of a media playlist's text, in seconds. */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const m of playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(m[1]);
  return total;
}

/** Decimal megabytes per hour of `bytes` over `seconds`; RangeError when seconds is not positive. */
export function megabytesPerHour(bytes: number, seconds: number): number {
  if (!(seconds > 0)) throw new RangeError(`no duration to divide by (${seconds} s)`);
  return (bytes / seconds) * 3600 / 1e6;
}

/** The files a media playlist names: its segment URIs and the #EXT-X-MAP init segment, in order, without repeats. */
export function playlistFiles(playlist: string): string[] {
  const files = new Set<string>();
  for (const line of playlist.split(/\r?\n/)) {
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) files.add(map[1]!);
    else if (line.trim() && !line.startsWith('#')) files.add(line.trim());
  }
  return [...files];
}

/** Measures every rendition folder of a ladder written by FfmpegTranscoder (see the module's comment). */
export async function measureLadder(dir: string, renditions: string[]): Promise<RenditionCost[]> {
  const out: RenditionCost[] = [];
  for (const name of renditions) {
    const folder = path.join(dir, name);
    const playlist = await readFile(path.join(folder, 'index.m3u8'), 'utf8');
    let bytes = 0;
    for (const f of playlistFiles(playlist)) bytes += (await stat(path.join(folder, f))).size;
    const seconds = playlistSeconds(playlist);
    out.push({ name, bytes, seconds, mbPerHour: megabytesPerHour(bytes, seconds) });
  }
  return out;
}

/** Transcodes `source` with the given packaging into a temporary folder, measures it, deletes the folder. */
export async function costOf(source: string, segmentType: Packaging, ffmpegPath?: string, ffprobePath?: string): Promise<RenditionCost[]> {
  const transcoder = new FfmpegTranscoder({ segmentType, ...(ffmpegPath ? { ffmpegPath } : {}), ...(ffprobePath ? { ffprobePath } : {}) });
  const dir = await mkdtemp(path.join(os.tmpdir(), `sobanura-bench-${segmentType}-`));
  try {
    const facts = await transcoder.probe(source);
    const result = await transcoder.transcodeToHls(source, dir, facts);
    return await measureLadder(dir, result.renditions.map((r) => r.name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The lines the bench prints: one per rendition, MPEG-TS then fMP4 MB per hour and the difference in %. */
export function costLines(before: RenditionCost[], after: RenditionCost[]): string[] {
  const lines: string[] = [];
  for (const ts of before) {
    const mp4 = after.find((r) => r.name === ts.name);
    if (!mp4) {
      lines.push(`  ${ts.name}: MPEG-TS ${ts.mbPerHour.toFixed(1)} MB/h; fMP4 has no such rendition`);
      continue;
    }
    const diff = ((mp4.mbPerHour - ts.mbPerHour) / ts.mbPerHour) * 100;
    lines.push(
      `  ${ts.name.padEnd(5)} MPEG-TS ${ts.mbPerHour.toFixed(1).padStart(6)} MB/h (${(ts.bytes / 1e6).toFixed(2)} MB over ${ts.seconds.toFixed(1)} s)` +
        `   fMP4 ${mp4.mbPerHour.toFixed(1).padStart(6)} MB/h (${(mp4.bytes / 1e6).toFixed(2)} MB over ${mp4.seconds.toFixed(1)} s)   ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} %`,
    );
  }
  for (const mp4 of after) if (!before.some((r) => r.name === mp4.name)) lines.push(`  ${mp4.name}: fMP4 ${mp4.mbPerHour.toFixed(1)} MB/h; MPEG-TS has no such rendition`);
  return lines;
}
