/**
 * The ffmpeg argument lists of the transcoder, as pure functions (docs/product/architecture.md §3: one ffmpeg run per ladder).
 *
 * One run decodes the source once and feeds every rendition: `-filter_complex` splits the decoded video
 * into one scaled branch per rung and the audio into one branch per rung; the hls muxer writes every
 * rendition and the master playlist (`-var_stream_map`, `-master_pl_name`). The run's working directory is
 * the output directory, so every path ffmpeg writes is relative (`240p/index.m3u8`).
 */
import type { Rung } from '../../../shared/domain/ladder.js';

/** HLS segment length, seconds (ADR 013: segments 4 s). */
export const HLS_SEGMENT_SECONDS = 4;
/** Distance between forced keyframes, seconds (ADR 013: a keyframe every 2 s). */
export const KEYFRAME_INTERVAL_SECONDS = 2;
/**
 * Where the first segment is cut, seconds (ADR 013): one more keyframe is forced at 1 s, and after the run
 * segment 0 (0-4 s) becomes three pieces, 0-1 s, 1-2 s and 2-4 s (first-segment.ts). The first frame waits
 * for about 1 s of video instead of 4 s, and the small second piece arrives before that second has played.
 */
export const FIRST_SEGMENT_CUTS_SECONDS = [1, 2] as const;
/** Length of the first piece, seconds. */
export const FIRST_SEGMENT_SECONDS = FIRST_SEGMENT_CUTS_SECONDS[0];
/** Output audio sample rate, Hz. */
export const AUDIO_SAMPLE_RATE = 48_000;
/** Frame rate assumed for the GOP length when the source does not tell, frames per second. */
export const FALLBACK_FRAME_RATE = 30;
/** Master playlist's file name, in the output directory (the object keys of ADR 016). */
export const MASTER_PLAYLIST = 'master.m3u8';
/** Media playlist's file name, in each rendition's folder: `<rung>/index.m3u8` (the object keys of ADR 016). */
export const MEDIA_PLAYLIST = 'index.m3u8';
/** Segment file names in each rendition's folder, ffmpeg pattern: seg_00000.ts, seg_00001.ts... (ADR 013). */
export const SEGMENT_PATTERN = 'seg_%05d.ts';
/** Fragmented MP4 (CMAF) segment file names in each rendition's folder: seg_00000.m4s... (ADR 026). */
export const FMP4_SEGMENT_PATTERN = 'seg_%05d.m4s';
/**
 * The init segment's file name in each rendition's folder (ADR 026): `<rung>/init.mp4`, named by EXT-X-MAP.
 * ffmpeg 5.1 appends `_<stream index>` to `-hls_fmp4_init_filename` when `-var_stream_map` has several variants
 * (`init_0.mp4`), or substitutes `%v`; it is written as `init_%v.mp4` and renamed after the run (renameInitSegment).
 */
export const INIT_SEGMENT = 'init.mp4';
/** The init segment's name as ffmpeg writes it, `%v` being the rendition's name (`init_240p.mp4`). */
export const FFMPEG_INIT_PATTERN = 'init_%v.mp4';

/**
 * How segments are packaged (ADR 026): 'fmp4' (CMAF: one init segment plus `.m4s` fragments, EXT-X-VERSION 7,
 * the default for new videos) or 'mpegts' (`.ts`, how videos were transcoded before ADR 026; kept for the
 * benchmark's comparison and for reading older ladders).
 */
export type SegmentType = 'fmp4' | 'mpegts';
/** The segment type of new transcodes (ADR 026). */
export const DEFAULT_SEGMENT_TYPE: SegmentType = 'fmp4';

/** What buildHlsArgs needs. Durations in seconds, frame rate in frames per second. */
export interface HlsArgsInput {
  /** Absolute path of the source (the run's cwd is the output directory). */
  input: string;
  rungs: readonly Rung[];
  durationSeconds: number;
  /** 0 when unknown. */
  frameRate: number;
  hasAudio: boolean;
  /** x264 preset, e.g. "veryfast". */
  preset: string;
  /** Segment packaging, default DEFAULT_SEGMENT_TYPE ('fmp4', ADR 026). */
  segmentType?: SegmentType;
}

/**
 * The full ffmpeg argument list for one decode-once HLS run, to be spawned with cwd = output directory.
 * Writes `master.m3u8`, `<rung>/index.m3u8` and, for 'fmp4' (the default, ADR 026), `<rung>/init_<rung>.mp4`
 * (renamed to init.mp4 afterwards) and `<rung>/seg_00000.m4s`... (EXT-X-VERSION 7, EXT-X-MAP), or for
 * 'mpegts' `<rung>/seg_00000.ts`...: H.264 High (libx264, yuv420p) and AAC-LC stereo 48 kHz in segments of 4 s
 * with a keyframe every 2 s, VOD playlists with independent segments. Maps only the first video stream that is not a cover picture (`0:V:0`) and the
 * first audio stream (`0:a:0`); subtitles, data streams and attachments are left out. A source without
 * audio gets a silent stereo track (anullsrc) so every rendition has the same shape: players (hls.js,
 * Safari) switch renditions without re-creating their audio pipeline, and an audio-less variant among
 * audio ones is a classic cause of stalls. Autorotation is ffmpeg's default and happens before the graph,
 * and the encoded streams carry no display matrix, so the output is upright with no rotation data.
 * Progress goes to stdout (`-progress pipe:1`).
 */
