/**
 * FfmpegTranscoder against the real ffmpeg/ffprobe (issue 2 point 6): probe facts of the shared fixtures,
 * HLS ladders checked with ffprobe, synthetic edge cases made with lavfi in a temp dir, rejections, poster.
 * Ladders are fragmented MP4 (CMAF) by default (ADR 026): every segment is probed with its init segment in
 * front, as a player appends them.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentType } from './ffmpeg-args.js';
import { FfmpegTranscoder } from './ffmpeg-transcoder.js';
import { factsFromProbe, type ProbeOutput } from './ffprobe.js';
import { createProgressTracker } from './ffmpeg-progress.js';
import { parseMediaPlaylist } from './hls-master.js';
import { MediaRejectedError, MediaToolsMissingError, type SourceFacts, type TranscodeResult } from './transcoder.js';

const run = promisify(execFile);
const fixture = (name: string) => path.resolve(process.cwd(), '../shared/fixtures/videos', name);
const COCKATOO = fixture('cockatoo.mp4');
const MOVIE_HELLO = fixture('movie-hello.mp4');
const WANNA = fixture('wannaworktogether.mp4');

const transcoder = new FfmpegTranscoder();
let tmp: string;
const made: Record<string, string> = {};

async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

async function ffprobeJson(file: string, ...args: string[]): Promise<ProbeOutput & { frames?: Array<{ pts_time?: string }> }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', ...args, file]);
  return JSON.parse(stdout) as ProbeOutput;
}

/** First `fraction` of a file's bytes, as an upload cut short. */
async function truncatedCopy(source: string, name: string, fraction: number): Promise<string> {
  const bytes = await readFile(source);
  const file = path.join(tmp, name);
  await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sobanura-transcoder-'));
  const at = (name: string) => (made[name] = path.join(tmp, name));
  const video = (size: string, seconds = 4) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`];
  const tone = (seconds = 4) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}:sample_rate=48000`];
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await writeFile(path.join(tmp, 'subs.srt'), '1\n00:00:00,000 --> 00:00:02,000\nMuraho\n');
  await Promise.all([
    ffmpeg(...video('320x240'), ...x264, at('no-audio.mp4')),
    ffmpeg(...video('320x240'), ...tone(), '-filter_complex', '[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]',
      '-map', '0:v', '-map', '[a]', ...x264, '-c:a', 'aac', at('surround.mp4')),
    // Odd sizes need 4:4:4 in H.264 (4:2:0 must be even): also checks the output is brought back to 4:2:0.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4,scale=641:359,setsar=1', ...tone(),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', '-c:a', 'aac', at('odd-641x359.mp4')),
    // Subtitle first, then video, audio and an attachment: only the video and audio may be used.
    ffmpeg('-i', path.join(tmp, 'subs.srt'), ...video('320x240'), ...tone(), '-map', '0', '-map', '1', '-map', '2',
      ...x264, '-c:a', 'libopus', '-c:s', 'srt', '-attach', path.join(tmp, 'subs.srt'),
      '-metadata:s:t:0', 'mimetype=text/plain', at('extra-streams.mkv')),
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x120', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', at('still.png')),
  ]);
  await ffmpeg(...tone(2), '-i', made['still.png']!, '-map', '0', '-map', '1',
    '-c:a', 'libmp3lame', '-c:v', 'png', '-disposition:v', 'attached_pic', at('cover-art.mp3'));
  // A 320x240 picture tagged "rotate 90": displays as portrait 240x320.
  await ffmpeg(...video('320x240', 3), ...x264, at('upright.mp4'));
  await ffmpeg('-i', made['upright.mp4']!, '-c', 'copy', '-metadata:s:v', 'rotate=90', at('rotated.mp4'));
  await copyFile(made['still.png']!, at('picture.mp4'));
  await writeFile(at('text.mp4'), 'This is a letter, not a film.\n');
  made['cockatoo-cut.mp4'] = await truncatedCopy(COCKATOO, 'cockatoo-cut.mp4', 0.2);
  made['movie-hello-cut.mp4'] = await truncatedCopy(MOVIE_HELLO, 'movie-hello-cut.mp4', 0.2);
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

