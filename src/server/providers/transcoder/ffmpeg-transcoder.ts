/**
 * The real transcoder: ffprobe for facts, one ffmpeg run per film for the whole HLS ladder, ffmpeg + sharp
 * for the poster. The rules live in ffprobe.ts (what is rejected), ffmpeg-args.ts (the
 * command), hls-master.ts (the master playlist) and shared/domain/ladder.ts (which renditions).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { planLadder } from '../../../shared/domain/ladder.js';
import { buildHlsArgs, buildPosterArgs, DEFAULT_SEGMENT_TYPE, MASTER_PLAYLIST, MEDIA_PLAYLIST, posterTime, type SegmentType } from './ffmpeg-args.js';
import { createProgressTracker } from './ffmpeg-progress.js';
import { probeFile } from './ffprobe.js';
import type { ByteSource } from './mp4-boxes.js';
import { writeMasterPlaylist } from './hls-master.js';
import { splitFirstSegment } from './first-segment.js';
import { renameInitSegment } from './init-segment.js';
import { runTool, type ToolRun } from './run-tool.js';
import type { RenditionOutput, SourceFacts, TranscodeResult, Transcoder } from './transcoder.js';

/** Constructor options of FfmpegTranscoder. */
export interface FfmpegTranscoderOptions {
  /** ffmpeg binary, a name looked up in PATH or a path; default "ffmpeg". */
  ffmpegPath?: string;
  /** ffprobe binary; default "ffprobe". */
  ffprobePath?: string;
  /** x264 preset; default "veryfast" (the machine has 2 cores). */
  preset?: string;
  /** Segment packaging; default 'fmp4' (CMAF, ADR 026). 'mpegts' writes the `.ts` ladders of before ADR 026. */
  segmentType?: SegmentType;
}

/** Default x264 preset (fast enough for a 2-core machine). */
export const DEFAULT_PRESET = 'veryfast';
/** Widest poster, pixels (width at most 640). */
export const POSTER_MAX_WIDTH = 640;
/** WebP quality of the poster, 1-100 (quality ~80). */
export const POSTER_QUALITY = 80;

/**
 * Transcoder backed by the ffmpeg and ffprobe command-line tools (spawned with argument arrays).
 *
 * - probe(file): SourceFacts (pixels, seconds, bytes), or MediaRejectedError with a sentence for the admin.
 * - transcodeToHls(input, outDir, facts, onProgress): one ffmpeg process decodes once and writes
 *   `outDir/master.m3u8` and `outDir/<rung>/index.m3u8` + `init.mp4`, `seg_00000_0.m4s` (about 1 s),
 *   `seg_00000_1.m4s`, `seg_00000_2.m4s`, `seg_00001.m4s`... (fragmented MP4, ADR 026; with segmentType
 *   'mpegts' the same names ending `.ts` and no init segment) for every rung of planLadder(facts.displayWidth, facts.displayHeight) (the first
 *   segment cut short, first-segment.ts); onProgress gets rising integers up to 100.
 * - poster(input, facts, outFile): a WebP of the frame at ~10% of the film, at most 640 px wide.
 *
 * Missing binaries give MediaToolsMissingError; a failed ffmpeg run gives an Error carrying the last
 * 20 lines of its stderr. Nothing is deleted on failure: the caller owns outDir.
 */
export class FfmpegTranscoder implements Transcoder {
  private readonly ffmpegPath: string;
  private readonly ffprobePath: string;
  private readonly preset: string;
  private readonly segmentType: SegmentType;

  constructor(options: FfmpegTranscoderOptions = {}) {
    this.ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
    this.ffprobePath = options.ffprobePath ?? 'ffprobe';
    this.preset = options.preset ?? DEFAULT_PRESET;
    this.segmentType = options.segmentType ?? DEFAULT_SEGMENT_TYPE;
  }

  /** Whether `ffmpeg -version` and `ffprobe -version` run and exit 0. Never throws. */
  async available(): Promise<{ ffmpeg: boolean; ffprobe: boolean }> {
    const works = async (tool: string, bin: string) => {
      try {
        return (await runTool(tool, bin, ['-version'])).code === 0;
      } catch {
        return false;
      }
    };
    const [ffmpeg, ffprobe] = await Promise.all([works('ffmpeg', this.ffmpegPath), works('ffprobe', this.ffprobePath)]);
    return { ffmpeg, ffprobe };
  }

