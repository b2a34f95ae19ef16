/** The command line's commands against the same services as the API (issue 2 point 5). */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, startTestApp, type TestApp } from '../test/harness.js';
import { runCli } from './commands.js';

describeEachDb('command line', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.stop());
  const cli = (...argv: string[]) => runCli(argv, { services: t.services, cwd: process.cwd(), waitSeconds: 300 });

  it('creates users with a role, and refuses a duplicate', async () => {
    const r = await cli('user', 'create', '--email', 'Boss@Example.com', '--password', 'secret-41', '--role', 'super_admin');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^created super_admin boss@example.com/);
    const u = await t.services.accountsRepo.findUserByEmail('boss@example.com');
    expect(await t.services.accountsRepo.roleOf(u!.id)).toBe('super_admin');
    const again = await cli('user', 'create', '--email', 'boss@example.com', '--password', 'secret-41');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists/);
  });

  it('prints usage and exits non-zero on bad arguments', async () => {
    for (const argv of [[], ['user', 'create', '--email', 'x@example.com'], ['user', 'create', '--email', 'x@example.com', '--password', 'secret-41', '--role', 'king'], ['pass', 'grant', '--email', 'x@example.com', '--plan', 'hourly'], ['movie', 'import'], ['fly']]) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).not.toBe(0);
      expect(r.err, argv.join(' ')).toMatch(/Usage|error/i);
    }
  });

  it('grants a pass by email, stacking on the current one', async () => {
    await cli('user', 'create', '--email', 'viewer@example.com', '--password', 'secret-41');
    const first = await cli('pass', 'grant', '--email', 'viewer@example.com', '--plan', 'daily');
    expect(first.code).toBe(0);
    const second = await cli('pass', 'grant', '--email', 'viewer@example.com', '--plan', 'weekly');
    const expiry = new Date(second.out.trim().split(' ').pop()!).getTime();
    expect(Math.abs(expiry - (Date.now() + 8 * 86400e3))).toBeLessThan(120_000);
    expect((await cli('pass', 'grant', '--email', 'nobody@example.com', '--plan', 'daily')).code).toBe(1);
  });

  it('imports a film and waits until it is ready', async () => {
    const r = await cli('movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Hello', '--year', '2024', '--premium', '--wait');
    expect(r.err).toMatch(/^ready: 240p, 360p, 480p, 720p/);
    expect(r.code).toBe(0);
    const movie = await t.services.catalog.adminGet(r.out.trim());
    expect(movie).toMatchObject({ title: 'Hello', year: 2024, isPremium: true, video: { status: 'ready' } });
  });

  it('exits non-zero with the reason when the file is not a video', async () => {
    const file = path.join(os.tmpdir(), `not-a-video-${Date.now()}.mp4`);
    writeFileSync(file, 'hello, this is text');
    const r = await cli('movie', 'import', file, '--title', 'Broken', '--wait');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error: .*(video|read)/i);
    const missing = await cli('movie', 'import', '/nonexistent/film.mp4', '--title', 'Missing');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No file/);
  });
});
