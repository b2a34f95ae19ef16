/**
 * Generates a short labelled test-pattern video with ffmpeg's lavfi sources (testsrc2 picture, sine tone),
 * for the demo catalogue. H.264/AAC MP4; `seconds` long, `width`x`height` pixels.
 * Throws MediaToolsMissingError when ffmpeg is missing, Error with stderr on failure.
 */
import { execFile } from 'node:child_process';
import { MediaToolsMissingError } from './transcoder.js';

export function makeTestPattern(ffmpegPath: string, outFile: string, o: { seconds: number; width: number; height: number; frequencyHz: number }): Promise<void> {
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${o.width}x${o.height}:rate=25:duration=${o.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=${o.frequencyHz}:sample_rate=48000:duration=${o.seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', outFile,
  ];
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath, args, (err, _stdout, stderr) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reject(new MediaToolsMissingError('ffmpeg'));
      reject(new Error(`ffmpeg test pattern failed: ${stderr.slice(-500)}`));
    });
  });
}
