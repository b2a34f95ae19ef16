/**
 * The command line's commands run inside a running server, their output streamed back as it is made
 * (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26): one JSON object per line (NDJSON),
 *   {"t":"out","s":"text"}   text for stdout          {"t":"err","s":"text"}   text for stderr
 *   {"t":"tick"}             every `heartbeatMs` (15 s), so a long quiet wait never looks like a dead connection
 *   {"t":"done","code":N}    last line: the exit code
 * A command that throws unexpectedly still ends with `done` (code 1). server-client.ts reads this stream.
 */
import { PassThrough, type Readable } from 'node:stream';
import { runCli, type CliContext } from './commands.js';

export type CliEvent = { t: 'out' | 'err'; s: string } | { t: 'tick' } | { t: 'done'; code: number };

/** Seconds between two heartbeat lines of a quiet command. */
export const HEARTBEAT_MS = 15_000;

/**
 * Runs `argv` with `ctx` and returns its output as an NDJSON stream. `abort()` (the client went away) aborts the
 * command's waits (ctx.signal); the command's work already started (an import, a transcode) goes on.
 */
export function streamCli(argv: string[], ctx: Omit<CliContext, 'write' | 'signal'>, opts: { heartbeatMs?: number } = {}): { stream: Readable; abort: () => void } {
  const stream = new PassThrough();
  const controller = new AbortController();
  const send = (e: CliEvent) => {
    if (!stream.writableEnded) stream.write(`${JSON.stringify(e)}\n`);
  };
  const heartbeat = setInterval(() => send({ t: 'tick' }), opts.heartbeatMs ?? HEARTBEAT_MS);
  runCli(argv, { ...ctx, signal: controller.signal, write: (t, s) => send({ t, s }) })
    .then(
      (r) => send({ t: 'done', code: r.code }),
      (err: unknown) => {
        send({ t: 'err', s: `error: ${(err as Error).message}\n` });
        send({ t: 'done', code: 1 });
      },
    )
    .finally(() => {
      clearInterval(heartbeat);
      stream.end();
    });
  return { stream, abort: () => controller.abort() };
}
