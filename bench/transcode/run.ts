/**
 * Transcode benchmark (issue 2 point 6): the product's FfmpegTranscoder.transcodeToHls against the plain
 * ffmpeg command one would type for the same ladder (same renditions, bitrates, preset, segment length),
 * on shared/fixtures/videos/wannaworktogether.mp4 (180 s, 480x352). Prints wall seconds and times faster
 * than real time for each, and the machine. Outputs go to a temp dir that is removed.
 *
 * Run: npx tsx bench/transcode/run.ts   (from the project root; shared/ sits beside it)
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { planLadder, type Rung } from '../../src/shared/domain/ladder.js';
import { FfmpegTranscoder } from '../../src/server/providers/transcoder/ffmpeg-transcoder.js';

const run = promisify(execFile);
const COMMAND = 'npx tsx bench/transcode/run.ts';
const SOURCE = path.resolve(process.cwd(), '../shared/fixtures/videos/wannaworktogether.mp4');

/**
 * The plain command for the same ladder, written as one would type it: one ffmpeg run with one HLS output per
 * rendition (`-vf scale=-2:H`, the rung's bitrates), x264 veryfast, 4 s segments, a keyframe every 2 s
 * (`-g` from the frame rate). No filter graph, no master playlist.
 */
function plainArgs(input: string, outDir: string, ladder: Rung[], fps: number): string[] {
  const gop = String(Math.round(fps * 2));
  const outputs = ladder.flatMap((r) => [
    '-map', '0:v:0', '-map', '0:a:0?',
    '-vf', `scale=${r.width}:${r.height}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '0',
    '-b:v', `${r.videoBitrate / 1000}k`, '-maxrate', `${Math.round(r.maxrate / 1000)}k`, '-bufsize', `${Math.round(r.bufsize / 1000)}k`,
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)',
    '-c:a', 'aac', '-b:a', `${r.audioBitrate / 1000}k`, '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_filename', path.join(outDir, r.name, 'seg_%05d.ts'),
    path.join(outDir, r.name, 'index.m3u8'),
  ]);
  return ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input, ...outputs];
}

/** Quotes an argument for a POSIX shell when needed, so the printed command can be pasted. */
function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/** An argument as printed: the source relative to the project root, temp paths as "$OUT/...". */
function displayArg(arg: string, tmp: string): string {
  if (arg === SOURCE) return shellQuote(path.relative(process.cwd(), SOURCE));
  const plainDir = path.join(tmp, 'plain');
  if (arg.startsWith(plainDir)) return `"$OUT${arg.slice(plainDir.length)}"`;
  return shellQuote(arg);
}

/** Total size of the files under `dir`, bytes. */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { seconds: (performance.now() - start) / 1000, value };
}

async function main(): Promise<void> {
  const transcoder = new FfmpegTranscoder();
  const facts = await transcoder.probe(SOURCE);
  const ladder = planLadder(facts.displayWidth, facts.displayHeight);
  const ladderText = ladder.map((r) => `${r.name} ${r.width}x${r.height} ${r.videoBitrate / 1000}k+${r.audioBitrate / 1000}k`).join(', ');
  const ffmpegVersion = (await run('ffmpeg', ['-version'])).stdout.split('\n')[0] ?? 'unknown';
  const cpus = os.cpus();

  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sobanura-bench-transcode-'));
  try {
    const productDir = path.join(tmp, 'product');
    const product = await timed(() => transcoder.transcodeToHls(SOURCE, productDir, facts));

    const plainDir = path.join(tmp, 'plain');
    for (const r of ladder) await mkdir(path.join(plainDir, r.name), { recursive: true });
    const args = plainArgs(SOURCE, plainDir, ladder, facts.frameRate);
    const plain = await timed(() => run('ffmpeg', args));

    const line = (label: string, seconds: number, bytes: number) =>
      `${label.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s   ${(facts.durationSeconds / seconds).toFixed(1).padStart(6)}x real time   output ${(bytes / 1e6).toFixed(2)} MB`;

    console.log('Sobanura transcode bench');
    console.log(`command:  ${COMMAND}`);
    console.log(`machine:  ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${os.platform()} ${os.release()}, node ${process.version}`);
    console.log(`ffmpeg:   ${ffmpegVersion}`);
    console.log(`source:   ${path.basename(SOURCE)}, ${facts.durationSeconds.toFixed(2)} s, ${facts.width}x${facts.height} ${facts.videoCodec} @ ${facts.frameRate.toFixed(2)} fps, ${facts.audioCodec ?? 'no audio'} ${facts.audioChannels} ch`);
    console.log(`ladder:   ${ladderText} (x264 veryfast, 4 s segments, keyframe every 2 s)`);
    console.log('');
    console.log(line(`product (FfmpegTranscoder, ${product.value.renditions.length} rung${product.value.renditions.length === 1 ? '' : 's'})`, product.seconds, await treeBytes(productDir)));
    console.log(line('plain ffmpeg command', plain.seconds, await treeBytes(plainDir)));
    console.log('');
    console.log('plain command (from the project root, OUT an empty folder):');
    console.log(`mkdir -p ${ladder.map((r) => `"$OUT/${r.name}"`).join(' ')} && ${['ffmpeg', ...args.map((a) => displayArg(a, tmp))].join(' ')}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
