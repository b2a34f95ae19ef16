/**
 * The command line as a person runs it: a real server process on the embedded PGlite database, and the CLI
 * in another process at the same time (docs/decisions/002-cli-and-embedded-database.md).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

describe('command line beside a running server (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO_CATALOG: 'false', LOG_LEVEL: 'info' };
  let server: ChildProcess;
  let port = 0;
  const cli = (...args: string[]) => run(TSX, ['src/server/cli.ts', ...args], { env }).then((r) => ({ code: 0, ...r }), (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }));

  beforeAll(async () => {
    server = spawn(TSX, ['src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    port = await new Promise<number>((resolve, reject) => {
      let buf = '';
      server.stdout!.on('data', (d) => {
        buf += d;
        const m = /"url":"http:\/\/[^"]*?:(\d+)"|listening on .*?:(\d+)|Server listening at http:\/\/[^:]+:(\d+)/.exec(buf);
        if (m) resolve(Number(m[1] ?? m[2] ?? m[3]));
      });
      server.on('exit', (c) => reject(new Error(`server exited ${c}: ${buf}`)));
      setTimeout(() => reject(new Error(`server did not start: ${buf}`)), 60_000);
    });
  });
  afterAll(async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin through the running server, who can then sign in', async () => {
    const r = await cli('user', 'create', '--email', 'admin@example.com', '--password', 'secret-41', '--role', 'admin');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^created admin admin@example.com/);
    const login = await fetch(`http://127.0.0.1:${port}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'secret-41' }) });
    expect(login.status).toBe(200);
    expect((await login.json()).user.role).toBe('admin');
  });

  it('prints usage and exits 2 on bad arguments', async () => {
    const r = await cli('user', 'create');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/required option/);
  });
});
