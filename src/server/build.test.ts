/**
 * The production start (`npm run build:server`, then `node dist/server/main.js`): compiles the server with
 * tsconfig.build.json into a scratch folder (inside node_modules/.cache, so Node finds the dependencies by its
 * usual lookup), copies the migrations beside the compiled db/client.js as the build script does, starts plain
 * `node` on it (no tsx, no Vite) on a fresh DATA_DIR with PGlite, and asks GET /api/ready. Takes 20-90 s.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const outDir = path.join(root, 'node_modules', '.cache', `sobanura-build-test-${randomBytes(4).toString('hex')}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-build-'));

describe('production build', () => {
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('compiles the server and runs it with plain node: /api/ready answers 200', { timeout: 240_000 }, async () => {
    const tsc = await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', outDir], { cwd: root }).then(
      () => ({ code: 0, out: '' }),
      (err: { code?: number; stdout?: string }) => ({ code: err.code ?? 1, out: String(err.stdout ?? '') }),
    );
    expect(tsc.out).toBe('');
    expect(tsc.code).toBe(0);
    expect(existsSync(path.join(outDir, 'server', 'main.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'web'))).toBe(false);
    cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'server/db/migrations'), { recursive: true });

    const child = spawn(process.execPath, [path.join(outDir, 'server', 'main.js')], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_CATALOG: 'false', LOG_LEVEL: 'warn', WEB_DIR: path.join(dataDir, 'no-web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // main.js writes DATA_DIR/server.json with the port it listens on once it is up.
      const serverFile = path.join(dataDir, 'server.json');
      const deadline = Date.now() + 60_000;
      while (!existsSync(serverFile) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(existsSync(serverFile), output).toBe(true);
      const { port } = JSON.parse(readFileSync(serverFile, 'utf8')) as { port: number };

      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status, output).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/tsx|vite/i);
  });
});
