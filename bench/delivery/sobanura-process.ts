/**
 * Sobanura as a real server process for the delivery bench: `node --import tsx src/server/main.ts`, or plain node on
 * the compiled entry named by BENCH_SERVER_JS (so the child's pid is the server itself, whose RSS the bench reads), on 127.0.0.1 and a free port, with the environment given
 * (DATA_DIR, STORAGE, S3_*, MEDIA_ACCEL_PREFIX...). The command line (`src/server/cli.ts`) runs with the same
 * environment and reaches the running server through DATA_DIR/server.json (docs/decisions/002-cli-and-embedded-database.md).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The repository's root (main.ts and cli.ts are run from there, as `npm start` does). */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A stop function for `child`: SIGTERM, then SIGKILL after 10 s; resolves once it has exited (at once if it had). */
export function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
}

export interface SobanuraProcess {
  /** `http://127.0.0.1:{port}` */
  url: string;
  port: number;
  /** pid of the Node process that serves HTTP (not a wrapper). */
  pid: number;
  /** Runs `src/server/cli.ts ARGS` with the server's environment; resolves with its stdout. @throws on a non-zero exit (stderr in the message). */
  cli(...args: string[]): Promise<string>;
  /** Everything the server wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

/**
 * How the server is started: `--import tsx src/server/main.ts` (as `npm start`), or the compiled production entry
 * named by BENCH_SERVER_JS (`npm run build:server`, then BENCH_SERVER_JS=dist/server/main.js), run by plain node.
 */
export function serverArgs(): string[] {
  const compiled = process.env.BENCH_SERVER_JS;
  return compiled ? [path.resolve(REPO_ROOT, compiled)] : ['--import', 'tsx', 'src/server/main.ts'];
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` on top of this process's environment (PORT, HOST, PUBLIC_URL and DEMO_CATALOG=false are
 * set here) and waits until GET /api/health answers 200.
 * @throws when the process exits or is not up within 90 seconds (its output in the message).
 */
export async function startSobanura(env: Record<string, string>): Promise<SobanuraProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DEMO_CATALOG: 'false', LOG_LEVEL: 'warn', ...env };
  const child = spawn(process.execPath, serverArgs(), { cwd: REPO_ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = stopper(child);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start within 90 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    stop,
    async cli(...args) {
      try {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: REPO_ROOT, env: fullEnv, maxBuffer: 1 << 20 });
        return stdout;
      } catch (err) {
        const e = err as { stderr?: string; message: string };
        throw new Error(`sobanura ${args.join(' ')} failed: ${e.stderr || e.message}`);
      }
    },
  };
}
