/**
 * A short first segment (ADR 013: time to first frame). ffmpeg's hls muxer writes VOD
 * playlists of equal segments (its `-hls_init_time` only applies to a sliding live list), so after the run the
 * first segment of each rendition is cut without re-encoding at the keyframes at FIRST_SEGMENT_CUTS_SECONDS
 * (1 s and 2 s): `seg_00000.ts` (4 s) becomes `seg_00000_0.ts` (0-1 s), `seg_00000_1.ts` (1-2 s) and
 * `seg_00000_2.ts` (2-4 s), and the media playlist lists them. Timestamps are kept, so the pieces sit on the
 * same timeline as every other segment. EXT-X-TARGETDURATION does not change (no piece is longer than the
 * segment was).
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSplitArgs, FALLBACK_FRAME_RATE, FIRST_SEGMENT_CUTS_SECONDS, MEDIA_PLAYLIST } from './ffmpeg-args.js';
import { splitFmp4Segment } from './fmp4-split.js';
import { parseMediaPlaylist } from './hls-master.js';
import { initSegmentUri } from './init-segment.js';
import { runTool } from './run-tool.js';

/** One piece the segment muxer wrote: file name and its start and end timestamps, seconds. */
export interface SplitPiece {
  file: string;
  start: number;
  end: number;
}

/** Parses the segment muxer's CSV list (`file,start,end` per line, seconds). Pure. */
export function parseSegmentList(csv: string): SplitPiece[] {
  return csv
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [file, start, end] = l.split(',');
      return { file: file ?? '', start: Number(start), end: Number(end) };
    });
}

/**
 * The media playlist with its first segment replaced by pieces. Every piece but the first gets the span of its
 * own timestamps (`laterSeconds`, from the list); the first gets the rest of the original EXTINF, so the
 * playlist's total duration is unchanged. Pure.
 * @param firstUri the URI of the first segment as listed (seg_00000.ts)
 * @param pieces the pieces' URIs in order (at least two)
 * @param laterSeconds durations of `pieces[1..]`, seconds
 * @throws Error when the playlist does not list `firstUri` first, or the pieces do not fit in its duration
 */
export function playlistWithSplitFirst(playlist: string, firstUri: string, pieces: readonly string[], laterSeconds: readonly number[]): string {
  const lines = playlist.split('\n');
  const uriAt = lines.findIndex((l) => l.trim() && !l.startsWith('#'));
  const extinfAt = uriAt - 1;
  if (uriAt < 1 || lines[uriAt]!.trim() !== firstUri || !lines[extinfAt]!.startsWith('#EXTINF:')) {
    throw new Error(`the media playlist does not start with ${firstUri}`);
  }
  if (pieces.length < 2 || laterSeconds.length !== pieces.length - 1) throw new Error('a cut needs at least two pieces and the durations of all but the first');
  const total = Number.parseFloat(lines[extinfAt]!.slice('#EXTINF:'.length));
  const first = total - laterSeconds.reduce((a, b) => a + b, 0);
  if (!laterSeconds.every((d) => d > 0) || !(first > 0)) throw new Error(`cannot cut a ${total} s segment into pieces of ${laterSeconds.join(', ')} s and the rest`);
  const durations = [first, ...laterSeconds];
  lines.splice(extinfAt, 2, ...pieces.flatMap((p, i) => [`#EXTINF:${durations[i]!.toFixed(6)},`, p]));
  return lines.join('\n');
}

/**
 * Cuts the first segment of the rendition in `renditionDir` at the keyframes at FIRST_SEGMENT_CUTS_SECONDS and
 * rewrites its media playlist (see the file comment). Cuts that fall past the segment's end are left out (a film
 * of 1.5 s gets none, one of 3 s one cut); the rendition stays as it was when no cut fits or ffmpeg finds no
 * keyframe to cut at.
 * @param frameRate frames per second of the encode (0 when unknown)
 * @returns the number of pieces the first segment became (1: not cut)
 * @throws Error carrying ffmpeg's stderr tail when the cut fails; the rendition is then left unchanged
 */
