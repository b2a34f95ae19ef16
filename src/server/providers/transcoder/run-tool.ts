/**
 * Runs ffmpeg or ffprobe as a child process with an argument array (never a shell string), keeping
 * the tail of stderr for error messages. Issue 2 point 6 ("use child_process.spawn with argument
 * arrays", "MediaToolsMissingError when the binary is missing", "last ~20 lines of stderr").
 */
import { spawn } from 'node:child_process';
import { MediaToolsMissingError } from './transcoder.js';

/** How many stderr lines a failure message carries. */
export const STDERR_TAIL_LINES = 20;

/** What a finished run left: exit code (null when killed by a signal), stdout if collected, stderr's last lines. */
export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** All of stdout, when `collectStdout` was set; otherwise empty. */
  stdout: Buffer;
  /** The last STDERR_TAIL_LINES non-empty lines of stderr. */
  stderrTail: string[];
}

/** Options of runTool. */
export interface RunToolOptions {
  /** Keep all of stdout in memory and return it (ffprobe JSON, a PNG frame). */
  collectStdout?: boolean;
  /** Called with each stdout chunk as it arrives (ffmpeg -progress pipe:1). */
  onStdout?: (chunk: Buffer) => void;
  /** Working directory of the child. */
  cwd?: string;
}

/**
 * Spawns `bin args...` and resolves when it exits, whatever the exit code.
 * Rejects with MediaToolsMissingError(toolName) when the binary is not found (ENOENT on spawn), and with
 * the spawn error for any other spawn failure.
 */
export function runTool(toolName: string, bin: string, args: readonly string[], options: RunToolOptions = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.collectStdout) chunks.push(chunk);
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr += text;
      // Keep memory bounded on chatty runs: only the tail is ever reported.
      if (stderr.length > 64_000) stderr = stderr.slice(-16_000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new MediaToolsMissingError(toolName) : error);
    });
    child.once('close', (code, signal) => {
      resolve({ code, signal, stdout: Buffer.concat(chunks), stderrTail: tailLines(stderr, STDERR_TAIL_LINES) });
    });
  });
}

/** The last `count` non-empty lines of `text`. */
export function tailLines(text: string, count: number): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-count);
}
