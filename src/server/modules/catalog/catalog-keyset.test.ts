/**
 * Keyset pages of the catalogue list (docs/decisions/036-catalogue-at-100k-titles.md): following `nextCursor` gives,
 * in every sort and with a category, the same items as the numbered pages; the last page has no cursor; a search
 * has none; a cursor that is not one, or does not fit the sort, is refused with 400 `validation_failed`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from './playable-fixture.js';

type Page = { items: { id: string; title: string }[]; total: number; nextCursor?: string | null };

describeEachDb('catalogue keyset pages', (kind) => {
  let t: TestApp;
  const get = async (url: string): Promise<Page> => {
    const r = await t.app.inject({ url });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, browse: { catalogCacheTtlMs: 0 } });
    const base = Date.now() - 86_400_000;
    const same = new Date(base); // ties on the time and rating: the key orders them
    await t.services.catalog.createMany(
      Array.from({ length: 27 }, (_, i) => ({
        input: { title: `Film ${String.fromCharCode(97 + (i % 26))}${i}`, category: i % 3 ? 'drama' : 'comedy', year: 2000 + i, director: `D${i}`, rating: i % 4 }, // distinct directors: no automatic groups
        opts: { createdAt: i % 5 ? new Date(base + i * 60_000) : same },
      })),
    );
    await givePlaceholderVideos(t.db.db);
    t.services.catalogCache.clear();
  });
  afterAll(() => t.stop());

  it('walks every sort, with and without a category, as the numbered pages do', async () => {
    for (const sort of ['newest', 'oldest', 'rating', 'az']) {
      for (const category of ['', '&category=drama']) {
        const numbered: string[] = [];
        for (let p = 1; p <= 3; p++) numbered.push(...(await get(`/api/catalog?sort=${sort}${category}&page=${p}`)).items.map((i) => i.id));
        const walked: string[] = [];
        let cursor: string | null | undefined;
        let pages = 0;
        do {
          const page = await get(`/api/catalog?sort=${sort}${category}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`);
          walked.push(...page.items.map((i) => i.id));
          cursor = page.nextCursor;
          pages++;
        } while (cursor && pages < 10);
        expect(walked, `${sort}${category}`).toEqual(numbered);
        expect(walked.length).toBe(category ? 18 : 27);
      }
    }
  });

  it('gives no cursor to a search, and refuses a cursor that is not one', async () => {
    expect((await get('/api/catalog?q=film')).nextCursor).toBeNull();
    for (const bad of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["x"]').toString('base64url')]) {
      const r = await t.app.inject({ url: `/api/catalog?sort=newest&after=${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
  });
});