  /** See Transcoder.probe and ffprobe.ts factsFromProbe for the rules and conventions. */
  probe(file: string, bytes?: ByteSource): Promise<SourceFacts> {
    return probeFile(this.ffprobePath, file, bytes);
  }

  /**
   * Transcodes `input` into the HLS ladder under `outDir` (created if needed) in one ffmpeg run.
   * Uses facts.displayWidth/displayHeight (ladder), durationSeconds (progress, silent track length),
   * frameRate (GOP length) and hasAudio. Resolves with the master playlist's and each rendition's path
   * relative to `outDir`, lowest rendition first; bitrates in bits per second.
   */
  async transcodeToHls(
    input: string,
    outDir: string,
    facts: SourceFacts,
    onProgress?: (percent: number) => void,
  ): Promise<TranscodeResult> {
    const rungs = planLadder(facts.displayWidth, facts.displayHeight);
    const dir = path.resolve(outDir);
    await mkdir(dir, { recursive: true });
    await Promise.all(rungs.map((rung) => mkdir(path.join(dir, rung.name), { recursive: true })));

    const args = buildHlsArgs({
      input: path.resolve(input),
      rungs,
      durationSeconds: facts.durationSeconds,
      frameRate: facts.frameRate,
      hasAudio: facts.hasAudio,
      preset: this.preset,
      segmentType: this.segmentType,
    });
    const progress = createProgressTracker(facts.durationSeconds, onProgress);
    const run = await runTool('ffmpeg', this.ffmpegPath, args, { cwd: dir, onStdout: (chunk) => progress.push(chunk) });
    failUnlessZero(run, `transcoding ${input} to HLS`);
    // fMP4: every rendition's init segment becomes `<rung>/init.mp4` (ADR 026). Then a short first segment in
    // every rendition (ADR 013), before the master measures the segments.
    for (const rung of rungs) {
      await renameInitSegment(path.join(dir, rung.name), rung.name);
      await splitFirstSegment(this.ffmpegPath, path.join(dir, rung.name), facts.frameRate);
    }

    await writeMasterPlaylist(dir, rungs, this.ffprobePath);
    progress.finish();
    const renditions: RenditionOutput[] = rungs.map((rung) => ({
      name: rung.name,
      width: rung.width,
      height: rung.height,
      videoBitrate: rung.videoBitrate,
      audioBitrate: rung.audioBitrate,
      playlist: `${rung.name}/${MEDIA_PLAYLIST}`,
    }));
    return { master: MASTER_PLAYLIST, renditions };
  }

  /**
   * Writes a WebP poster to `outFile` (its folder is created): the upright frame at posterTime(duration)
   * (10% in, at least 1 s), at most POSTER_MAX_WIDTH pixels wide, quality POSTER_QUALITY. Falls back to the
   * first frame when the seek lands past the last one.
   */
  async poster(input: string, facts: SourceFacts, outFile: string): Promise<void> {
    let png = await this.grabFrame(input, posterTime(facts.durationSeconds));
    if (png.length === 0) png = await this.grabFrame(input, 0);
    if (png.length === 0) throw new Error(`ffmpeg gave no frame for the poster of ${input}`);
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await sharp(png)
      .resize({ width: POSTER_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: POSTER_QUALITY })
      .toFile(outFile);
  }

  /** One PNG frame at `atSeconds`, or an empty buffer when ffmpeg found none there. */
  private async grabFrame(input: string, atSeconds: number): Promise<Buffer> {
    const run = await runTool('ffmpeg', this.ffmpegPath, buildPosterArgs(path.resolve(input), atSeconds), { collectStdout: true });
    failUnlessZero(run, `taking a poster frame from ${input}`);
    return run.stdout;
  }
}

/** Throws an Error with the tail of stderr when ffmpeg did not exit 0. */
function failUnlessZero(run: ToolRun, doing: string): void {
  if (run.code === 0) return;
  const how = run.code === null ? `was killed by ${run.signal ?? 'a signal'}` : `exited with code ${run.code}`;
  const tail = run.stderrTail.length > 0 ? run.stderrTail.join('\n') : '(no output on stderr)';
  throw new Error(`ffmpeg failed ${doing}: it ${how}. Last lines of its stderr:\n${tail}`);
}
