/**
 * Reading a source file's facts with ffprobe, and deciding whether it is a playable video.
 * Uploads are checked by content (docs/product/architecture.md §5.3): probe with
 * `ffprobe -v error -print_format json -show_format -show_streams`; reject with MediaRejectedError a file with
 * no video stream, a still image or cover picture only, a file that is not media, and a truncated file (ffprobe
 * fails, the duration is missing or 0, or an MP4 whose media bytes are cut short).
 */
import { stat } from 'node:fs/promises';
import { findCutShortMp4Box, type ByteSource } from './mp4-boxes.js';
import { runTool } from './run-tool.js';
import { MediaRejectedError, type SourceFacts } from './transcoder.js';

/** The ffprobe arguments before the file name. */
export const FFPROBE_ARGS = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'] as const;

/** The parts of one ffprobe stream that are read here (ffprobe's own field names). */
export interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

/** The parts of ffprobe's JSON output (`-show_format -show_streams`) that are read here. */
export interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/**
 * Longest ffprobe run allowed on one file, seconds. ffprobe runs inside the upload's last request (ADR 016, "web"
 * role), so a file that makes it hang (a stream that never ends, a bucket URL that stalls) must end in a refusal, not
 * a request held open: reading a container's header and streams takes well under a second on a local file and a few
 * seconds through a presigned URL, so 60 s is far above any honest file.
 */
export const FFPROBE_TIMEOUT_SECONDS = 60;

/** Demuxers that read single pictures, not video (ffprobe format_name). */
const STILL_IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;

/**
 * Probes `file` with ffprobe at `ffprobePath` and returns its facts (pixels, seconds, bytes).
 * Throws MediaRejectedError with a sentence for the admin when it is not a playable video,
 * MediaToolsMissingError when ffprobe is not installed, and the fs error when `file` does not exist.
 * `bytes`: for a `file` that is a URL (a presigned GET URL of the bucket, ADR 016), the same source read by byte
 * ranges, for its size and the cut-short check; a local file is read directly.
 * `timeoutSeconds` (default FFPROBE_TIMEOUT_SECONDS): ffprobe still running then is killed and the file rejected.
 */
export async function probeFile(ffprobePath: string, file: string, bytes?: ByteSource, timeoutSeconds = FFPROBE_TIMEOUT_SECONDS): Promise<SourceFacts> {
  const size = bytes ? bytes.size : (await stat(file)).size;
  const run = await runTool('ffprobe', ffprobePath, [...FFPROBE_ARGS, file], { collectStdout: true, timeoutSeconds });
  if (run.timedOut) {
    throw new MediaRejectedError(`The file could not be read as a video: ffprobe was still reading it after ${timeoutSeconds} s and was stopped.`);
  }
  if (run.code !== 0) {
    throw new MediaRejectedError(`The file is not a video ffmpeg can read (ffprobe: ${ffprobeMessage(run.stderrTail, file)}).`);
  }
  let output: ProbeOutput;
  try {
    output = JSON.parse(run.stdout.toString('utf8')) as ProbeOutput;
  } catch {
    throw new MediaRejectedError('The file is not a video ffmpeg can read (ffprobe gave no readable description of it).');
  }
  const facts = factsFromProbe(output, size);
  if (/(^|,)(mov|mp4)(,|$)/.test(facts.container)) {
    const cut = await findCutShortMp4Box(bytes ?? file);
    if (cut) throw new MediaRejectedError(`The file is incomplete: it ends before its video data does, as if the upload was cut short (${cut}).`);
  }
  return facts;
}

/** The most useful line of ffprobe's stderr, without the file name and "[demuxer @ 0x...]" prefixes. */
function ffprobeMessage(stderrTail: string[], file: string): string {
  const line = stderrTail.at(-1) ?? 'no error message';
  const withoutFile = line.startsWith(`${file}: `) ? line.slice(file.length + 2) : line;
  return withoutFile.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim() || 'no error message';
}

/**
 * Turns ffprobe's JSON into SourceFacts, or throws MediaRejectedError. Pure.
 *
 * - Video: the first video stream that is not an attached (cover) picture, the one ffmpeg maps as `0:V:0`.
 * - Rotation: clockwise degrees (0/90/180/270), the convention of the old `rotate` tag; ffprobe's display
 *   matrix "rotation" is counterclockwise, so it is negated.
 * - Display size: coded size stretched by the sample aspect ratio (anamorphic DVD rips), then swapped for
 *   90/270 degrees. Rounded to whole pixels.
 * - frameRate: avg_frame_rate, else r_frame_rate, frames per second; 0 when unknown.
 * - Audio: the first audio stream (`0:a:0`); audioChannels is 0 and audioCodec null without one.
 */
export function factsFromProbe(output: ProbeOutput, sizeBytes: number): SourceFacts {
  const streams = output.streams ?? [];
  const container = output.format?.format_name ?? '';
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);

  if (!video) {
    const coverOnly = streams.some((s) => s.codec_type === 'video');
    throw new MediaRejectedError(
      coverOnly
        ? 'The file has no video stream, only a cover picture (is it a music file?).'
        : 'The file has no video stream.',
    );
  }
  if (STILL_IMAGE_FORMAT.test(container)) {
    throw new MediaRejectedError(`The file is a still image (${video.codec_name ?? container}), not a video.`);
  }
  if (!video.codec_name || video.codec_name === 'none') {
    throw new MediaRejectedError('The file has a video stream in a format ffmpeg cannot decode.');
  }
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (width < 1 || height < 1) {
    throw new MediaRejectedError('The file is damaged: its video stream has no picture size.');
  }
  const durationSeconds = positiveNumber(output.format?.duration) ?? positiveNumber(video.duration);
  if (durationSeconds === null) {
    throw new MediaRejectedError('The file seems truncated or damaged: ffprobe could not read its duration.');
  }

  const rotation = rotationOf(video);
  const sar = ratio(video.sample_aspect_ratio, ':');
  const shownWidth = Math.round(sar && sar > 0 ? width * sar : width);
  const sideways = rotation === 90 || rotation === 270;
  const audio = streams.find((s) => s.codec_type === 'audio');

  return {
    container,
    durationSeconds,
    sizeBytes,
    videoCodec: video.codec_name,
    width,
    height,
    displayWidth: sideways ? height : shownWidth,
    displayHeight: sideways ? shownWidth : height,
    rotation,
    frameRate: frameRateOf(video),
    hasAudio: audio !== undefined,
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? 0,
  };
}

/** Clockwise rotation in degrees, one of 0, 90, 180, 270. */
function rotationOf(video: ProbeStream): number {
  const matrix = video.side_data_list?.find((d) => typeof d.rotation === 'number');
  const degrees = matrix?.rotation !== undefined ? -matrix.rotation : Number(video.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

function frameRateOf(video: ProbeStream): number {
  for (const value of [video.avg_frame_rate, video.r_frame_rate]) {
    const fps = ratio(value, '/');
    if (fps !== null && fps > 0 && fps <= 1000) return fps;
  }
  return 0;
}

/** "a/b" or "a:b" as a number, or null when absent, malformed or with a zero part. */
function ratio(value: string | undefined, separator: string): number | null {
  if (!value) return null;
  const [a, b] = value.split(separator).map(Number);
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
  return a / b;
}

function positiveNumber(value: string | undefined): number | null {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}
