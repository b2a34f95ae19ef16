/**
 * The transcoder provider: what the media module needs from ffmpeg/ffprobe, behind a small interface
 * (docs/product/architecture.md §4.9) so the ingest service can be tested with the real implementation and jobs on
 * other machines can run it.
 */

import type { ByteSource } from './mp4-boxes.js';

/** Facts about an uploaded source file, read by ffprobe. Sizes in pixels, durations in seconds, bytes. */
export interface SourceFacts {
  container: string;
  durationSeconds: number;
  sizeBytes: number;
  videoCodec: string;
  /** Coded width and height, before rotation. */
  width: number;
  height: number;
  /** Display width and height, after rotation metadata is applied. */
  displayWidth: number;
  displayHeight: number;
  /** Rotation in degrees (0, 90, 180, 270) from the display matrix or the rotate tag. */
  rotation: number;
  frameRate: number;
  hasAudio: boolean;
  audioCodec: string | null;
  audioChannels: number;
}

/** One rung of the HLS ladder as produced. */
export interface RenditionOutput {
  /** e.g. "720p". */
  name: string;
  width: number;
  height: number;
  /** Target video bitrate, bits per second. */
  videoBitrate: number;
  /** Target audio bitrate, bits per second. */
  audioBitrate: number;
  /** Path of the media playlist relative to the output directory, e.g. "720p/index.m3u8". */
  playlist: string;
}

export interface TranscodeResult {
  /** Path of the master playlist relative to the output directory: "master.m3u8". */
  master: string;
  renditions: RenditionOutput[];
}

/** Thrown when a file is not a video ffmpeg can decode; `reason` is shown to the admin. */
export class MediaRejectedError extends Error {
  constructor(public readonly reason: string) {
    super(reason);
    this.name = 'MediaRejectedError';
  }
}

/** Thrown when ffmpeg or ffprobe is not installed. */
export class MediaToolsMissingError extends Error {
  constructor(tool: string) {
    super(`${tool} is not installed; install ffmpeg (Debian: apt-get install -y ffmpeg) to process videos`);
    this.name = 'MediaToolsMissingError';
  }
}

export interface Transcoder {
  /** Whether ffmpeg and ffprobe can be run. */
  available(): Promise<{ ffmpeg: boolean; ffprobe: boolean }>;
  /**
   * Probes a file, or a URL ffprobe can read (a presigned GET URL) with `bytes` giving random access to the same
   * source. Throws MediaRejectedError when it has no decodable video stream, or is truncated or not media;
   * MediaToolsMissingError when ffprobe is missing.
   */
  probe(file: string, bytes?: ByteSource): Promise<SourceFacts>;
  /**
   * Transcodes `input` into an HLS ladder under `outDir` in one ffmpeg run (decode once).
   * @param onProgress called with 0-100 as the run advances.
   */
  transcodeToHls(input: string, outDir: string, facts: SourceFacts, onProgress?: (percent: number) => void): Promise<TranscodeResult>;
  /** Takes a poster frame and writes it as WebP (via sharp) to `outFile`. */
  poster(input: string, facts: SourceFacts, outFile: string): Promise<void>;
}
