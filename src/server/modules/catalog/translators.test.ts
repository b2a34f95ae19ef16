/**
 * Translators (issue 3 point 6): the list with title counts, one translator's page with their titles, the
 * not-found answer, slugs made from names, and taken slugs refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from './playable-fixture.js';
import { slugify } from './translators.service.js';

it('makes slugs from names', () => {
  expect(slugify('Junior Giti')).toBe('junior-giti');
  expect(slugify('  Sankara  Kamali ')).toBe('sankara-kamali');
  expect(slugify('Rocky Kimomo (Sobanura)')).toBe('rocky-kimomo-sobanura');
  expect(slugify('Ìradukunda Élise')).toBe('iradukunda-elise');
  expect(slugify('!!!')).toBe('');
});

describeEachDb('translators', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const giti = await t.services.translators.create({ name: 'Junior Giti', bio: 'The voice of action films.', photoUrl: '/img/giti.webp' });
    await t.services.translators.create({ name: 'Anita', slug: 'anita-k' });
    await t.services.catalog.create({ title: 'Inzovu Part 1', category: 'action', year: 2020, translatorId: giti.id });
    await t.services.catalog.create({ title: 'Inzovu Part 2', category: 'action', year: 2020, translatorId: giti.id });
    await t.services.catalog.create({ title: 'Intare', category: 'drama', translatorId: giti.id });
    const ubuzima = await t.services.series.create({ title: 'Ubuzima', category: 'drama', translatorId: giti.id });
    // Viewers are shown playable titles only (ADR 023): every title here gets a ready (placeholder) video.
    await t.services.series.addSeason(ubuzima.id);
    await t.services.series.addEpisode(ubuzima.id, 1, { episodeNumber: 1, title: 'One' });
    await givePlaceholderVideos(t.db.db);
  });
  afterAll(() => t.stop());

  it('lists translators by name with their number of titles', async () => {
    const r = await t.app.inject({ url: '/api/translators' });
    expect(r.statusCode).toBe(200);
    expect(r.json().translators).toEqual([
      { id: expect.any(String), name: 'Anita', slug: 'anita-k', photoUrl: null, bio: '', titles: 0 },
      { id: expect.any(String), name: 'Junior Giti', slug: 'junior-giti', photoUrl: '/img/giti.webp', bio: 'The voice of action films.', titles: 3 },
    ]);
  });

  it('keeps the cached list true: a new translator, a rename and a new title show at once', async () => {
    const names = async () => ((await t.app.inject({ url: '/api/translators' })).json().translators as { name: string; titles: number }[]).map((x) => `${x.name}:${x.titles}`);
    const before = await names();
    const eric = await t.services.translators.create({ name: 'Eric Mutabazi' });
    expect(await names()).toEqual([...before.slice(0, 1), 'Eric Mutabazi:0', ...before.slice(1)]);
    await t.services.translators.update(eric.id, { name: 'Eric M.' });
    expect(await names()).toContain('Eric M.:0');
    await t.services.catalog.create({ title: 'Umwami', category: 'drama', translatorId: eric.id });
    // Counted only once it plays (ADR 023): a title without a ready video is not one a viewer can find.
    expect(await names()).toContain('Eric M.:0');
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
    expect(await names()).toContain('Eric M.:1');
  });

  it("shows a translator's titles, movies and series, newest first", async () => {
    const r = await t.app.inject({ url: '/api/translators/Junior-Giti' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.translator).toMatchObject({ name: 'Junior Giti', titles: 3 });
    expect(body.items.map((i: { kind: string; title: string }) => [i.kind, i.title])).toEqual([
      ['series', 'Ubuzima'],
      ['movie', 'Intare'],
      ['group', 'Inzovu'],
    ]);
    expect((await t.app.inject({ url: '/api/translators/anita-k' })).json().items).toEqual([]);
  });

  it('answers 404 not_found for an unknown slug', async () => {
    const r = await t.app.inject({ url: '/api/translators/nobody' });
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toEqual({ code: 'not_found', message: 'Translator not found' });
  });

  it('refuses a taken slug with 409 conflict, and a name with no slug', async () => {
    await expect(t.services.translators.create({ name: 'Junior  Giti' })).rejects.toMatchObject({ statusCode: 409, code: 'conflict' });
    await expect(t.services.translators.create({ name: '!!!' })).rejects.toMatchObject({ statusCode: 400 });
    const other = await t.services.translators.create({ name: 'Third' });
    await expect(t.services.translators.update(other.id, { slug: 'anita-k' })).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.services.translators.update('00000000-0000-4000-8000-000000000000', { name: 'X' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
