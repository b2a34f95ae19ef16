/**
 * Runs ffmpeg or ffprobe as a child process with an argument array (never a shell string), keeping
 * the tail of stderr for error messages (docs/product/architecture.md §4.9; Node's child_process.spawn documentation).
 *
 * A child never outlives this process: on Linux the tool is started through util-linux `setpriv --pdeathsig
 * SIGKILL -- <bin> <args...>`, which sets the parent-death signal (prctl PR_SET_PDEATHSIG, see prctl(2) and
 * setpriv(1)) and then execs the tool in place, so the pid is the tool's own. When this Node process dies, even
 * by SIGKILL, the kernel sends SIGKILL to the tool, instead of leaving it orphaned to PID 1 and still encoding
 * (docs/decisions/016-object-storage-and-roles.md, "worker roles"). prctl(2): the signal fires when the *thread*
 * that forked exits; libuv forks from the thread that calls spawn, here the main event-loop thread, which lives
 * as long as the process (do not call runTool from a worker_thread that ends before its tools). Without setpriv
 * (not Linux, or util-linux missing) the tool is spawned directly, as before.
 *
 * Every running child is kept in a registry, so a graceful stop (SIGTERM) can end them all: killRunningTools.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { MediaToolsMissingError } from './transcoder.js';

/** How many stderr lines a failure message carries. */
export const STDERR_TAIL_LINES = 20;

/** Seconds killRunningTools waits after its first signal before sending SIGKILL. */
export const KILL_GRACE_SECONDS = 5;

/** What a finished run left: exit code (null when killed by a signal), stdout if collected, stderr's last lines. */
export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** All of stdout, when `collectStdout` was set; otherwise empty. */
  stdout: Buffer;
  /** The last STDERR_TAIL_LINES non-empty lines of stderr. */
  stderrTail: string[];
  /** True when the tool was killed (SIGKILL) because it ran longer than `timeoutSeconds`. */
  timedOut: boolean;
}

/** Options of runTool. */
export interface RunToolOptions {
  /** Keep all of stdout in memory and return it (ffprobe JSON, a PNG frame). */
  collectStdout?: boolean;
  /** Called with each stdout chunk as it arrives (ffmpeg -progress pipe:1). */
  onStdout?: (chunk: Buffer) => void;
  /** Called once the tool is started, with its process id (the tool's own pid, also when started through setpriv). */
  onSpawn?: (pid: number) => void;
  /** Working directory of the child. */
  cwd?: string;
  /**
   * Longest run allowed, seconds: past it the tool gets SIGKILL and the run resolves with `timedOut: true`
   * (a tool stuck on a file, e.g. ffprobe on a source that never ends). Default: no limit (a transcode's length
   * depends on the film).
   */
  timeoutSeconds?: number;
}

/** The children started by runTool that have not exited yet. */
const running = new Set<ChildProcess>();

/**
 * Spawns `bin args...` and resolves when it exits, whatever the exit code (or when `timeoutSeconds` ran out and it
 * was killed: `timedOut`).
 * Rejects with MediaToolsMissingError(toolName) when the binary is not found (ENOENT on spawn, or setpriv's
 * "failed to execute" with exit 127 when the binary vanished between the lookup and the exec), and with the spawn
 * error (or setpriv's message, exit 126) for any other failure to start it.
 */
export async function runTool(toolName: string, bin: string, args: readonly string[], options: RunToolOptions = {}): Promise<ToolRun> {
  const launcher = await deathSignalLauncher();
  // setpriv reports a missing tool by exiting 127, not by ENOENT, so look the tool up first: when it is not found,
  // spawn it directly and let the spawn fail exactly as it always did (nothing runs, so nothing can be orphaned).
  const resolved = launcher ? await findExecutable(bin, options.cwd) : null;
  const [command, commandArgs] = launcher && resolved ? [launcher, ['--pdeathsig', 'SIGKILL', '--', resolved, ...args]] : [bin, [...args]];
  const run = await new Promise<ToolRun>((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    running.add(child);
    // 'exit' (the process ended) can come well before 'close' (its pipes drained): it is gone from then on.
    child.once('exit', () => {
      running.delete(child);
      // A killed tool's own children may still hold its pipes open; they are not read any further.
      if (timedOut) {
        child.stdout.destroy();
        child.stderr.destroy();
      }
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer =
      options.timeoutSeconds === undefined
        ? null
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutSeconds * 1000);
    child.once('spawn', () => child.pid !== undefined && options.onSpawn?.(child.pid));
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
      if (timer) clearTimeout(timer);
      running.delete(child);
      reject(error.code === 'ENOENT' ? new MediaToolsMissingError(toolName) : error);
    });
    child.once('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      running.delete(child);
      resolve({ code, signal, stdout: Buffer.concat(chunks), stderrTail: tailLines(stderr, STDERR_TAIL_LINES), timedOut });
    });
  });
  if (command === launcher && (run.code === 126 || run.code === 127)) {
    // setpriv(1): "failed to execute <path>: <reason>", exit 127 when not found and 126 when not executable.
    const failure = run.stderrTail.find((line) => line.startsWith('setpriv: failed to execute'));
    if (failure) throw run.code === 127 ? new MediaToolsMissingError(toolName) : new Error(`${toolName} could not be started: ${failure}`);
  }
  return run;
}

/**
 * Sends `signal` to every tool runTool started that is still running, and resolves when all have exited; a tool
 * still running `graceSeconds` (default KILL_GRACE_SECONDS) after the signal gets SIGKILL. For a graceful stop:
 * ffmpeg ends on SIGTERM, its runTool resolves with `signal: 'SIGTERM'`, and the job that ran it fails and is
 * retried. Never rejects.
 */
export async function killRunningTools(signal: NodeJS.Signals = 'SIGTERM', graceSeconds = KILL_GRACE_SECONDS): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceSeconds * 1000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill(signal);
        }),
    ),
  );
}

/** How many tools runTool started are still running (for a stop's log line, and tests). */
export function runningToolCount(): number {
  return running.size;
}

let launcherPromise: Promise<string | null> | undefined;

/**
 * The absolute path of a `setpriv` that accepts `--pdeathsig`, or null where there is none (not Linux, util-linux
 * absent or too old: --pdeathsig came in util-linux 2.33). Looked up once per process: setpriv is run once with
 * `--pdeathsig SIGKILL -- <setpriv> --version` and must exit 0.
 */
export function deathSignalLauncher(): Promise<string | null> {
  launcherPromise ??= (async () => {
    if (process.platform !== 'linux') return null;
    const setpriv = await findExecutable('setpriv');
    if (!setpriv) return null;
    return new Promise<string | null>((resolve) => {
      execFile(setpriv, ['--pdeathsig', 'SIGKILL', '--', setpriv, '--version'], { timeout: 10_000 }, (error) => resolve(error ? null : setpriv));
    });
  })();
  return launcherPromise;
}

/**
 * Where `bin` would be executed from, as execvp(3) looks it up: a name with a slash is taken relative to `cwd`
 * (else this process's directory); a bare name is searched in the PATH directories. Returns the absolute path of
 * the first regular file with execute permission, or null.
 */
export async function findExecutable(bin: string, cwd?: string): Promise<string | null> {
  const candidates = bin.includes('/')
    ? [path.resolve(cwd ?? process.cwd(), bin)]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((dir) => path.isAbsolute(dir))
        .map((dir) => path.join(dir, bin));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // Not here; try the next directory.
    }
  }
  return null;
}

/** The last `count` non-empty lines of `text`. */
export function tailLines(text: string, count: number): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-count);
}
