/**
 * The command line as a person runs it: a real server process on the embedded PGlite database, and the CLI
 * in another process at the same time (docs/decisions/002-cli-and-embedded-database.md).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../test/built-server.js';

const run = promisify(execFile);
const [NODE, CLI] = serverCommand('cli');
const [, MAIN] = serverCommand('main');

describe('command line beside a running server (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO_CATALOG: 'false', LOG_LEVEL: 'info' };
  let server: ChildProcess;
  let port = 0;
  const cli = (...args: string[]) => run(NODE, [CLI, ...args], { env }).then((r) => ({ code: 0, ...r }), (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }));

  /** Runs the CLI with `input` on its stdin (a pipe, not a terminal: the first line is the password). */
  const cliWithStdin = (input: string, ...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(NODE, [CLI, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
      child.stdin.end(input);
    });

  beforeAll(async () => {
    server = spawn(NODE, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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

  it('creates an admin through the running server, the password read from stdin, who can then sign in', async () => {
    const r = await cliWithStdin('secret-41\n', 'user', 'create', '--email', 'admin@example.com', '--role', 'admin');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^created admin admin@example.com/);
    const login = await fetch(`http://127.0.0.1:${port}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'secret-41' }) });
    expect(login.status).toBe(200);
    expect((await login.json()).user.role).toBe('admin');
  });

  it('sets a password from stdin through the server, and refuses one in argv before doing anything', async () => {
    const inArgv = await cli('user', 'set-password', '--email', 'admin@example.com', '--password', 'tall-green-giraffe');
    expect(inArgv.code).toBe(2);
    expect(inArgv.stderr).toMatch(/never takes the password on the command line/);
    const weak = await cliWithStdin('123456\n', 'user', 'set-password', '--email', 'admin@example.com');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/too common/);
    const unknown = await cliWithStdin('tall-green-giraffe\n', 'user', 'set-password', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No user with email/);
    const empty = await cliWithStdin('', 'user', 'set-password', '--email', 'admin@example.com');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no password on stdin/);
    const r = await cliWithStdin('tall-green-giraffe\r\nignored second line\n', 'user', 'set-password', '--email', 'admin@example.com');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/password of admin@example.com changed/);
    const login = await fetch(`http://127.0.0.1:${port}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'tall-green-giraffe' }) });
    expect(login.status).toBe(200);
  }, 300_000);

  it('prints the version without a database', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const r = await run(NODE, [CLI, '--version'], { env: { ...env, DATA_DIR: path.join(dataDir, 'nowhere') } });
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('prints usage and exits 2 on bad arguments', async () => {
    const r = await cli('user', 'create');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/required option/);
  });
});

describe('command line where there is no database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-cli-empty-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const cli = (...args: string[]) => run(NODE, [CLI, ...args], { env }).then((r) => ({ code: 0, ...r }), (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses, saying what to run, and makes no database; db init makes one', async () => {
    for (const args of [['user', 'list'], ['movie', 'retranscode', '00000000-0000-4000-8000-000000000000'], ['user', 'set-password', '--email', 'a@example.com']]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/there is no Sobanura database in .*pglite/);
      expect(r.stderr).toMatch(/npm run cli -- db init/);
    }
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    const init = await cli('db', 'init');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/database ready in .*pglite; migrations applied/);
    const list = await cli('user', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toBe('no users\n');
  }, 120_000);
});
