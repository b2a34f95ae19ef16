/**
 * `translator create | list` and `movie import --translator NAME` against the same services as the API
 * (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md; ADR 002).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp } from '../test/harness.js';
import { runCli, type CliContext } from './commands.js';

describeEachDb('command line: translators', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());
  const cli = (argv: string[], extra: Partial<CliContext> = {}) => runCli(argv, { services: t.services, cwd: process.cwd(), ...extra });

  it('creates translators, printing the id, and lists them as a table', async () => {
    expect((await cli(['translator', 'list'])).out).toBe('no translators\n');
    const r = await cli(['translator', 'create', '--name', 'Junior Giti', '--phone', '0788123456']);
    expect([r.code, r.err]).toEqual([0, '']);
    const id = r.out.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.services.translators.get(id)).toMatchObject({ name: 'Junior Giti', slug: 'junior-giti', phone: '250788123456', email: null });

    const viewer = await signUp(t, 'user', 'rocky@example.com');
    const linked = await cli(['translator', 'create', '--name', 'Rocky Kimomo', '--email', 'Rocky@Example.com', '--phone', '+256772123456']);
    expect(linked.code).toBe(0);
    expect(linked.err).toMatch(/linked to the account/);
    expect(await t.services.accountsRepo.roleOf(viewer.id)).toBe('translator');

    const made = await cli(['translator', 'create', '--name', 'Aline', '--email', 'aline@example.com', '--language', 'fr']);
    expect(made.err).toMatch(/created an account/);
    const mail = (await t.db.executeSql(`select subject from outbox_messages where "to" = 'aline@example.com'`)).rows;
    expect(mail).toEqual([{ subject: 'Votre compte de traducteur Sobanura' }]);

    const list = await cli(['translator', 'list']);
    const lines = list.out.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SLUG\s+EMAIL\s+PHONE\s+ACCOUNT\s+TITLES\s+ID$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/)[0])).toEqual(['Aline', 'Junior Giti', 'Rocky Kimomo']);
    expect(lines.find((l) => l.startsWith('Rocky Kimomo'))).toMatch(/rocky-kimomo\s+rocky@example\.com\s+256772123456\s+linked\s+0\s+[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.startsWith('Junior Giti'))).toMatch(/junior-giti\s+-\s+250788123456\s+-\s+0\s+/);
  });

  it('refuses a taken name, a bad email or phone, and a missing name, saving nothing', async () => {
    const before = (await t.services.translators.list()).length;
    const dup = await cli(['translator', 'create', '--name', 'junior giti']);
    expect([dup.code, dup.out, dup.err]).toEqual([1, '', 'error: A translator with this name already exists\n']);
    const email = await cli(['translator', 'create', '--name', 'Eric', '--email', 'nope']);
    expect(email.code).toBe(1);
    expect(email.err).toMatch(/valid email/);
    const phone = await cli(['translator', 'create', '--name', 'Eric', '--phone', '0612345678']);
    expect(phone.code).toBe(1);
    expect(phone.err).toMatch(/Rwanda \(\+250\) or Uganda \(\+256\)/);
    expect((await cli(['translator', 'create'])).code).toBe(2);
    expect((await cli(['translator', 'create', '--name', 'Eric', '--language', 'de'])).code).toBe(2);
    expect((await t.services.translators.list()).length).toBe(before);
  });

  it('imports a movie with --translator NAME; an unknown name is an error naming it and creates no movie', async () => {
    const file = path.join(FIXTURES, 'movie-hello.mp4');
    const r = await cli(['movie', 'import', file, '--title', 'Inzovu', '--translator', 'JUNIOR GITI']);
    expect(r.code).toBe(0);
    const movie = await t.services.catalog.adminGet(r.out.trim());
    const giti = (await t.services.translators.list()).find((x) => x.slug === 'junior-giti')!;
    expect(movie.translatorId).toBe(giti.id);

    const countBefore = Number((await t.db.executeSql('select count(*)::int as n from movies')).rows[0]!.n);
    const unknown = await cli(['movie', 'import', file, '--title', 'Intare', '--translator', 'Nobody Known']);
    expect([unknown.code, unknown.out, unknown.err]).toEqual([1, '', 'error: No translator named "Nobody Known"\n']);
    expect(Number((await t.db.executeSql('select count(*)::int as n from movies')).rows[0]!.n)).toBe(countBefore);
  });
});
