/**
 * The command line's side of a command run by the running server (docs/decisions/002-cli-and-embedded-database.md,
 * amended 2026-11-26): POSTs `{ argv, cwd, password? }` to http://127.0.0.1:PORT/api/internal/cli with the server's
 * token and shows the NDJSON lines of cli-stream.ts as they arrive.
 *
 * It uses node:http with no timeout of any kind: fetch (undici) gives up after 300 s without response headers or
 * between two body chunks (headersTimeout, bodyTimeout), which ended `movie import --wait` for any real film.
 * Nothing here limits how long a command runs; Ctrl-C stops waiting (the server goes on with the work).
 */
import http from 'node:http';
import type { CliEvent } from './cli-stream.js';

export interface ServerCliRequest {
  argv: string[];
  cwd: string;
  /** The password read from the prompt or stdin (user create, user set-password); never sent in argv. */
  password?: string;
}

/** Where the output goes (process.stdout / process.stderr in cli.ts). */
export interface CliSink {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs the command through the server at `port` and resolves with its exit code: the `done` line's code; 1 when the
 * server refused (bad token: its status and text shown) or the connection ended before `done`.
 */
export function runThroughServer(server: { port: number; token: string; host?: string }, body: ServerCliRequest, sink: CliSink): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: server.host ?? '127.0.0.1',
        port: server.port,
        path: '/api/internal/cli',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-cli-token': server.token, accept: 'application/x-ndjson' },
      },
      (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let text = '';
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            sink.err(`the running server refused the command (${res.statusCode}): ${text}\n`);
            resolve(1);
          });
          return;
        }
        let buf = '';
        let code: number | null = null;
        const handle = (raw: string) => {
          if (!raw.trim()) return;
          const e = JSON.parse(raw) as CliEvent;
          if (e.t === 'out') sink.out(e.s);
          else if (e.t === 'err') sink.err(e.s);
          else if (e.t === 'done') code = e.code;
        };
        res.on('data', (d: string) => {
          buf += d;
          let nl: number;
          while ((nl = buf.indexOf('\n')) >= 0) {
            handle(buf.slice(0, nl));
            buf = buf.slice(nl + 1);
          }
        });
        res.on('end', () => {
          handle(buf);
          if (code === null) sink.err('error: the server closed the connection before the command finished (it may go on there; see its log)\n');
          resolve(code ?? 1);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