interface Expected {
  name: string;
  width: number;
  height: number;
}

/**
 * A segment as a player appends it: for fMP4 (ADR 026) a temp file holding the rendition's init segment then
 * the given segments; for MPEG-TS the segments alone. Returns the file's path.
 */
async function playable(renditionDir: string, uris: readonly string[], type: SegmentType): Promise<string> {
  const parts = [...(type === 'fmp4' ? ['init.mp4'] : []), ...uris];
  const bytes = Buffer.concat(await Promise.all(parts.map((u) => readFile(path.join(renditionDir, u)))));
  const file = path.join(tmp, `probe-${Math.random().toString(36).slice(2)}.${type === 'fmp4' ? 'mp4' : 'ts'}`);
  await writeFile(file, bytes);
  return file;
}

/** Decode (dts) times of one stream's packets, seconds, in file order. */
async function packetTimes(file: string, stream: 'v:0' | 'a:0'): Promise<number[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=dts_time', '-of', 'csv=p=0', file], { maxBuffer: 64 * 1024 * 1024 });
  // A packet without a decode time prints N/A (MPEG-TS audio may); it is left out.
  return stdout.split('\n').map((l) => l.trim().replace(/,$/, '')).filter((l) => /^-?\d/.test(l)).map(Number);
}

/**
 * Checks an HLS output with ffprobe: master lists every rendition (relative URI, BANDWIDTH, RESOLUTION,
 * CODECS); each media playlist is VOD, starts with pieces of about 1 s, 1 s and 2 s, then segments of
 * 3.5-6.5 s but the last; each rendition's segments are H.264 at the expected size + AAC stereo 48 kHz,
 * upright, with keyframes at 0, 1 and 2 s and then 2 s apart. fMP4 (the default): EXT-X-VERSION 7, one
 * `init.mp4` named by EXT-X-MAP, `.m4s` segments; the whole rendition decodes without an error and its video
 * and audio timelines have no gap (no step between packets above 1.5 times the usual one). `peakChecked: false`
 * skips the measured-peak bounds, for a picture too small to spend its rendition's floor bitrate.
 */
