/**
 * Videos transcoded before fragmented MP4 (MPEG-TS ladders) keep playing, and `movie retranscode ID --file FILE`
 * moves one over to fMP4 (docs/decisions/026-cmaf-segments-and-144p-rung.md). Through the real app, command line
 * and ffmpeg: the app's transcoder writes MPEG-TS (as the server did before ADR 026) for the import, then fMP4 (as
 * it does now) for the retranscode.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, type CliContext } from '../../cli/commands.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp, testTranscoder } from '../../test/harness.js';
import type { SegmentType } from './ffmpeg-args.js';
import type { Transcoder } from './transcoder.js';

/** A transcoder whose segment type the test switches, as a server upgraded from MPEG-TS to fMP4 would. */
function switchableTranscoder(ffmpegPath: string, ffprobePath: string): Transcoder & { segmentType: SegmentType } {
  const make = (segmentType: SegmentType) => testTranscoder({ ffmpegPath, ffprobePath, segmentType });
  const box = {
    segmentType: 'mpegts' as SegmentType,
    available: () => make('fmp4').available(),
    probe: (file: string, bytes?: Parameters<Transcoder['probe']>[1]) => make('fmp4').probe(file, bytes),
    transcodeToHls: (input: string, outDir: string, facts: Parameters<Transcoder['transcodeToHls']>[2], onProgress?: (p: number) => void) =>
      make(box.segmentType).transcodeToHls(input, outDir, facts, onProgress),
    poster: (input: string, facts: Parameters<Transcoder['poster']>[1], outFile: string) => make('fmp4').poster(input, facts, outFile),
  };
  return box;
}

describeEachDb('an MPEG-TS video, then retranscoded to fMP4', (kind) => {
  let t: TestApp;
  const transcoder = switchableTranscoder(process.env.FFMPEG_PATH ?? 'ffmpeg', process.env.FFPROBE_PATH ?? 'ffprobe');
  beforeAll(async () => {
    t = await startTestApp(kind, { transcoder });
  });
  afterAll(() => t.stop());
  const cli = (argv: string[], extra: Partial<CliContext> = {}) => runCli(argv, { services: t.services, cwd: process.cwd(), waitSeconds: 300, pollMs: 100, ...extra });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

  /** Plays `movieId` as `cookie`: the lowest rendition's media playlist, its first segment and its init segment. */
  async function play(movieId: string, cookie: string) {
    const res = await t.app.inject({ method: 'POST', url: `/api/playback/${movieId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const master = await get(url, cookie);
    expect(master.statusCode).toBe(200);
    const variant = uris(master.body).find((u) => u.startsWith('240p/'))!;
    const media = await get(base + variant, cookie);
    expect(media.statusCode).toBe(200);
    const dir = base + variant.slice(0, variant.lastIndexOf('/') + 1);
    const segmentUri = uris(media.body)[0]!;
    const segment = await get(dir + segmentUri, cookie);
    const init = await get(`${dir}init.mp4`, cookie);
    return { media: media.body, segmentUri, segment, init };
  }

  it('plays the MPEG-TS ladder as before, and a retranscode with --file gives the film an fMP4 ladder', async () => {
    const imported = await cli(['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Old transcode', '--free', '--wait']);
    expect(imported.code).toBe(0);
    const movieId = imported.out.trim();
    const viewer = await signUp(t);
    const oldVideoId = (await t.services.catalog.adminGet(movieId)).video!.id;

    const before = await play(movieId, viewer.cookie);
    expect(before.media).not.toContain('#EXT-X-MAP');
    expect(before.segmentUri).toBe('seg_00000_0.ts');
    expect(before.segment.statusCode).toBe(200);
    expect(before.segment.headers['content-type']).toBe('video/mp2t');
    expect(before.segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect(before.init.statusCode).toBe(404);

    transcoder.segmentType = 'fmp4';
    const again = await cli(['movie', 'retranscode', movieId, '--file', path.join(FIXTURES, 'movie-hello.mp4'), '--wait']);
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/ready: 144p, 240p, 360p, 480p, 720p\n$/);
    const video = (await t.services.catalog.adminGet(movieId)).video!;
    expect(video.status).toBe('ready');
    expect(video.id).not.toBe(oldVideoId);

    // Another viewer (the first one's playback session still holds its stream, ADR 009).
    const after = await play(movieId, (await signUp(t)).cookie);
    expect(after.media).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(after.media).toContain('#EXT-X-VERSION:7');
    expect(uris(after.media).every((u) => u.endsWith('.m4s'))).toBe(true);
    expect(after.segmentUri).toBe('seg_00000_0.m4s');
    expect(after.segment.statusCode).toBe(200);
    expect(after.segment.headers['content-type']).toBe('video/iso.segment');
    expect(after.segment.rawPayload.subarray(4, 8).toString('latin1')).toBe('styp');
    expect(after.init.statusCode).toBe(200);
    expect(after.init.headers['content-type']).toBe('video/mp4');
    expect(after.init.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 600_000);
});
