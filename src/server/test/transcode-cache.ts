/**
 * The transcoder of the unit and integration tests: the real FfmpegTranscoder, whose HLS ladders are kept for the
 * length of one test run and copied when the same source file is transcoded again with the same facts and options.
 * The fixtures (cockatoo.mp4, movie-hello.mp4, the test patterns) are ingested by many test files on both
 * databases; the first transcode of each is ffmpeg's, every later one is that output, byte for byte, so the second
 * database and the next file test what they are about (the video row, its progress, playback, downloads) without
 * spending another ffmpeg run on the same frames (docs/decisions/040-test-speed.md, amended 2026-11-29). The tests of
 * transcoding itself (ffmpeg-transcoder.test.ts, the transcode faults, the end-to-end servers) run ffmpeg every
 * time.
 *
 * The cache is a folder made per run by src/server/test/global-setup.ts; without one (a script outside Vitest)
 * every transcode is ffmpeg's. Entries are written under a temporary name and renamed, so test processes that
 * share the folder never read a half-written ladder.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FfmpegTranscoder, type FfmpegTranscoderOptions } from '../providers/transcoder/ffmpeg-transcoder.js';
import type { SourceFacts, TranscodeResult, Transcoder } from '../providers/transcoder/transcoder.js';
import type { ByteSource } from '../providers/transcoder/mp4-boxes.js';

export class CachedTranscoder implements Transcoder {
  /**
   * `cacheDir`: the run's cache folder, or null for none. `real`: the transcoder whose output is kept (by default
   * ffmpeg with `options`; its own tests pass a stand-in).
   */
  constructor(
    private readonly options: FfmpegTranscoderOptions,
    private readonly cacheDir: string | null,
    private readonly real: Transcoder = new FfmpegTranscoder(options),
  ) {}

  available() {
    return this.real.available();
  }

  probe(file: string, bytes?: ByteSource): Promise<SourceFacts> {
    return this.real.probe(file, bytes);
  }

  poster(input: string, facts: SourceFacts, outFile: string): Promise<void> {
    return this.real.poster(input, facts, outFile);
  }

  /** As FfmpegTranscoder's; a source seen before in this run (same bytes, facts and options) is copied from the cache. */
  async transcodeToHls(input: string, outDir: string, facts: SourceFacts, onProgress?: (percent: number) => void): Promise<TranscodeResult> {
    if (!this.cacheDir || !existsSync(input)) return this.real.transcodeToHls(input, outDir, facts, onProgress);
    const key = createHash('sha256').update(await readFile(input)).update(JSON.stringify(facts)).update(JSON.stringify({ preset: this.options.preset ?? null, segmentType: this.options.segmentType ?? null })).digest('hex');
    const entry = path.join(this.cacheDir, key);
    if (existsSync(path.join(entry, 'result.json'))) {
      await cp(path.join(entry, 'out'), outDir, { recursive: true });
      onProgress?.(100);
      return JSON.parse(await readFile(path.join(entry, 'result.json'), 'utf8')) as TranscodeResult;
    }
    const result = await this.real.transcodeToHls(input, outDir, facts, onProgress);
    const scratch = `${entry}.${randomBytes(4).toString('hex')}`;
    try {
      await cp(outDir, path.join(scratch, 'out'), { recursive: true });
      await writeFile(path.join(scratch, 'result.json'), JSON.stringify(result));
      await rename(scratch, entry);
    } catch {
      // Another test process stored the same entry first, or the copy failed: this run's output stands either way.
      await rm(scratch, { recursive: true, force: true });
    }
    return result;
  }
}
