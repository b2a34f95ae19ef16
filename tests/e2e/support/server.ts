/**
 * Starts a real Sobanura server process for end-to-end scenarios: a fresh DATA_DIR, the embedded PGlite
 * database (copied from the run's migrated template, ./migrated-database.ts, unless the scenario asks for a first
 * start on an empty folder), the built web app (dist/web) and server (dist/server,
 * src/server/test/built-server.ts), a free port on 127.0.0.1. `cli()` runs the command line against it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverCommand } from '../../../src/server/test/built-server.js';
import { provideMigratedDatabase } from './migrated-database.js';

const run = promisify(execFile);

export interface E2eServer {
  url: string;
  dataDir: string;
  cli(...args: string[]): Promise<string>;
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the OS picks it; it is free again once this resolves). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Starts a server process (dist/server/main.js) on a free port with its own DATA_DIR. Its x264 preset is ultrafast
 * unless `env` says otherwise: the scenarios test the product's flows, and the production preset (veryfast) is
 * tested by src/server/providers/transcoder/ffmpeg-transcoder.test.ts (docs/decisions/040-test-speed.md).
 * `opts.freshDatabase`: no copied database, so the server makes its own on the empty folder, as `npm start` does
 * the first time.
 */
export async function startServer(env: Record<string, string> = {}, opts: { freshDatabase?: boolean } = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [cliNode, cliPath] = serverCommand('cli');
  const fullEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DEMO_CATALOG: 'false', SANDBOX_APPROVAL_SECONDS: '2', LOG_LEVEL: 'info', TRANSCODE_PRESET: 'ultrafast', ...env };
  if (!opts.freshDatabase) provideMigratedDatabase(fullEnv.DATA_DIR, fullEnv);
  const child: ChildProcess = spawn(cliNode, [serverCommand('main')[1]], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    log: () => output,
    async cli(...args) {
      const { stdout } = await run(cliNode, [cliPath, ...args], { env: fullEnv });
      return stdout;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
