/**
 * The production start (`npm run build:server`, then `node dist/server/main.js`): the build that `npm test` made
 * before this phase (scripts/run-tests.mjs; src/server/test/built-server.ts refuses a missing or stale one) holds the
 * server and its migrations and no test code (tsconfig.build.json's exclude: tests, the test harness, the payment and
 * SMS emulators, fixtures; a production file importing one would pull it back in); plain `node` on it (no tsx, no
 * Vite) on a fresh DATA_DIR with PGlite answers GET /api/ready. Takes 10-60 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverCommand } from './test/built-server.js';

const root = process.cwd();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-build-'));

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('production build', () => {
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the server and its migrations, and no test code', () => {
    const [, main] = serverCommand('main');
    const dist = path.dirname(path.dirname(main));
    const files = filesUnder(dist).filter((f) => f.startsWith('server/') || f.startsWith('shared/'));
    expect(files).toContain('server/main.js');
    expect(files).toContain('server/worker.js');
    expect(files).toContain('server/cli.js');
    expect(files.some((f) => /^server\/db\/migrations\/.+\.sql$/.test(f))).toBe(true);
    const testCode = files.filter((f) => /\.(test|check)\.js$|(^|\/)(test|faults|security|emulators)\/|playable-fixture/.test(f));
    expect(testCode).toEqual([]);
    const importsVitest = files.filter((f) => f.endsWith('.js') && /from ['"]vitest['"]/.test(readFileSync(path.join(dist, f), 'utf8')));
    expect(importsVitest).toEqual([]);
  });

  it('runs with plain node: /api/ready answers 200', { timeout: 240_000 }, async () => {
    const [node, main] = serverCommand('main');
    const child = spawn(node, [main], {
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
