/**
 * Search on the server (docs/product/viewer.md §5; docs/decisions/036-catalogue-at-100k-titles.md): case- and accent-insensitive, over titles and
 * base titles, descriptions, directors and translator names; typos and partial words; ranked when the sort is
 * the default, in the chosen order otherwise. The same SQL on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogPage } from '../../../shared/contracts/browse.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { prefixTsQuery, type Sort } from './catalog-filters.js';
import { createCatalogPageRepository, SEARCH_CANDIDATES } from './catalog-page.repository.js';
import { givePlaceholderVideos } from './playable-fixture.js';

it('turns a query into prefix words', () => {
  expect(prefixTsQuery('  Inzovu, agasob! ')).toBe('inzovu:* & agasob:*');
  expect(prefixTsQuery("Umwami w'Ishyamba")).toBe('umwami:* & w:* & ishyamba:*');
  expect(prefixTsQuery('Ìnzóvú')).toBe('ìnzóvú:*');
  expect(prefixTsQuery('!!! & | :*')).toBeNull();
});

describeEachDb('catalogue search', (kind) => {
  let t: TestApp;
  const base = Date.now() - 30 * 86_400_000;
  let step = 0;
  const movie = async (title: string, extra: Record<string, unknown> = {}) =>
    (await t.services.catalog.create({ title, category: 'drama', ...extra }, { createdAt: new Date(base + ++step * 60_000) })).id;
  const search = async (q: string, extra = ''): Promise<CatalogPage> => {
    // Viewers are shown playable titles only (ADR 023): every title here gets a ready (placeholder) video.
    if ((await givePlaceholderVideos(t.db.db)).changed) t.services.catalogCache.clear();
    const r = await t.app.inject({ url: `/api/catalog?q=${encodeURIComponent(q)}${extra}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const titles = async (q: string, extra = '') => (await search(q, extra)).items.map((i) => i.title);

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const giti = await t.services.translators.create({ name: 'Junior Giti' });
    const rocky = await t.services.translators.create({ name: 'Rocky Kimomo' });
    await movie('Inzovu', { description: 'An elephant crosses the valley.', director: 'Kamali', translatorId: giti.id, rating: 6 });
    await movie('Ìnzóvú Nziza', { description: 'A second elephant, accented.', rating: 9 });
    await movie('Intambara Part 1', { description: 'The war begins.', year: 2021, director: 'Uwase', translatorId: rocky.id });
    await movie('Intambara Part 2', { description: 'The war ends.', year: 2021, director: 'Uwase', translatorId: rocky.id });
    await movie('Amahoro', { description: 'Peace, agasobanuye by our best voices.', director: 'Mugisha', rating: 7 });
    await movie('The Lion Keeper', { description: 'A story of inzovu and lions.', director: 'Kamali', rating: 8 });
    await movie('100% Real_Story', { description: 'Percent and underscore in a title.' });
    await movie("Umwana w'Imana", { description: 'A back\\slash in the text.' });
    const kera = await t.services.series.create({ title: 'Inzovu za Kera', category: 'drama', description: 'Series of elephants', translatorId: giti.id });
    await t.services.series.addSeason(kera.id);
    await t.services.series.addEpisode(kera.id, 1, { episodeNumber: 1, title: 'One' });
  });
  afterAll(() => t.stop());

  it('ignores case and accents, both ways', async () => {
    expect(await titles('inzovu')).toEqual(expect.arrayContaining(['Inzovu', 'Ìnzóvú Nziza']));
    expect(await titles('INZÓVÚ')).toEqual(expect.arrayContaining(['Inzovu', 'Ìnzóvú Nziza']));
  });

  it('forgives typos and finds partial words', async () => {
    expect(await titles('Inzovy')).toEqual(expect.arrayContaining(['Inzovu', 'Ìnzóvú Nziza']));
    expect(await titles('agasobanuy')).toEqual(['Amahoro']);
    expect(await titles('Intamb')).toEqual(['Intambara']);
    expect(await titles('ntambar')).toEqual(['Intambara']);
    expect(await titles('elephnt')).toEqual([]);
  });

  it('matches base titles, descriptions, directors and translator names', async () => {
    expect(await titles('intambara')).toEqual(['Intambara']);
    expect((await search('intambara')).items[0]).toMatchObject({ kind: 'group', partsCount: 2 });
    expect(await titles('war ends')).toEqual(['Intambara']);
    expect(await titles('mugisha')).toEqual(['Amahoro']);
    expect(await titles('Junior Giti')).toEqual(['Inzovu']);
    expect(await titles('kimomo')).toEqual(['Intambara']);
    expect(await titles('giti', '&tab=series')).toEqual(['Inzovu za Kera']);
  });

  it('ranks title matches above description matches with the default sort', async () => {
    const r = await titles('inzovu');
    expect(r).toHaveLength(3);
    expect(r.indexOf('The Lion Keeper')).toBe(2);
    expect(r.slice(0, 2)).toEqual(expect.arrayContaining(['Inzovu', 'Ìnzóvú Nziza']));
  });

  it('uses a chosen sort instead of the rank, and combines with filters and paging', async () => {
    expect(await titles('inzovu', '&sort=rating')).toEqual(['Ìnzóvú Nziza', 'The Lion Keeper', 'Inzovu']);
    expect(await titles('inzovu', '&sort=az')).toEqual(['Inzovu', 'Ìnzóvú Nziza', 'The Lion Keeper']);
    expect(await titles('inzovu', '&sort=oldest')).toEqual(['Inzovu', 'Ìnzóvú Nziza', 'The Lion Keeper']);
    expect(await titles('inzovu', '&category=comedy')).toEqual([]);
    expect(await search('inzovu', '&page=2')).toMatchObject({ items: [], total: 3 });
  });

  it('treats LIKE wildcards and punctuation as text', async () => {
    expect(await titles('100%')).toEqual(['100% Real_Story']);
    expect(await titles('l_on')).toEqual([]);
    expect(await search('!!!')).toMatchObject({ items: [], total: 0 });
    expect((await search('   ')).total).toBe(7);
    expect(await titles("w'imana")).toEqual(["Umwana w'Imana"]);
    expect(await titles("'; drop table movies; --")).toEqual([]);
    expect(await titles('back\\slash')).toEqual(["Umwana w'Imana"]);
    expect(await titles('\\')).toEqual([]);
  });

  it('refuses a query holding a NUL or another control character with 400 naming it (the input guard)', async () => {
    for (const q of ['imana\u0000', '\u0007']) {
      const r = await t.app.inject({ url: `/api/catalog?q=${encodeURIComponent(q)}` });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_failed', details: { fields: [{ field: 'querystring.q' }] } });
    }
  });

  it('refuses an over-long query with 400', async () => {
    const r = await t.app.inject({ url: `/api/catalog?q=${'a'.repeat(201)}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('validation_failed');
  });

  it('finds a translator by a new name after a rename', async () => {
    const [tr] = (await t.app.inject({ url: '/api/translators' })).json().translators.filter((x: { slug: string }) => x.slug === 'rocky-kimomo');
    await t.services.translators.update(tr.id, { name: 'Rocky Umunyarwanda' });
    expect(await titles('umunyarwanda')).toEqual(['Intambara']);
    expect(await titles('kimomo')).toEqual([]);
  });

  // Last: it adds titles the tests above do not expect.
  it('puts an older title named by the query first, past more newer matches than the candidate bound', async () => {
    const named = await movie('Ingagi', { description: 'The gorilla of the volcanoes.' });
    const newer = 10 + SEARCH_CANDIDATES + 5;
    for (let i = 0; i < newer; i++) await movie(`Ishyamba ${i}b`, { description: `A forest story with an ingagi, number ${i}.` });
    const page = await search('ingagi');
    expect(page.total).toBe(newer + 1);
    expect(page.items[0]).toMatchObject({ id: named, title: 'Ingagi' });
    expect(page.items).toHaveLength(10);
    expect(await titles('ingagi', '&sort=oldest')).toEqual(['Ingagi', ...Array.from({ length: 9 }, (_, i) => `Ishyamba ${i}b`)]);
    // A chosen sort pages through every match, not only the ranked candidates.
    expect(await titles('ingagi', '&sort=oldest&page=2')).toEqual(Array.from({ length: 10 }, (_, i) => `Ishyamba ${i + 9}b`));
    expect((await titles('ingagi', '&sort=az&page=3')).length).toBe(newer + 1 - 20);
  });

  it('finds the same pages whether a way of matching walks the sort first or reads every match (ADR 036)', async () => {
    // Run after the test above: 26 matches of "ingagi", the newest 25 of them. A walk of 30 items finds a page's
    // candidates among the newest (the walk answers); a walk of 4, or the oldest 30, does not (the index answers).
    const read = createCatalogPageRepository(t.db, { searchWalk: 0 });
    const walks = [4, 30].map((searchWalk) => createCatalogPageRepository(t.db, { searchWalk }));
    const keys = async (pages: typeof read, q: string, sort: Sort, offset: number) =>
      (await pages.page({ tab: 'movies', q, playableOnly: true }, sort, 10, offset)).items.map((i) => i.key);
    let compared = 0;
    for (const q of ['ingagi', 'ishyamba', 'inzovu', 'intambara', 'gorilla', 'amahor', 'zzzz']) {
      for (const sort of ['relevance', 'newest', 'oldest', 'rating', 'az'] as const) {
        for (const offset of [0, 10, 20]) {
          const expected = await keys(read, q, sort, offset);
          for (const pages of walks) expect(await keys(pages, q, sort, offset), `${q} ${sort} ${offset}`).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('corrects each word of a query to the words titles use, new and renamed titles included (ADR 036)', async () => {
    // Two typos, one per word: each word is corrected on its own.
    expect(await titles('Inzovy Nzizq')).toEqual(['Ìnzóvú Nziza']);
    // The corrected word matches wherever it is written: "The Lion Keeper" mentions inzovu in its description.
    expect(await titles('inzovy')).toEqual(expect.arrayContaining(['The Lion Keeper']));
    // A word no title uses is not corrected, even when a description uses it ("elephant").
    expect(await titles('elephamt')).toEqual([]);
    const id = await movie('Ibirunga Bitatu', { description: 'Three volcanoes.' });
    expect(await titles('ibirumga')).toEqual(['Ibirunga Bitatu']);
    await t.services.catalog.update(id, { title: 'Ikiyaga Kivu' });
    t.services.catalogCache.clear();
    expect(await titles('ikiyafa')).toEqual(['Ikiyaga Kivu']);
    expect(await titles('ibirumga')).toEqual([]);
    expect((await t.db.executeSql(`select count(*)::int as n from catalog_words where word = 'ikiyaga'`)).rows).toEqual([{ n: 1 }]);
  });
});