async function expectHls(outDir: string, result: TranscodeResult, durationSeconds: number, expected: Expected[], type: SegmentType = 'fmp4', opts: { peakChecked?: boolean } = {}): Promise<void> {
  const ext = type === 'fmp4' ? 'm4s' : 'ts';
  expect(result.master).toBe('master.m3u8');
  expect(result.renditions.map((r) => ({ name: r.name, width: r.width, height: r.height }))).toEqual(expected);
  const master = await readFile(path.join(outDir, 'master.m3u8'), 'utf8');
  const masterLines = master.trim().split('\n');
  expect(masterLines[0]).toBe('#EXTM3U');
  expect(masterLines[1]).toBe(type === 'fmp4' ? '#EXT-X-VERSION:7' : '#EXT-X-VERSION:6');
  const uris = masterLines.filter((line) => line && !line.startsWith('#'));
  expect(uris).toEqual(expected.map((e) => `${e.name}/index.m3u8`));

  let previousBandwidth = 0;
  for (const rendition of result.renditions) {
    const e = expected.find((x) => x.name === rendition.name)!;
    expect(rendition.playlist).toBe(`${e.name}/index.m3u8`);
    const inf = masterLines[masterLines.indexOf(rendition.playlist) - 1] ?? '';
    expect(inf).toMatch(/^#EXT-X-STREAM-INF:/);
    expect(inf).toContain(`RESOLUTION=${e.width}x${e.height}`);
    expect(inf).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(inf)?.[1]);
    // Measured peak: at least the audio + most of the video target, at most well above the VBV peak.
    if (opts.peakChecked !== false) expect(bandwidth).toBeGreaterThan(rendition.audioBitrate + 0.5 * rendition.videoBitrate);
    expect(bandwidth).toBeLessThan(2 * (rendition.audioBitrate + rendition.videoBitrate));
    expect(bandwidth).toBeGreaterThan(previousBandwidth);
    previousBandwidth = bandwidth;

    const playlist = await readFile(path.join(outDir, rendition.playlist), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    if (type === 'fmp4') {
      expect(playlist).toContain('#EXT-X-VERSION:7');
      expect(playlist.match(/#EXT-X-MAP:.*/g)).toEqual(['#EXT-X-MAP:URI="init.mp4"']);
      expect((await stat(path.join(outDir, e.name, 'init.mp4'))).size).toBeGreaterThan(0);
    } else {
      expect(playlist).not.toContain('#EXT-X-MAP');
    }
    const segments = parseMediaPlaylist(playlist);
    expect(segments.length).toBeGreaterThan(0);
    // The first 4 s segment is cut at 1 s and 2 s (ADR 013): pieces of about 1 s, 1 s and 2 s (fewer for short films).
    const pieces = segments.filter((s) => new RegExp(`^seg_00000_\\d\\.${ext}$`).test(s.uri));
    expect(pieces.map((s) => s.uri)).toEqual([0, 1, 2].map((i) => `seg_00000_${i}.${ext}`).slice(0, pieces.length));
    expect(pieces.length).toBe(durationSeconds >= 2.5 ? 3 : 2);
    for (const piece of pieces.slice(0, 2)) expect(piece.durationSeconds).toBeGreaterThanOrEqual(0.9);
    for (const piece of pieces.slice(0, 2)) expect(piece.durationSeconds).toBeLessThanOrEqual(1.2);
    const n = pieces.length;
    segments.slice(n).forEach((segment, k) => {
      const i = k + n;
      expect(segment.uri).toBe(`seg_${String(k + 1).padStart(5, '0')}.${ext}`);
      if (i < segments.length - 1) {
        expect(segment.durationSeconds).toBeGreaterThanOrEqual(3.5);
        expect(segment.durationSeconds).toBeLessThanOrEqual(6.5);
      } else {
        expect(segment.durationSeconds).toBeGreaterThan(0);
        expect(segment.durationSeconds).toBeLessThanOrEqual(6.5);
      }
    });
    const total = segments.reduce((sum, s) => sum + s.durationSeconds, 0);
    expect(Math.abs(total - durationSeconds)).toBeLessThan(0.5);

    const renditionDir = path.join(outDir, e.name);
    const first = await playable(renditionDir, [segments[0]!.uri], type);
    const probed = await ffprobeJson(first, '-show_streams');
    const streams = probed.streams ?? [];
    expect(streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
    const [v, a] = streams as [Record<string, unknown>, Record<string, unknown>];
    expect(v).toMatchObject({ codec_name: 'h264', width: e.width, height: e.height, pix_fmt: 'yuv420p' });
    expect(v['side_data_list'] ?? []).toEqual([]);
    expect(a).toMatchObject({ codec_name: 'aac', channels: 2, sample_rate: '48000' });
    for (const segment of segments) expect((await stat(path.join(outDir, e.name, segment.uri))).size).toBeGreaterThan(0);

    // Keyframes: one at the start of each piece (0, 1 s, 2 s), then every 2 s.
    const keyTimes = async (uri: string) =>
      ((await ffprobeJson(await playable(renditionDir, [uri], type), '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time')).frames ?? []).map((f) => Number(f.pts_time));
    const starts: number[] = [];
    for (const piece of pieces.slice(0, 2)) {
      const keys = await keyTimes(piece.uri);
      expect(keys).toHaveLength(1);
      starts.push(keys[0]!);
    }
    expect(starts[1]! - starts[0]!).toBeCloseTo(1, 1);
    if (segments.length > n) {
      const after = await keyTimes(segments[n]!.uri);
      expect(after[0]! - starts[1]!).toBeCloseTo(n === 3 ? 3 : 1, 1);
      if (segments.length > n + 1) {
        expect(after).toHaveLength(2);
        expect(after[1]! - after[0]!).toBeCloseTo(2, 1);
      }
    }

    // The whole rendition, as a player appends it, decodes without an error, lasts as long as the film and
    // has no hole in its video or audio timeline (the cut pieces join their neighbours exactly). MPEG-TS files
    // laid end to end break the continuity counters, which ffmpeg reports as corrupt packets: only fMP4 is held
    // to an error-free decode.
    const whole = await playable(renditionDir, segments.map((s) => s.uri), type);
    if (type === 'fmp4') {
      const decoded = await run('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', whole, '-f', 'null', '-']);
      expect(decoded.stderr).toBe('');
    }
    for (const stream of ['v:0', 'a:0'] as const) {
      const times = await packetTimes(whole, stream);
      const steps = times.slice(1).map((t, i) => t - times[i]!);
      const usual = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
      expect(Math.max(...steps), `${e.name} ${stream}`).toBeLessThanOrEqual(1.5 * usual + 1e-6);
      expect(Math.min(...steps), `${e.name} ${stream}`).toBeGreaterThan(0);
      expect(times.at(-1)! - times[0]!).toBeGreaterThan(durationSeconds - 0.5);
    }
  }
}

describe('FfmpegTranscoder.available', () => {
  it('finds the installed tools and reports missing ones without throwing', async () => {
    expect(await transcoder.available()).toEqual({ ffmpeg: true, ffprobe: true });
    const missing = new FfmpegTranscoder({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' });
    expect(await missing.available()).toEqual({ ffmpeg: false, ffprobe: false });
  });
});

describe('FfmpegTranscoder.probe: the fixtures', () => {
  it('reads cockatoo.mp4: 14 s 1280x720 H.264 at 20 fps with mono MP3', async () => {
    const facts = await transcoder.probe(COCKATOO);
    expect(facts).toMatchObject({
      videoCodec: 'h264', width: 1280, height: 720, displayWidth: 1280, displayHeight: 720, rotation: 0,
      frameRate: 20, hasAudio: true, audioCodec: 'mp3', audioChannels: 1, sizeBytes: 728_751,
    });
    expect(facts.container).toContain('mp4');
    expect(facts.durationSeconds).toBeCloseTo(14, 1);
  });

  it('reads movie-hello.mp4: 8.3 s 1280x720 with AAC stereo', async () => {
    const facts = await transcoder.probe(MOVIE_HELLO);
    expect(facts).toMatchObject({ videoCodec: 'h264', displayWidth: 1280, displayHeight: 720, audioCodec: 'aac', audioChannels: 2 });
    expect(facts.durationSeconds).toBeCloseTo(8.32, 2);
  });

  it('reads wannaworktogether.mp4: 180 s 480x352 at 29.97 fps with AAC stereo', async () => {
    const facts = await transcoder.probe(WANNA);
    expect(facts).toMatchObject({ videoCodec: 'h264', width: 480, height: 352, displayWidth: 480, displayHeight: 352, audioCodec: 'aac', audioChannels: 2 });
    expect(facts.durationSeconds).toBeCloseTo(180.26, 1);
    expect(facts.frameRate).toBeCloseTo(29.97, 1);
  });
});

describe('FfmpegTranscoder.probe: edge cases and rejections', () => {
  it('reads the display size of a rotated file as portrait', async () => {
    const facts = await transcoder.probe(made['rotated.mp4']!);
    expect(facts).toMatchObject({ width: 320, height: 240, displayWidth: 240, displayHeight: 320 });
    expect([90, 270]).toContain(facts.rotation);
  });

  it('reads a file without audio, a 5.1 file and a file with extra streams', async () => {
    expect(await transcoder.probe(made['no-audio.mp4']!)).toMatchObject({ hasAudio: false, audioCodec: null, audioChannels: 0 });
    expect(await transcoder.probe(made['surround.mp4']!)).toMatchObject({ hasAudio: true, audioChannels: 6 });
    expect(await transcoder.probe(made['extra-streams.mkv']!)).toMatchObject({ videoCodec: 'h264', audioCodec: 'opus', displayWidth: 320 });
  });

  const rejected = async (file: string): Promise<MediaRejectedError> => {
    const error = await transcoder.probe(file).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    return error as MediaRejectedError;
  };

  it('rejects a text file renamed .mp4', async () => {
    expect((await rejected(made['text.mp4']!)).reason).toMatch(/^The file is not a video ffmpeg can read \(ffprobe: .+\)\.$/);
  });

  it('rejects a truncated MP4 whose index is at the end (ffprobe cannot read it)', async () => {
    expect((await rejected(made['cockatoo-cut.mp4']!)).reason).toMatch(/not a video ffmpeg can read/);
  });

  it('rejects a truncated fast-start MP4, which ffprobe alone would accept', async () => {
    expect((await rejected(made['movie-hello-cut.mp4']!)).reason).toMatch(/^The file is incomplete/);
  });

  it('rejects a music file with only a cover picture, and a still picture renamed .mp4', async () => {
    expect((await rejected(made['cover-art.mp3']!)).reason).toMatch(/^The file has no video stream/);
    expect((await rejected(made['picture.mp4']!)).reason).toBe('The file is a still image (png), not a video.');
  });

  it('throws MediaToolsMissingError when ffprobe is not installed', async () => {
    const missing = new FfmpegTranscoder({ ffprobePath: '/nonexistent/ffprobe' });
    await expect(missing.probe(COCKATOO)).rejects.toBeInstanceOf(MediaToolsMissingError);
  });
});

describe('factsFromProbe (pure)', () => {
  const base = { format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.0' } };

  it('skips a cover picture placed before the real video, and reads rotation, aspect ratio and frame rate', () => {
    const facts = factsFromProbe({
      ...base,
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } },
        { index: 1, codec_type: 'video', codec_name: 'h264', width: 720, height: 576, sample_aspect_ratio: '64:45', avg_frame_rate: '25/1',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] },
        { index: 2, codec_type: 'audio', codec_name: 'ac3', channels: 6 },
      ],
    }, 1234);
    expect(facts).toMatchObject({ videoCodec: 'h264', width: 720, height: 576, rotation: 90, displayWidth: 576, displayHeight: 1024, frameRate: 25, audioChannels: 6, sizeBytes: 1234 });
  });

  it('rejects a missing or zero duration as truncated, and no video at all', () => {
    const video = { codec_type: 'video', codec_name: 'h264', width: 640, height: 360 };
    expect(() => factsFromProbe({ format: { format_name: 'mpegts' }, streams: [video] }, 1)).toThrow(/truncated or damaged/);
    expect(() => factsFromProbe({ format: { format_name: 'mpegts', duration: '0.000000' }, streams: [video] }, 1)).toThrow(MediaRejectedError);
    expect(() => factsFromProbe({ ...base, streams: [{ codec_type: 'audio', codec_name: 'aac' }] }, 1)).toThrow('The file has no video stream.');
  });
});

describe('createProgressTracker (pure)', () => {
  it('reports whole, rising percentages from out_time_us/out_time_ms split across chunks, 100 only at finish', () => {
    const seen: number[] = [];
    const tracker = createProgressTracker(10, (p) => seen.push(p));
    tracker.push('out_time_us=N/A\nout_time_us=1000000\nout_time_ms=1');
    tracker.push('500000\nout_time_us=1200000\nout_time_us=500000\nout_time_us=99990000\nout_time_us=20000000\n');
    expect(seen).toEqual([10, 15, 99]);
    tracker.finish();
    tracker.finish();
    expect(seen).toEqual([10, 15, 99, 100]);
  });
});

describe('FfmpegTranscoder.transcodeToHls', () => {
  const transcode = async (source: string, name: string, segmentType?: SegmentType) => {
    const facts = await transcoder.probe(source);
    const outDir = path.join(tmp, 'out', name);
    const progress: number[] = [];
    const using = segmentType ? new FfmpegTranscoder({ segmentType }) : transcoder;
    const result = await using.transcodeToHls(source, outDir, facts, (p) => progress.push(p));
    return { facts, outDir, result, progress };
  };
  const landscape720: Expected[] = [
    { name: '144p', width: 256, height: 144 },
    { name: '240p', width: 426, height: 240 },
    { name: '360p', width: 640, height: 360 },
    { name: '480p', width: 854, height: 480 },
    { name: '720p', width: 1280, height: 720 },
  ];

  it('makes the 5-rung ladder of movie-hello.mp4 in one run, with rising progress ending at 100', async () => {
    const { facts, outDir, result, progress } = await transcode(MOVIE_HELLO, 'movie-hello');
    await expectHls(outDir, result, facts.durationSeconds, landscape720);
    expect(result.renditions.map((r) => [r.videoBitrate, r.audioBitrate])).toEqual([
      [90_000, 48_000], [350_000, 96_000], [700_000, 96_000], [1_200_000, 128_000], [2_500_000, 128_000],
    ]);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    progress.forEach((p, i) => {
      expect(Number.isInteger(p)).toBe(true);
      if (i > 0) expect(p).toBeGreaterThan(progress[i - 1]!);
    });
  }, 120_000);

  it('makes the ladder of cockatoo.mp4, turning its mono 16 kHz MP3 into AAC stereo 48 kHz', async () => {
    const { facts, outDir, result } = await transcode(COCKATOO, 'cockatoo');
    await expectHls(outDir, result, facts.durationSeconds, landscape720);
    // The 144p rung (ADR 026) costs at most 150 kb/s in all, container and init segment included.
    const average = Number(/AVERAGE-BANDWIDTH=(\d+),RESOLUTION=256x144/.exec(await readFile(path.join(outDir, 'master.m3u8'), 'utf8'))?.[1]);
    const bytes = (await Promise.all(['init.mp4', ...parseMediaPlaylist(await readFile(path.join(outDir, '144p/index.m3u8'), 'utf8')).map((x) => x.uri)]
      .map((u) => stat(path.join(outDir, '144p', u))))).reduce((a, st) => a + st.size, 0);
    expect(average).toBe(Math.round((bytes * 8) / facts.durationSeconds));
    expect(average).toBeGreaterThan(60_000);
    expect(average).toBeLessThanOrEqual(150_000);
    console.info(`cockatoo.mp4 fMP4 master:\n${await readFile(path.join(outDir, 'master.m3u8'), 'utf8')}`);
  }, 120_000);

  it('still writes MPEG-TS ladders on request (segmentType mpegts), larger than the same rungs in fMP4', async () => {
    const ts = await transcode(MOVIE_HELLO, 'movie-hello-ts', 'mpegts');
    await expectHls(ts.outDir, ts.result, ts.facts.durationSeconds, landscape720, 'mpegts');
    const fmp4Dir = path.join(tmp, 'out', 'movie-hello');
    const total = async (dir: string) => {
      const files = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8')).map((x) => x.uri);
      if (files[0]!.endsWith('.m4s')) files.push('init.mp4');
      return (await Promise.all(files.map((f) => stat(path.join(dir, f))))).reduce((a, st) => a + st.size, 0);
    };
    const rows: string[] = [];
    for (const { name } of landscape720) {
      const [t, f] = [await total(path.join(ts.outDir, name)), await total(path.join(fmp4Dir, name))];
      rows.push(`${name}: ts ${t} B, fmp4 ${f} B (${(((t - f) / t) * 100).toFixed(1)} % smaller)`);
      expect(f, name).toBeLessThan(t);
    }
    console.info(`movie-hello.mp4 (${ts.facts.durationSeconds.toFixed(2)} s), bytes per rendition:\n${rows.join('\n')}`);
  }, 180_000);

  it('gives a file without audio a silent AAC stereo track', async () => {
    const { facts, outDir, result } = await transcode(made['no-audio.mp4']!, 'no-audio');
    await expectHls(outDir, result, facts.durationSeconds, [{ name: '144p', width: 192, height: 144 }, { name: '240p', width: 320, height: 240 }]);
  });

  it('downmixes 5.1 audio to stereo', async () => {
    const { facts, outDir, result } = await transcode(made['surround.mp4']!, 'surround');
    await expectHls(outDir, result, facts.durationSeconds, [{ name: '144p', width: 192, height: 144 }, { name: '240p', width: 320, height: 240 }]);
  });

  it('turns a rotated file upright: portrait output, no rotation left', async () => {
    const { facts, outDir, result } = await transcode(made['rotated.mp4']!, 'rotated');
    await expectHls(outDir, result, facts.durationSeconds, [{ name: '144p', width: 144, height: 192 }, { name: '240p', width: 240, height: 320 }]);
  });

  it('makes the one-rendition ladder of a feature-phone source (176x144, Theora in Ogg) and of a 32x24 source', async () => {
    // One rendition: ffmpeg leaves `%v` unsubstituted in the init segment's name (init-segment.ts).
    const phone = path.join(tmp, 'phone-176x144.ogv');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=176x144:rate=15:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
      '-c:v', 'libtheora', '-q:v', '5', '-c:a', 'libvorbis', phone);
    const one = await transcode(phone, 'phone');
    await expectHls(one.outDir, one.result, one.facts.durationSeconds, [{ name: '144p', width: 176, height: 144 }]);
    const tiny = path.join(tmp, 'tiny-32x24.mp4');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=32x24:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', tiny);
    const small = await transcode(tiny, 'tiny');
    // 32x24 pixels of a test pattern cannot spend the floor bitrate: the measured peak is not checked.
    await expectHls(small.outDir, small.result, small.facts.durationSeconds, [{ name: '24p', width: 32, height: 24 }], 'fmp4', { peakChecked: false });
  }, 120_000);

  it('handles odd sizes (641x359, 4:4:4) with even output sizes in 4:2:0', async () => {
    const { facts, outDir, result } = await transcode(made['odd-641x359.mp4']!, 'odd');
    await expectHls(outDir, result, facts.durationSeconds, [{ name: '144p', width: 258, height: 144 }, { name: '240p', width: 428, height: 240 }, { name: '358p', width: 640, height: 358 }]);
  });

  it('ignores subtitle and attachment streams, even placed before the video', async () => {
    const { facts, outDir, result } = await transcode(made['extra-streams.mkv']!, 'extra-streams');
    await expectHls(outDir, result, facts.durationSeconds, [{ name: '144p', width: 192, height: 144 }, { name: '240p', width: 320, height: 240 }]);
  });

  it('fails with the tail of ffmpeg stderr when ffmpeg cannot read the input', async () => {
    const facts: SourceFacts = await transcoder.probe(made['no-audio.mp4']!);
    const error = await transcoder.transcodeToHls(made['text.mp4']!, path.join(tmp, 'out', 'broken'), facts).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^ffmpeg failed transcoding .*exited with code \d+\. Last lines of its stderr:\n.*Invalid data/s);
  });

  it('throws MediaToolsMissingError when ffmpeg is not installed', async () => {
    const facts = await transcoder.probe(made['no-audio.mp4']!);
    const missing = new FfmpegTranscoder({ ffmpegPath: '/nonexistent/ffmpeg' });
    await expect(missing.transcodeToHls(made['no-audio.mp4']!, path.join(tmp, 'out', 'missing'), facts)).rejects.toBeInstanceOf(MediaToolsMissingError);
  });
});

describe('FfmpegTranscoder.poster', () => {
  it('writes a WebP at most 640 px wide from cockatoo.mp4', async () => {
    const outFile = path.join(tmp, 'posters', 'cockatoo.webp');
    await transcoder.poster(COCKATOO, await transcoder.probe(COCKATOO), outFile);
    const meta = await sharp(outFile).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });
  });

  it('writes an upright (portrait) poster for a rotated file, without enlarging it', async () => {
    const outFile = path.join(tmp, 'posters', 'rotated.webp');
    await transcoder.poster(made['rotated.mp4']!, await transcoder.probe(made['rotated.mp4']!), outFile);
    expect(await sharp(outFile).metadata()).toMatchObject({ format: 'webp', width: 240, height: 320 });
  });
});
