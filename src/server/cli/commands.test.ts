/** The command line's commands against the same services as the API (docs/decisions/002-cli-and-embedded-database.md). */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, startTestApp, type TestApp } from '../test/harness.js';
import { runCli, type CliContext } from './commands.js';

describeEachDb('command line', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.stop());
  const cli = (argv: string[], extra: Partial<CliContext> = {}) => runCli(argv, { services: t.services, cwd: process.cwd(), waitSeconds: 300, pollMs: 100, ...extra });

  it('creates users with a role from a password given apart from argv, and refuses a duplicate', async () => {
    const r = await cli(['user', 'create', '--email', 'Boss@Example.com', '--role', 'super_admin'], { password: 'secret-41' });
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^created super_admin boss@example.com/);
    const u = await t.services.accountsRepo.findUserByEmail('boss@example.com');
    expect(await t.services.accountsRepo.roleOf(u!.id)).toBe('super_admin');
    const again = await cli(['user', 'create', '--email', 'boss@example.com'], { password: 'secret-41' });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists/);
    const none = await cli(['user', 'create', '--email', 'nopass@example.com']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no password given/);
  });

  it('still takes --password on user create, with a warning', async () => {
    const r = await cli(['user', 'create', '--email', 'old-script@example.com', '--password', 'secret-41']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: --password leaves the password in your shell history/);
  });

  it('prints usage and exits non-zero on bad arguments', async () => {
    for (const argv of [[], ['user', 'create'], ['user', 'create', '--email', 'x@example.com', '--role', 'king'], ['user', 'role', '--email', 'boss@example.com', '--role', 'god'], ['pass', 'grant', '--email', 'x@example.com', '--plan', 'hourly'], ['movie', 'import'], ['movie', 'retranscode', 'not-an-id'], ['fly']]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(/Usage|error/i);
    }
  });

  it('prints the version of package.json', async () => {
    const r = await runCli(['--version'], { cwd: process.cwd() });
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists users as a table with role, creation day and pass', async () => {
    await cli(['user', 'create', '--email', 'lister@example.com', '--name', 'Lister Person'], { password: 'secret-41' });
    await cli(['pass', 'grant', '--email', 'lister@example.com', '--plan', 'weekly']);
    const r = await cli(['user', 'list']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+CREATED\s+PASS$/);
    const row = lines.find((l) => l.startsWith('lister@example.com'))!;
    expect(row).toMatch(/Lister Person\s+user\s+\d{4}-\d{2}-\d{2}\s+weekly until \d{4}-\d{2}-\d{2}/);
    expect(lines.find((l) => l.startsWith('boss@example.com'))).toMatch(/super_admin .* none$/);
    const admins = await cli(['user', 'list', '--role', 'super_admin']);
    expect(admins.out.trim().split('\n')).toHaveLength(2);
    const limited = await cli(['user', 'list', '--limit', '1']);
    expect(limited.out.trim().split('\n')).toHaveLength(2);
    expect(limited.err).toMatch(/^1 of \d+ users shown/);
  });

  it('sets a password from outside argv: checks the policy, ends the sessions, and refuses --password in argv', async () => {
    await cli(['user', 'create', '--email', 'forgetful@example.com'], { password: 'secret-41' });
    const login = () => t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'forgetful@example.com', password: 'secret-41' } });
    const signedIn = await login();
    const cookie = ([signedIn.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie } })).statusCode).toBe(200);

    const weak = await cli(['user', 'set-password', '--email', 'forgetful@example.com'], { password: 'password1' });
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/too common/);
    const personal = await cli(['user', 'set-password', '--email', 'forgetful@example.com'], { password: 'forgetful@example.com' });
    expect(personal.err).toMatch(/must not be your email/);
    const unknown = await cli(['user', 'set-password', '--email', 'nobody@example.com'], { password: 'tall-green-giraffe' });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/No user with email nobody@example.com/);
    for (const argv of [['user', 'set-password', '--email', 'forgetful@example.com', '--password', 'tall-green-giraffe'], ['user', 'set-password', '--password=tall-green-giraffe', '--email', 'forgetful@example.com']]) {
      const inArgv = await cli(argv);
      expect(inArgv.code).toBe(2);
      expect(inArgv.err).toMatch(/never takes the password on the command line/);
    }
    expect((await login()).statusCode).toBe(200); // nothing changed so far

    const r = await cli(['user', 'set-password', '--email', 'Forgetful@example.com'], { password: 'tall-green-giraffe' });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/password of forgetful@example.com changed; \d+ sessions? ended/);
    expect((await t.app.inject({ url: '/api/accounts/profile', headers: { cookie } })).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'forgetful@example.com', password: 'tall-green-giraffe' } });
    expect(fresh.statusCode).toBe(200);
  });

  it('changes roles, and never removes the last super_admin', async () => {
    await cli(['user', 'create', '--email', 'helper@example.com'], { password: 'secret-41' });
    const up = await cli(['user', 'role', '--email', 'helper@example.com', '--role', 'admin']);
    expect(up.out).toMatch(/helper@example.com: user -> admin/);
    const last = await cli(['user', 'role', '--email', 'boss@example.com', '--role', 'admin']);
    expect(last.code).toBe(1);
    expect(last.err).toMatch(/last super_admin/);
    expect(await t.services.accountsRepo.roleOf((await t.services.accountsRepo.findUserByEmail('boss@example.com'))!.id)).toBe('super_admin');
    await cli(['user', 'role', '--email', 'helper@example.com', '--role', 'super_admin']);
    const now = await cli(['user', 'role', '--email', 'boss@example.com', '--role', 'admin']);
    expect(now.code).toBe(0);
    const unknown = await cli(['user', 'role', '--email', 'nobody@example.com', '--role', 'admin']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/No user with email/);
  });

  it('grants a pass by email, stacking on the current one', async () => {
    await cli(['user', 'create', '--email', 'viewer@example.com'], { password: 'secret-41' });
    const first = await cli(['pass', 'grant', '--email', 'viewer@example.com', '--plan', 'daily']);
    expect(first.code).toBe(0);
    const second = await cli(['pass', 'grant', '--email', 'viewer@example.com', '--plan', 'weekly']);
    const expiry = new Date(second.out.trim().split(' ').pop()!).getTime();
    expect(Math.abs(expiry - (Date.now() + 8 * 86400e3))).toBeLessThan(120_000);
    expect((await cli(['pass', 'grant', '--email', 'nobody@example.com', '--plan', 'daily'])).code).toBe(1);
  });

  it('imports a film as Premium by default, printing the id first, then the copy and transcode percent', async () => {
    const seen: string[] = [];
    const r = await cli(['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Hello', '--year', '2024', '--wait'], { write: (s, text) => seen.push(`${s}:${text}`) });
    expect(r.code).toBe(0);
    expect(seen[0]).toBe(`out:${r.out}`); // the id came before any progress
    // Copy progress, however many steps a fast disk leaves (one, 100%, at the least), then the transcode's.
    expect(r.err).toMatch(/^(copying \d+%\n)*copying 100%\ntranscoding \d+%\n/);
    expect(r.err).toMatch(/transcoding \d+%/);
    expect(r.err).toMatch(/\nready: 144p, 240p, 360p, 480p, 720p\n$/);
    const movie = await t.services.catalog.adminGet(r.out.trim());
    expect(movie).toMatchObject({ title: 'Hello', year: 2024, isPremium: true, video: { status: 'ready' } });
    const free = await cli(['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Free one', '--free']);
    expect((await t.services.catalog.adminGet(free.out.trim())).isPremium).toBe(false);
    const premium = await cli(['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Premium one', '--premium']);
    expect((await t.services.catalog.adminGet(premium.out.trim())).isPremium).toBe(true);
    const both = await cli(['movie', 'import', path.join(FIXTURES, 'movie-hello.mp4'), '--title', 'Both', '--premium', '--free']);
    expect(both.code).toBe(1);
    expect(both.err).toMatch(/--free or --premium, not both/);

    // A ready video keeps no source: retranscode says what to do, and --file replaces it.
    const again = await cli(['movie', 'retranscode', movie.id]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/source file was deleted once it was transcoded.*--file FILE/s);
    const replaced = await cli(['movie', 'retranscode', movie.id, '--file', path.join(FIXTURES, 'movie-hello.mp4'), '--wait']);
    expect(replaced.code).toBe(0);
    expect(replaced.err).toMatch(/ready: /);
    expect((await t.services.catalog.adminGet(movie.id)).video?.status).toBe('ready');
  });

  it('exits non-zero with the reason when the file is not a video, is missing, or the movie id is unknown', async () => {
    const file = path.join(os.tmpdir(), `not-a-video-${Date.now()}.mp4`);
    writeFileSync(file, 'hello, this is text');
    const r = await cli(['movie', 'import', file, '--title', 'Broken', '--wait']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error: .*(video|read)/i);
    const missing = await cli(['movie', 'import', '/nonexistent/film.mp4', '--title', 'Missing']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No file/);
    expect(missing.out).toBe('');
    const unknown = await cli(['movie', 'retranscode', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/No movie with id 00000000-0000-4000-8000-000000000000/);
    const noVideo = await t.services.catalog.create({ title: 'Empty', category: 'drama' });
    expect((await cli(['movie', 'retranscode', noVideo.id])).err).toMatch(/has no video yet/);
    const unknownEpisode = await cli(['episode', 'retranscode', '00000000-0000-4000-8000-000000000000']);
    expect([unknownEpisode.code, unknownEpisode.err]).toEqual([1, 'error: No episode with id 00000000-0000-4000-8000-000000000000\n']);
    const show = await t.services.series.create({ title: 'Empty show', category: 'drama' });
    await t.services.series.addSeason(show.id);
    const bare = (await t.services.series.addEpisode(show.id, 1, { episodeNumber: 1, title: 'One' })) as { id: string };
    expect((await cli(['episode', 'retranscode', bare.id])).err).toMatch(/This episode has no video yet/);
    expect((await cli(['episode', 'retranscode', 'not-an-id'])).code).toBe(2);
  });

  it('reconciles pending payments now and says none settled when there are none', async () => {
    const r = await cli(['payments', 'reconcile']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^asked about 0 payments; 0 settled/);
  });

  it('dumps an embedded database to a file, refuses to overwrite, and gives pg_dump advice without the password', async () => {
    const dir = path.join(os.tmpdir(), `cli-dump-${Date.now()}`);
    const file = path.join(dir, 'dump.tar.gz');
    const { mkdirSync, readFileSync, statSync } = await import('node:fs');
    mkdirSync(dir);
    if (t.db.kind === 'pglite') {
      const database = { kind: 'pglite' as const, dir: null, url: null, dumpDataDir: t.db.dumpDataDir };
      const r = await cli(['db', 'dump', 'dump.tar.gz'], { database, cwd: dir });
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^wrote .*dump.tar.gz/);
      expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const again = await cli(['db', 'dump', file], { database });
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/already exists/);
    }
    const pgDatabase = { kind: 'postgres' as const, dir: null, url: 'postgres://sob:hunter2-secret@db.example.com:6543/sobanura', dumpDataDir: undefined };
    const pg = await cli(['db', 'dump', 'x.dump'], { database: pgDatabase, cwd: dir });
    expect(pg.code).toBe(1);
    expect(pg.err).toMatch(/pg_dump --format=custom --file ".*x.dump" --host db.example.com --port 6543 --username sob sobanura/);
    expect(pg.err + pg.out).not.toMatch(/hunter2/);
  });

  it('lists the outbox, newest first, with the whole text', async () => {
    const empty = await runCli(['outbox', 'list'], { cwd: process.cwd(), services: { outbox: { list: async () => [] } } as never });
    expect(empty.out).toBe('the outbox is empty\n');
    let asked: unknown;
    const items = [{ id: 'm1', channel: 'email' as const, to: 'a@example.com', subject: 'Reset your password', body: 'Open https://x/reset?t=abc\n', createdAt: new Date('2026-11-26T04:00:00Z') }];
    const r = await runCli(['outbox', 'list', '--limit', '5'], { cwd: process.cwd(), services: { outbox: { list: async (o: unknown) => ((asked = o), items) } } as never });
    expect(asked).toEqual({ limit: 5 });
    expect(r.out).toBe('--- 2026-11-26T04:00:00.000Z  email to a@example.com  "Reset your password"  (m1)\nOpen https://x/reset?t=abc\n');
    expect((await cli(['outbox', 'list', '--limit', '0'])).code).toBe(2);
    expect((await cli(['outbox', 'list'])).code).toBe(0); // the real outbox
  });
});
