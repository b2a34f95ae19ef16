/**
 * `movie import` with rights (docs/decisions/050-rights-and-licences.md; docs/product/admin.md §13): the default record
 * (the operator, or --translator's translator, from now, no end, everywhere), --holder NAME:PERCENT (operator, a
 * translator, a party), --licence-start/--licence-end, --countries; bad rights refused before any movie is made.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, startTestApp, type TestApp } from '../test/harness.js';
import { runCli, type CliContext } from './commands.js';

describeEachDb('command line: movie import with rights', (kind) => {
  let t: TestApp;
  const file = path.join(FIXTURES, 'movie-hello.mp4');
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    await t.services.translators.create({ name: 'Junior Giti' });
  });
  afterAll(() => t.stop());
  const cli = (argv: string[], extra: Partial<CliContext> = {}) => runCli(argv, { services: t.services, cwd: process.cwd(), ...extra });
  const movies = async () => Number((await t.db.executeSql('select count(*)::int as n from movies')).rows[0]!.n);

  it('gives an imported movie the default record: the operator, or --translator, from now, no end, everywhere', async () => {
    const before = Date.now();
    const plain = await cli(['movie', 'import', file, '--title', 'Inka']);
    expect(plain.code, plain.err).toBe(0);
    const rights = await t.services.rights.get(plain.out.trim());
    expect(rights).toMatchObject({ holders: [{ kind: 'operator', shareBp: 10000 }], licenceEnd: null, countries: null, needsReview: false, licence: { state: 'in_force' } });
    expect(Date.parse(rights.licenceStart)).toBeGreaterThanOrEqual(before - 1000);

    const translated = await cli(['movie', 'import', file, '--title', 'Ingwe', '--translator', 'junior giti']);
    expect(translated.code, translated.err).toBe(0);
    expect((await t.services.rights.get(translated.out.trim())).holders).toEqual([expect.objectContaining({ kind: 'translator', name: 'Junior Giti', shareBp: 10000 })]);
  });

  it('takes holders, a licence window and countries', async () => {
    const r = await cli([
      'movie', 'import', file, '--title', 'Imbwa',
      '--holder', 'Junior Giti:60', '--holder', 'Studio Nyamirambo:33.5', '--holder', 'operator:6.5',
      '--licence-start', '2026-12-01T00:00:00Z', '--licence-end', '2027-12-01T00:00:00Z', '--countries', 'ug,rw',
    ]);
    expect(r.code, r.err).toBe(0);
    const rights = await t.services.rights.get(r.out.trim());
    expect(rights).toMatchObject({ licenceStart: '2026-12-01T00:00:00.000Z', licenceEnd: '2027-12-01T00:00:00.000Z', countries: ['RW', 'UG'] });
    expect(rights.holders.map((h) => [h.kind, h.name, h.shareBp])).toEqual([
      ['translator', 'Junior Giti', 6000],
      ['party', 'Studio Nyamirambo', 3350],
      ['operator', 'Sobanura', 650],
    ]);
  });

  it('refuses shares that do not add up, bad dates and unknown countries, making no movie', async () => {
    const count = await movies();
    const short = await cli(['movie', 'import', file, '--title', 'Inyana', '--holder', 'operator:60', '--holder', 'Junior Giti:30']);
    expect(short.code).toBe(1);
    expect(short.err).toMatch(/Shares must add up to 100 %.*90 %/);
    const backwards = await cli(['movie', 'import', file, '--title', 'Inyana', '--licence-start', '2027-01-01', '--licence-end', '2026-01-01']);
    expect(backwards.code).toBe(1);
    expect(backwards.err).toMatch(/end after it starts/);
    expect((await cli(['movie', 'import', file, '--title', 'Inyana', '--countries', 'RW,XX'])).code).toBe(2);
    expect((await cli(['movie', 'import', file, '--title', 'Inyana', '--holder', 'operator'])).code).toBe(2);
    expect((await cli(['movie', 'import', file, '--title', 'Inyana', '--licence-end', 'tomorrow'])).code).toBe(2);
    expect(await movies()).toBe(count);
  });
});