export function buildHlsArgs(job: HlsArgsInput): string[] {
  const { rungs } = job;
  if (rungs.length === 0) throw new RangeError('buildHlsArgs needs at least one rung');
  const n = rungs.length;
  const fmp4 = (job.segmentType ?? DEFAULT_SEGMENT_TYPE) === 'fmp4';
  const fps = job.frameRate > 0 ? job.frameRate : FALLBACK_FRAME_RATE;
  const gop = String(Math.min(600, Math.max(1, Math.round(fps * KEYFRAME_INTERVAL_SECONDS))));

  const videoGraph = [
    `[0:V:0]format=yuv420p,split=${n}${rungs.map((_, i) => `[s${i}]`).join('')}`,
    ...rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`),
  ];
  const audioSource = job.hasAudio
    ? `[0:a:0]aresample=${AUDIO_SAMPLE_RATE}:async=1`
    : `anullsrc=channel_layout=stereo:sample_rate=${AUDIO_SAMPLE_RATE},atrim=duration=${job.durationSeconds.toFixed(3)}`;
  const audioGraph = `${audioSource},aformat=sample_fmts=fltp:sample_rates=${AUDIO_SAMPLE_RATE}:channel_layouts=stereo,asplit=${n}${rungs.map((_, i) => `[a${i}]`).join('')}`;

  const args = [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1',
    '-i', job.input,
    '-filter_complex', [...videoGraph, audioGraph].join(';'),
  ];
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`, '-map', `[a${i}]`));
  args.push(
    '-map_metadata', '-1', '-map_chapters', '-1',
    '-c:v', 'libx264', '-preset', job.preset, '-profile:v', 'high', '-threads', '0',
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0',
    '-force_key_frames', forceKeyFramesExpr(),
    '-c:a', 'aac', '-ac', '2', '-ar', String(AUDIO_SAMPLE_RATE),
  );
  rungs.forEach((r, i) => {
    args.push(
      `-b:v:${i}`, String(r.videoBitrate), `-maxrate:v:${i}`, String(r.maxrate), `-bufsize:v:${i}`, String(r.bufsize),
      `-b:a:${i}`, String(r.audioBitrate),
    );
  });
  args.push(
    '-max_muxing_queue_size', '4096',
    '-f', 'hls',
    '-hls_time', String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_type', fmp4 ? 'fmp4' : 'mpegts',
    ...(fmp4 ? ['-hls_fmp4_init_filename', FFMPEG_INIT_PATTERN] : []),
    '-hls_segment_filename', `%v/${fmp4 ? FMP4_SEGMENT_PATTERN : SEGMENT_PATTERN}`,
    '-master_pl_name', MASTER_PLAYLIST,
    '-var_stream_map', rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
    `%v/${MEDIA_PLAYLIST}`,
  );
  return args;
}

/**
 * The `-force_key_frames` expression: keyframes at 0, FIRST_SEGMENT_SECONDS, then every
 * KEYFRAME_INTERVAL_SECONDS (0, 1, 2, 4, 6...). `n_forced` counts the keyframes forced so far (ffmpeg
 * documentation, -force_key_frames expr).
 */
export function forceKeyFramesExpr(): string {
  return `expr:if(eq(n_forced,1),gte(t,${FIRST_SEGMENT_SECONDS}),gte(t,max(n_forced-1,0)*${KEYFRAME_INTERVAL_SECONDS}))`;
}

/**
 * ffmpeg arguments that cut one MPEG-TS segment into pieces without re-encoding, each cut at the first keyframe
 * at or after the video frame numbers `atFrames`, keeping every timestamp (the pieces play on the same timeline
 * as the segments around them): pieces named by the segment muxer's pattern `pattern` (e.g. `seg_00000_%d.ts`)
 * and a CSV list (`file,start,end` in seconds) at `listFile`. PAT/PMT are written once per piece, as the hls
 * muxer does.
 */
export function buildSplitArgs(input: string, atFrames: readonly number[], pattern: string, listFile: string): string[] {
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    '-i', input,
    '-map', '0', '-c', 'copy', '-copyts',
    '-f', 'segment', '-segment_frames', atFrames.map((f) => String(Math.max(1, Math.floor(f)))).join(','),
    '-segment_list', listFile, '-segment_list_type', 'csv',
    '-segment_format', 'mpegts', '-segment_format_options', 'mpegts_copyts=1:pat_period=3600:sdt_period=3600',
    pattern,
  ];
}

/**
 * ffmpeg arguments that write one upright frame at `atSeconds` as PNG to stdout
 * (`-f image2pipe -vcodec png -frames:v 1 pipe:1`). Non-square pixels are stretched to square.
 */
export function buildPosterArgs(input: string, atSeconds: number): string[] {
  return [
    '-hide_banner', '-nostdin', '-v', 'error',
    '-ss', atSeconds.toFixed(3), '-i', input,
    '-map', '0:V:0', '-frames:v', '1',
    '-vf', "scale='max(2,trunc(iw*sar/2)*2)':ih,setsar=1",
    '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1',
  ];
}

/**
 * Where to take the poster frame, seconds: 10% into the film, at least 1 s in, and never past half of a
 * very short clip (~10% of the duration, min 1 s, within the duration).
 */
export function posterTime(durationSeconds: number): number {
  if (!(durationSeconds > 0)) return 0;
  return Math.min(Math.max(durationSeconds * 0.1, 1), durationSeconds / 2);
}
