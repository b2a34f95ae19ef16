/**
 * The catalogue list and home rows through HTTP (issue 3 points 1-3, 6; docs/product/viewer.md §2, §4, §9): each
 * filter, each sort, paging of 10, groups counted once, custom groups shown only with 2 or more movies (custom
 * wins over automatic groups), the categories union, the NEW badge.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogItem, CatalogPage } from '../../../shared/contracts/browse.js';
import { weekStart } from '../../../shared/domain/new-badge.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { pickEncoding } from './compress-once.js';
import { givePlaceholderVideos } from './playable-fixture.js';

it('picks brotli, else gzip, else no encoding', () => {
  expect(pickEncoding('gzip, deflate, br')).toBe('br');
  expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
  expect(pickEncoding('*')).toBe('gzip');
  expect(pickEncoding('identity')).toBeNull();
  expect(pickEncoding(undefined)).toBeNull();
});

const DAY = 86_400_000;

describeEachDb('catalogue list', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const base = Date.now() - 60 * DAY;
  let step = 0;
  /** Creates a movie one minute after the previous one (so "newest" is creation order). */
  const movie = async (title: string, extra: Record<string, unknown> = {}) => {
    const m = await t.services.catalog.create({ title, category: 'drama', year: 2020, director: 'Jane', ...extra }, { createdAt: new Date(base + ++step * 60_000) });
    // Viewers are shown playable titles only (ADR 023): every title here has a ready (placeholder) video.
    await givePlaceholderVideos(t.db.db);
    ids[title] = m.id;
    return m.id;
  };
  const page = async (query: string): Promise<CatalogPage> => {
    const r = await t.app.inject({ url: `/api/catalog${query}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const titles = (items: CatalogItem[]) => items.map((i) => i.title);
  const all = async (query: string) => {
    const out: CatalogItem[] = [];
    for (let p = 1; ; p++) {
      const r = await page(`${query}${query ? '&' : '?'}page=${p}`);
      out.push(...r.items);
      if (r.items.length < 10) return out;
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const giti = await t.services.translators.create({ name: 'Junior Giti' });
    const yanga = await t.services.translators.create({ name: 'Yanga', slug: 'dj-yanga' });
    await movie('Inzovu Part 1', { rating: 8, translatorId: giti.id });
    await movie('Inzovu Part 2', { rating: 6, translatorId: giti.id });
    await movie('Ìntare', { category: 'Action', rating: 9, year: null, director: '' });
    await movie('Ingwe A', { category: 'comedy', rating: 5, year: 2019, director: 'Bob' });
    await movie('Umwami', { category: 'documentary', rating: 0, translatorId: yanga.id });
    await movie('Zebra');
    await movie('Amahoro', { rating: 7.5 });
    await movie('Ikiyaga');
    await movie('Igikeri');
    for (const w of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) await movie(`Film ${w}s`, { rating: 1 });
    await t.services.groups.create({ title: 'Favourites', description: 'Chosen ones', movieIds: [ids.Zebra!, ids.Amahoro!] });
    await t.services.groups.create({ title: 'Lake and frog', movieIds: [ids.Ikiyaga!, ids.Igikeri!] });
    const s1 = await t.services.series.create({ title: 'Ubuzima', category: 'Drama', rating: 8 }, { createdAt: new Date(base) });
    const s2 = await t.services.series.create({ title: 'Amarira', category: 'thriller', rating: 6, translatorId: yanga.id }, { createdAt: new Date(base + DAY) });
    ids.Ubuzima = s1.id;
    ids.Amarira = s2.id;
    for (const s of [s1, s2]) {
      await t.services.series.addSeason(s.id);
      await t.services.series.addEpisode(s.id, 1, { episodeNumber: 1, title: 'One' });
    }
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
  });
  afterAll(() => t.stop());

  it('lists movies newest first (a group by its newest part), a group as one item, 10 to a page, with the total', async () => {
    const first = await page('');
    // 14 movies: 2 automatic parts, 2 + 2 in custom groups → 14 - 3 = 11 items.
    expect(first.total).toBe(11);
    expect(first.pageSize).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(titles(first.items)).toEqual(['Film Echos', 'Film Deltas', 'Film Charlies', 'Film Bravos', 'Film Alphas', 'Lake and frog', 'Favourites', 'Umwami', 'Ingwe A', 'Ìntare']);
    const second = await page('?page=2');
    expect(titles(second.items)).toEqual(['Inzovu']);
    expect(second).toMatchObject({ page: 2, total: 11 });
    expect((await page('?page=3')).items).toEqual([]);
  });

  it('describes a group: first part opens, parts count, summed rating rule, custom flag', async () => {
    const items = await all('');
    const inzovu = items.find((i) => i.title === 'Inzovu')!;
    expect(inzovu).toMatchObject({ kind: 'group', id: ids['Inzovu Part 1'], groupId: 'inzovu|2020|jane', partsCount: 2, rating: 7, isCustomGroup: false, translator: { slug: 'junior-giti' } });
    const fav = items.find((i) => i.title === 'Favourites')!;
    expect(fav).toMatchObject({ kind: 'group', id: ids.Zebra, partsCount: 2, rating: 7.5, isCustomGroup: true, description: 'Chosen ones' });
    const lone = items.find((i) => i.title === 'Ingwe A')!;
    expect(lone).toMatchObject({ kind: 'movie', groupId: null, partsCount: 0 });
  });

  it('sorts oldest first (a group by its oldest part), highest rated first, and A-Z ignoring case and accents', async () => {
    expect(titles(await all('?sort=oldest'))).toEqual(['Inzovu', 'Ìntare', 'Ingwe A', 'Umwami', 'Favourites', 'Lake and frog', 'Film Alphas', 'Film Bravos', 'Film Charlies', 'Film Deltas', 'Film Echos']);
    expect(titles((await page('?sort=rating')).items).slice(0, 4)).toEqual(['Ìntare', 'Favourites', 'Inzovu', 'Ingwe A']);
    expect(titles(await all('?sort=az'))).toEqual(['Favourites', 'Film Alphas', 'Film Bravos', 'Film Charlies', 'Film Deltas', 'Film Echos', 'Ingwe A', 'Ìntare', 'Inzovu', 'Lake and frog', 'Umwami']);
  });

  it('filters by category (any case; "all" is no filter) and lists the union of categories', async () => {
    const drama = await page('?category=DRAMA');
    expect(drama.total).toBe(8);
    expect(titles(drama.items)).not.toContain('Ìntare');
    expect(titles((await page('?category=action')).items)).toEqual(['Ìntare']);
    expect((await page('?category=all')).total).toBe(11);
    expect(await page('?category=western')).toMatchObject({ items: [], total: 0 });
    expect(drama.categories).toEqual(['action', 'comedy', 'documentary', 'drama']);
    expect((await page('?tab=series')).categories).toEqual(['drama', 'thriller']);
  });

  it('filters by translator slug; an unknown slug gives an empty page', async () => {
    expect(titles((await page('?translator=junior-giti')).items)).toEqual(['Inzovu']);
    expect(titles((await page('?translator=dj-yanga')).items)).toEqual(['Umwami']);
    expect(titles((await page('?tab=series&translator=dj-yanga')).items)).toEqual(['Amarira']);
    expect(await page('?translator=nobody')).toMatchObject({ items: [], total: 0 });
  });

  it('combines filters, sort and paging', async () => {
    const r = await page('?category=drama&sort=az&page=1');
    expect(titles(r.items)).toEqual(['Favourites', 'Film Alphas', 'Film Bravos', 'Film Charlies', 'Film Deltas', 'Film Echos', 'Inzovu', 'Lake and frog']);
  });

  it('lists series in their own tab', async () => {
    const r = await page('?tab=series');
    expect(r.items.map((i) => [i.kind, i.title])).toEqual([
      ['series', 'Amarira'],
      ['series', 'Ubuzima'],
    ]);
    expect(r.items[0]).toMatchObject({ id: ids.Amarira, translator: { slug: 'dj-yanga' }, rating: 6 });
  });

  it('answers a bad tab, sort or page with 400 validation_failed', async () => {
    for (const q of ['?tab=films', '?sort=best', '?page=0', '?page=abc']) {
      const r = await t.app.inject({ url: `/api/catalog${q}` });
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
  });

  it('shows a custom group only while 2 of its movies exist; custom wins over automatic groups', async () => {
    await t.services.catalog.delete(ids.Igikeri!);
    let items = await all('');
    expect(titles(items)).not.toContain('Lake and frog');
    expect(items.find((i) => i.title === 'Ikiyaga')).toMatchObject({ kind: 'movie' });
    // Part 1 joins a custom group with Umwami: the automatic group of Inzovu has one part left.
    const g = await t.services.groups.create({ title: 'Mixed', movieIds: [ids['Inzovu Part 1']!, ids.Umwami!] });
    items = await all('');
    expect(titles(items)).not.toContain('Inzovu');
    expect(items.find((i) => i.title === 'Inzovu Part 2')).toMatchObject({ kind: 'movie' });
    expect(items.find((i) => i.title === 'Mixed')).toMatchObject({ kind: 'group', isCustomGroup: true, partsCount: 2, groupId: g.id, id: ids['Inzovu Part 1'] });
    // A movie is in one group at most.
    await expect(t.services.groups.addMovie(g.id, ids.Zebra!)).rejects.toMatchObject({ statusCode: 409, code: 'conflict' });
    // Removing the group gives the automatic group back.
    await t.services.groups.delete(g.id);
    items = await all('');
    expect(items.find((i) => i.title === 'Inzovu')).toMatchObject({ kind: 'group', partsCount: 2 });
    expect(titles(items)).not.toContain('Mixed');
  });

  it('follows renames: a movie that becomes a part joins its group', async () => {
    const id = await movie('Something else', { rating: 4 });
    expect((await all('')).find((i) => i.id === id)).toMatchObject({ kind: 'movie' });
    await t.services.catalog.update(id, { title: 'Inzovu Part 3' });
    const items = await all('');
    expect(items.find((i) => i.title === 'Inzovu')).toMatchObject({ partsCount: 3, rating: 6 });
    await t.services.catalog.update(id, { year: 1999 });
    expect((await all('')).find((i) => i.title === 'Inzovu')).toMatchObject({ partsCount: 2 });
    await t.services.catalog.delete(id);
  });

  describe('NEW badge', () => {
    it('marks items created since Sunday 00:00 UTC, and a group by its newest part', async () => {
      const start = weekStart(new Date()).getTime();
      const fresh = await t.services.catalog.create({ title: 'Fresh', category: 'drama' }, { createdAt: new Date(start) });
      const stale = await t.services.catalog.create({ title: 'Stale', category: 'drama' }, { createdAt: new Date(start - 1) });
      await t.services.catalog.create({ title: 'Inzovu Part 4', category: 'drama', year: 2020, director: 'Jane' }, { createdAt: new Date() });
      await givePlaceholderVideos(t.db.db);
      t.services.catalogCache.clear();
      const items = await all('');
      expect(items.find((i) => i.id === fresh.id)!.isNew).toBe(true);
      expect(items.find((i) => i.id === stale.id)!.isNew).toBe(false);
      expect(items.find((i) => i.title === 'Inzovu')).toMatchObject({ isNew: true, partsCount: 3 });
      expect(items.find((i) => i.title === 'Film Alphas')!.isNew).toBe(false);
    });
  });

  it('answers the same list compressed once per encoding, to clients that accept it', async () => {
    const plain = await t.app.inject({ url: '/api/catalog?sort=az' });
    const br = await t.app.inject({ url: '/api/catalog?sort=az', headers: { 'accept-encoding': 'gzip, br' } });
    const again = await t.app.inject({ url: '/api/catalog?sort=az', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url: '/api/catalog?sort=az', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).items).toHaveLength(10);
  });

  it('fills the home rows: 4 newest movies, 4 best rated, 4 newest series', async () => {
    const r = await t.app.inject({ url: '/api/home' });
    expect(r.statusCode).toBe(200);
    const home = r.json();
    expect(home.recentMovies).toHaveLength(4);
    expect(home.recentMovies[0].title).toBe('Inzovu');
    expect(titles(home.popularMovies)).toEqual(['Ìntare', 'Favourites', 'Inzovu', 'Ingwe A']);
    expect(titles(home.newSeries)).toEqual(['Amarira', 'Ubuzima']);
  });
});