export async function splitFirstSegment(ffmpegPath: string, renditionDir: string, frameRate: number): Promise<number> {
  const playlistFile = path.join(renditionDir, MEDIA_PLAYLIST);
  const playlist = await readFile(playlistFile, 'utf8');
  const first = parseMediaPlaylist(playlist)[0];
  if (!first) return 1;
  // A cut must leave at least half a second after it.
  const cuts = FIRST_SEGMENT_CUTS_SECONDS.filter((c) => c + 0.5 <= first.durationSeconds);
  if (cuts.length === 0) return 1;
  const firstUri = first.uri;
  if (firstUri.endsWith('.m4s')) return splitFirstFmp4Segment(renditionDir, playlist, firstUri, cuts);
  const stem = firstUri.replace(/\.ts$/, '');
  const listFile = path.join(renditionDir, `${stem}.split.csv`);
  const fps = frameRate > 0 ? frameRate : FALLBACK_FRAME_RATE;
  let written: SplitPiece[] = [];
  const pieceFiles = [...cuts, 0].map((_, i) => `${stem}_${i}.ts`);
  const cleanUp = () => Promise.all([...pieceFiles.map((f) => rm(path.join(renditionDir, f), { force: true })), rm(listFile, { force: true })]);
  try {
    const run = await runTool('ffmpeg', ffmpegPath, buildSplitArgs(firstUri, cuts.map((c) => fps * c), `${stem}_%d.ts`, listFile), { cwd: renditionDir });
    written = await readFile(listFile, 'utf8').then(parseSegmentList, () => []);
    if (run.code !== 0) throw new Error(`ffmpeg could not cut ${firstUri} in ${renditionDir}: ${run.stderrTail.join('\n')}`);
    if (written.length < 2) {
      await cleanUp();
      return 1;
    }
    const next = playlistWithSplitFirst(playlist, firstUri, written.map((p) => p.file), written.slice(1).map((p) => p.end - p.start));
    await writeFile(`${playlistFile}.tmp`, next);
    await rename(`${playlistFile}.tmp`, playlistFile);
    await rm(listFile, { force: true });
    await rm(path.join(renditionDir, firstUri), { force: true });
    return written.length;
  } catch (e) {
    await cleanUp();
    throw e;
  }
}

/**
 * The fMP4 branch of splitFirstSegment: cuts `firstUri` with splitFmp4Segment at `cuts` (seconds), writes the
 * pieces `<stem>_0.m4s`..., rewrites the playlist and removes the uncut segment. Returns the number of pieces.
 * @throws Error when the playlist names no init segment (EXT-X-MAP) or the segment is not one CMAF fragment;
 * the rendition is then left unchanged.
 */
async function splitFirstFmp4Segment(renditionDir: string, playlist: string, firstUri: string, cuts: readonly number[]): Promise<number> {
  const initUri = initSegmentUri(playlist);
  if (!initUri) throw new Error(`the media playlist in ${renditionDir} names no init segment (EXT-X-MAP)`);
  const [init, segment] = await Promise.all([readFile(path.join(renditionDir, initUri)), readFile(path.join(renditionDir, firstUri))]);
  const pieces = splitFmp4Segment(init, segment, cuts);
  if (pieces.length < 2) return 1;
  const stem = firstUri.replace(/\.m4s$/, '');
  const names = pieces.map((_, i) => `${stem}_${i}.m4s`);
  const playlistFile = path.join(renditionDir, MEDIA_PLAYLIST);
  try {
    await Promise.all(pieces.map((p, i) => writeFile(path.join(renditionDir, names[i]!), p.bytes)));
    const next = playlistWithSplitFirst(playlist, firstUri, names, pieces.slice(1).map((p) => p.durationSeconds));
    await writeFile(`${playlistFile}.tmp`, next);
    await rename(`${playlistFile}.tmp`, playlistFile);
  } catch (e) {
    await Promise.all(names.map((f) => rm(path.join(renditionDir, f), { force: true })));
    throw e;
  }
  await rm(path.join(renditionDir, firstUri), { force: true });
  return pieces.length;
}
