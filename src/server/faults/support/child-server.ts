/**
 * A real Sobanura server as a child process, for the fault scenarios (kill -9 at the moments a user's data could be
 * lost, then a restart on the same data). One `FaultSite` is one installation: a temporary root holding DATA_DIR
 * (`root/data`: secrets, the PGlite folder, uploads, media) and the child's TMPDIR (`root/tmp`, where transcode work
 * folders go, src/server/jobs/work-folders.ts), one port kept across restarts (PUBLIC_URL and callback URLs stay
 * valid), and on PostgreSQL a fresh database on TEST_DATABASE_URL's server (src/server/test/harness.ts).
 *
 * The child is `node dist/server/main.js` (the compiled server, src/server/test/built-server.ts) with
 * SOBANURA_ROLE=all, under `setpriv --pdeathsig SIGKILL` on Linux so it never outlives the test process; `start()` resolves once GET /api/ready answers 200 (database,
 * migrations and storage checked). `kill9()` sends SIGKILL and waits for the exit;
 * `dispose()` kills whatever still runs, drops the database and removes the root, and never throws.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { deathSignalLauncher } from '../../providers/transcoder/run-tool.js';
import { serverCommand } from '../../test/built-server.js';
import { createPostgresDatabase, type DbKind } from '../../test/harness.js';
import { freePort } from '../../../../tests/e2e/support/server.js';

const run = promisify(execFile);

/** Seconds a start may take (Node loads the server, PGlite opens and migrates): generous for a loaded 2-core CI machine. */
const START_SECONDS = 90;

export interface FaultSite {
  kind: DbKind;
  /** http://127.0.0.1:PORT, the same across restarts. */
  url: string;
  dataDir: string;
  /** The child's TMPDIR: the parent of its transcode work folders. */
  tmpDir: string;
  /** The running child's pid, or null. */
  pid(): number | null;
  /** Starts the server (again) on the same data; resolves when /api/ready answers 200. */
  start(): Promise<void>;
  /** SIGKILL to the server (no cleanup of any kind runs); resolves once it exited. */
  kill9(): Promise<void>;
  /** SIGTERM (the graceful stop of main.ts); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** stdout and stderr of every run so far (for failure messages). */
  log(): string;
  /** Runs the command line (src/server/cli.ts) against this installation; resolves with stdout. */
  cli(...args: string[]): Promise<string>;
  /** Pids of processes (other than the server) whose command line names this installation's root, e.g. ffmpeg. */
  toolProcesses(): Promise<number[]>;
  /** Names of the work folders under tmpDir. */
  workFolders(): string[];
  /**
   * Runs `text` on the installation's database in this process and closes it again. On PGlite the server must be
   * stopped first (the data folder admits one process); opening it is itself the check that it opens cleanly.
   */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Kills any child, drops the PostgreSQL database, removes the root. Never throws. */
  dispose(): Promise<void>;
}

/**
 * Makes an installation (nothing runs until `start()`). `env` adds or overrides server variables
 * (e.g. PAYMENT_PROVIDER); LOG_LEVEL is warn, DEMO_CATALOG false, TRANSCODE_PRESET ultrafast.
 */
export async function createFaultSite(kind: DbKind, env: Record<string, string> = {}): Promise<FaultSite> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-faults-'));
  const dataDir = path.join(root, 'data');
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(dataDir);
  mkdirSync(tmpDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const fullEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: tmpDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SOBANURA_ROLE: 'all',
    DEMO_CATALOG: 'false',
    LOG_LEVEL: 'warn',
    TRANSCODE_PRESET: 'ultrafast',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // A killed worker's job is retried about 16 s after its last beat, not 45 (src/server/config.ts, job-heartbeat.ts).
    JOB_HEARTBEAT_SECONDS: '2',
    JOB_STALE_SECONDS: '8',
    JOB_SWEEP_SECONDS: '2',
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    WEB_DIR: path.join(root, 'no-web'),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  };
  let child: ChildProcess | null = null;
  let output = '';

  const exited = (c: ChildProcess) => new Promise<number | null>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(c.exitCode) : c.once('exit', (code) => resolve(code))));

  const site: FaultSite = {
    kind,
    url,
    dataDir,
    tmpDir,
    pid: () => child?.pid ?? null,
    async start() {
      if (child) throw new Error('the server is already running');
      output += `--- start ${new Date().toISOString()}\n`;
      // Through setpriv --pdeathsig where there is one, as the server runs ffmpeg: a test worker that dies takes its server along.
      const launcher = await deathSignalLauncher();
      const node = serverCommand('main');
      const [bin, ...args] = launcher ? [launcher, '--pdeathsig', 'SIGKILL', '--', ...node] : node;
      const c = spawn(bin!, args, { cwd: process.cwd(), env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      c.stdout!.on('data', (d: Buffer) => (output += d));
      c.stderr!.on('data', (d: Buffer) => (output += d));
      c.once('exit', () => {
        if (child === c) child = null;
      });
      const deadline = Date.now() + START_SECONDS * 1000;
      for (;;) {
        if (child !== c) throw new Error(`the server exited during its start:\n${output}`);
        const ready = await fetch(`${url}/api/ready`).then((r) => r.status === 200, () => false);
        if (ready) return;
        if (Date.now() > deadline) throw new Error(`the server was not ready after ${START_SECONDS} s:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async kill9() {
      const c = child;
      if (!c) throw new Error('no server to kill');
      c.kill('SIGKILL');
      await exited(c);
    },
    async stop() {
      const c = child;
      if (!c) return null;
      c.kill('SIGTERM');
      return exited(c);
    },
    log: () => output,
    async cli(...args) {
      const [node, cli] = serverCommand('cli');
      const { stdout } = await run(node, [cli, ...args], { cwd: process.cwd(), env: fullEnv });
      return stdout;
    },
    async toolProcesses() {
      // pgrep exits 1 when nothing matches.
      const out = await run('pgrep', ['-f', '--', root]).then((r) => r.stdout, () => '');
      const server = child?.pid;
      return out.split('\n').filter(Boolean).map(Number).filter((p) => p !== server && p !== process.pid);
    },
    async sql(text, params) {
      if (kind === 'pglite' && child) throw new Error('stop the server before opening its PGlite folder');
      const db = await openDatabase(pg ? { url: pg.url } : { dir: path.join(dataDir, 'pglite') });
      try {
        return (await db.executeSql(text, params)).rows;
      } finally {
        await db.close();
      }
    },
    workFolders: () => readdirSync(tmpDir).filter((n) => n.startsWith('sobanura-work-')),
    async dispose() {
      const c = child;
      if (c) {
        c.kill('SIGKILL');
        await exited(c);
      }
      // Anything still naming the root (an ffmpeg that outlived its server would be a finding, but must not outlive the test).
      for (const p of await site.toolProcesses().catch(() => [])) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      await pg?.drop().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
  return site;
}

/**
 * Registers beforeAll/afterAll hooks for one installation per `describe`: started before the tests, with someone
 * signed in through `signIn` (or an empty cookie), and handed to `ready`; disposed after the tests even when one failed.
 */
export function useFaultSite(kind: DbKind, opts: { env?: Record<string, string>; signIn?: (site: FaultSite) => Promise<string> }, ready: (site: FaultSite, cookie: string) => void): void {
  let site: FaultSite | null = null;
  beforeAll(async () => {
    site = await createFaultSite(kind, opts.env);
    await site.start();
    ready(site, opts.signIn ? await opts.signIn(site) : '');
  }, 150_000);
  afterAll(() => site?.dispose(), 60_000);
}
