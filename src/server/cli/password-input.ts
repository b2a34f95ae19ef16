/**
 * How the command line reads a password (user create, user set-password; docs/decisions/002-cli-and-embedded-database.md,
 * amended 2026-11-26): never from argv, where it would stay in the shell history and the process list.
 * - stdin is a terminal: a prompt on stderr, typed with echo off (raw mode), asked twice when `confirm`;
 * - otherwise: the first line of stdin (a trailing CR is dropped), e.g. `printf '%s\n' "$PW" | sobanura ...`.
 * @throws Error when stdin ends with nothing, the two entries differ, or Ctrl-C is typed.
 */

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown; pause(): unknown; resume(): unknown };

/** Reads stdin's first line (resolves at the first newline or at the end). */
export function readFirstLine(input: Input): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const finish = (s: string | null) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.removeListener('error', reject);
      input.pause();
      if (s === null || s === '') reject(new Error('no password on stdin: pipe it as the first line, or run in a terminal to be prompted'));
      else resolve(s.replace(/\r$/, ''));
    };
    const onData = (d: Buffer | string) => {
      buf += d.toString();
      const nl = buf.indexOf('\n');
      if (nl >= 0) finish(buf.slice(0, nl));
    };
    const onEnd = () => finish(buf.length ? buf : null);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', reject);
    input.resume();
  });
}

/** Reads one line typed on the terminal `input` in raw mode, echoing nothing. */
function readHidden(input: Input, output: NodeJS.WritableStream, prompt: string): Promise<string> {
  output.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (err: Error | null) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (d: Buffer | string) => {
      for (const ch of d.toString()) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done(null);
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    input.setRawMode?.(true);
    input.on('data', onData);
    input.resume();
  });
}

/**
 * The password, from the terminal (echo off) or stdin's first line; see the file comment.
 * @param prompt e.g. `New password for a@b.c: ` (shown on a terminal only).
 */
export async function readPassword(prompt: string, opts: { confirm?: boolean; input?: Input; output?: NodeJS.WritableStream } = {}): Promise<string> {
  const input = opts.input ?? (process.stdin as Input);
  const output = opts.output ?? process.stderr;
  if (!input.isTTY) return readFirstLine(input);
  const first = await readHidden(input, output, prompt);
  if (opts.confirm && (await readHidden(input, output, 'Type it again: ')) !== first) throw new Error('the two passwords differ; nothing changed');
  return first;
}
