/**
 * A command run through a running server streams its output as it is made, with no time limit on the client
 * (cli-stream.ts, server-client.ts; docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26). A slow fake
 * transcoder stands in for a 20-minute film: the movie id and each percent arrive while the transcode still runs.
 */
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { FIXTURES, startTestApp, type TestApp, testTranscoder } from '../test/harness.js';
import { MediaRejectedError, type Transcoder } from '../providers/transcoder/transcoder.js';
import { runThroughServer } from './server-client.js';

const TOKEN = 'test-cli-token';

describe('command line through a running server', () => {
  let t: TestApp;
  let port = 0;
  let failNext = false;
  /** Set by the slow transcoder while it runs. */
  let transcoding = false;
  beforeAll(async () => {
    const real = testTranscoder();
    const slow: Transcoder = {
      available: () => real.available(),
      probe: (f, b) => real.probe(f, b),
      poster: (i, f, o) => real.poster(i, f, o),
      async transcodeToHls(input, outDir, facts, onProgress) {
        if (failNext) {
          failNext = false;
          throw new MediaRejectedError('fake failure');
        }
        transcoding = true;
        try {
          for (const p of [10, 40, 70]) {
            onProgress?.(p);
            await new Promise((r) => setTimeout(r, 1500));
          }
          return await real.transcodeToHls(input, outDir, facts, onProgress);
        } finally {
          transcoding = false;
        }
      },
    };
    t = await startTestApp('pglite', { transcoder: slow });
    // The same app as main.ts serves, with a CLI token, listening on a real port (on the test app's database).
    const first = t;
    await first.close();
    const built = await buildApp({ config: t.config, db: t.db, transcoder: slow, cliToken: TOKEN, logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (built.app.server.address() as { port: number }).port;
    t = { ...first, ...built, stop: async () => (await built.close(), await first.stop()) };
  }, 60_000);
  afterAll(() => t.stop());

  it('streams the id at once, then the percent as it moves, and ends with the exit code', async () => {
    const events: { at: number; text: string; transcoding: boolean }[] = [];
    const sink = { out: (s: string) => events.push({ at: Date.now(), text: `out:${s}`, transcoding }), err: (s: string) => events.push({ at: Date.now(), text: `err:${s}`, transcoding }) };
    const code = await runThroughServer({ port, token: TOKEN }, { argv: ['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Streamed', '--wait'], cwd: process.cwd() }, sink);
    expect(code).toBe(0);
    expect(events[0]!.text).toMatch(/^out:[0-9a-f-]{36}\n$/);
    const percents = events.filter((e) => /^err:transcoding \d+%/.test(e.text));
    expect(percents.map((e) => Number(/(\d+)%/.exec(e.text)![1]))).toEqual(expect.arrayContaining([10, 40, 70]));
    // Shown while the transcoder was still at work, not all at the end.
    expect(percents.filter((e) => e.transcoding).length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)!.text).toMatch(/^err:ready: /);
    expect((await t.services.catalog.adminGet(events[0]!.text.slice(4).trim())).isPremium).toBe(true);
  }, 240_000);

  it('transcodes a failed video again from its kept source', async () => {
    failNext = true;
    const out: string[] = [];
    const sink = { out: (s: string) => out.push(s), err: (s: string) => out.push(s) };
    const first = await runThroughServer({ port, token: TOKEN }, { argv: ['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Retried', '--wait'], cwd: process.cwd() }, sink);
    expect(first).toBe(1);
    expect(out.join('')).toMatch(/failed: fake failure/);
    const id = out[0]!.trim();
    out.length = 0;
    const again = await runThroughServer({ port, token: TOKEN }, { argv: ['movie', 'retranscode', id, '--wait'], cwd: process.cwd() }, sink);
    expect(out.join('')).toMatch(/Retried: video [0-9a-f-]{36} queued for transcoding\n(.|\n)*ready: /);
    expect(again).toBe(0);
    expect((await t.services.catalog.adminGet(id)).video?.status).toBe('ready');
  }, 240_000);

  it("replaces an episode's video from a file, and transcodes it again from its kept source when that failed", async () => {
    const show = await t.services.series.create({ title: 'Streamed show', category: 'drama' });
    await t.services.series.addSeason(show.id);
    const episode = (await t.services.series.addEpisode(show.id, 1, { episodeNumber: 1, title: 'One' })) as { id: string };
    failNext = true;
    const out: string[] = [];
    const sink = { out: (s: string) => out.push(s), err: (s: string) => out.push(s) };
    const first = await runThroughServer({ port, token: TOKEN }, { argv: ['episode', 'retranscode', episode.id, '--file', path.join(FIXTURES, 'movie-hello.mp4'), '--wait'], cwd: process.cwd() }, sink);
    expect(first).toBe(1);
    expect(out.join('')).toMatch(/copying 100%\n(.|\n)*failed: fake failure/);
    out.length = 0;
    const again = await runThroughServer({ port, token: TOKEN }, { argv: ['episode', 'retranscode', episode.id, '--wait'], cwd: process.cwd() }, sink);
    expect(out.join('')).toMatch(new RegExp(`episode ${episode.id}: video [0-9a-f-]{36} queued for transcoding\n(.|\n)*ready: `));
    expect(again).toBe(0);
    const video = (await t.db.executeSql('select v.status from episodes e join video_assets v on v.id = e.video_id where e.id = $1', [episode.id])).rows[0];
    expect(video).toEqual({ status: 'ready' });
  }, 240_000);

  it('takes the password in the body, never in argv, and refuses a wrong token', async () => {
    const out: string[] = [];
    const sink = { out: (s: string) => out.push(s), err: (s: string) => out.push(s) };
    expect(await runThroughServer({ port, token: TOKEN }, { argv: ['user', 'create', '--email', 'streamed@example.com'], cwd: process.cwd(), password: 'tall-green-giraffe' }, sink)).toBe(0);
    expect(out.join('')).toMatch(/^created user streamed@example.com/);
    out.length = 0;
    expect(await runThroughServer({ port, token: TOKEN }, { argv: ['user', 'set-password', '--email', 'streamed@example.com', '--password', 'x'], cwd: process.cwd() }, sink)).toBe(2);
    expect(out.join('')).toMatch(/never takes the password on the command line/);
    out.length = 0;
    expect(await runThroughServer({ port, token: 'wrong-token-of-same-size' }, { argv: ['user', 'list'], cwd: process.cwd() }, sink)).toBe(1);
    expect(out.join('')).toMatch(/refused the command \(403\)/);
  });
});

describe('the client of the CLI route', () => {
  it('waits through a long silence and reads lines split across chunks', async () => {
    // A server that sends the headers, then nothing for 2.5 s, then a line in two pieces: any idle timeout would show.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      setTimeout(() => res.write('{"t":"out","s":"hel'), 2500);
      setTimeout(() => res.end('lo\\n"}\n{"t":"tick"}\n{"t":"done","code":3}\n'), 2700);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const out: string[] = [];
    const code = await runThroughServer({ port: (server.address() as { port: number }).port, token: 'x' }, { argv: [], cwd: '/' }, { out: (s) => out.push(s), err: (s) => out.push(`E${s}`) });
    server.close();
    expect(code).toBe(3);
    expect(out).toEqual(['hello\n']);
  });

  it('says so when the connection ends before the command did', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200);
      res.end('{"t":"out","s":"partial\\n"}\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const out: string[] = [];
    const code = await runThroughServer({ port: (server.address() as { port: number }).port, token: 'x' }, { argv: [], cwd: '/' }, { out: (s) => out.push(s), err: (s) => out.push(s) });
    server.close();
    expect(code).toBe(1);
    expect(out.join('')).toMatch(/closed the connection before the command finished/);
  });
});
