/**
 * The stored grouping follows the pure rules (issue 3 point 3): random catalogues written through the services
 * (inserts, renames, deletes, custom groups and their changes) give the same display items in the database
 * (`movies.display_key`, `catalog_items`) as `groupMovies` (src/shared/domain/grouping.ts) computes from scratch;
 * and movies written before the derived columns existed are derived at start.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { groupMovies, groupRating, type CustomGroupDef, type GroupableMovie } from '../../../shared/domain/grouping.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { deriveMissing, rowsOf } from './catalog-items.repository.js';
import { givePlaceholderVideos } from './playable-fixture.js';

type M = GroupableMovie & { rating: number };

const spec = fc.record({
  base: fc.constantFrom('Inzovu', 'Intare', 'ingwe', 'Umwami'),
  suffix: fc.constantFrom('', ' Part 1', ' Part 2', ' Pt 3', ' B', ': 4', ' - 5', ' Episode 6'),
  year: fc.constantFrom(2019, 2020),
  director: fc.constantFrom('Jane', 'JANE ', 'John'),
  rating: fc.integer({ min: 0, max: 100 }).map((x) => x / 10),
  group: fc.constantFrom(null, null, 0, 1, 2),
});

describeEachDb('stored grouping', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  /** What the database says versus what the pure rules say, over the whole catalogue. */
  async function compare() {
    const ms = (await rowsOf<{ id: string; title: string; year: number | null; director: string; rating: number; created_at: string; display_key: string }>(
      t.db.db,
      sql`select id::text, title, year, director, rating, created_at::text, display_key from movies`,
    )).map((r) => ({ ...r, createdAt: new Date(r.created_at), rating: Number(r.rating) }));
    const memberships = await rowsOf<{ group_id: string; movie_id: string; title: string }>(
      t.db.db,
      sql`select m.group_id::text, m.movie_id::text, g.title from custom_group_movies m join custom_movie_groups g on g.id = m.group_id`,
    );
    const groups = new Map<string, CustomGroupDef>();
    for (const m of memberships) groups.set(m.group_id, { id: m.group_id, title: m.title, movieIds: [...(groups.get(m.group_id)?.movieIds ?? []), m.movie_id] });
    const want = groupMovies<M>(ms, [...groups.values()]);
    const wantByKey = new Map(want.map((i) => [i.key, i.kind === 'movie' ? [i.movie.id] : i.parts.map((p) => p.id)]));
    const got = new Map<string, string[]>();
    for (const m of ms) got.set(m.display_key, [...(got.get(m.display_key) ?? []), m.id]);
    expect(new Set(got.keys())).toEqual(new Set(wantByKey.keys()));
    for (const [k, v] of wantByKey) expect([...got.get(k)!].sort(), k).toEqual([...v].sort());

    const items = await rowsOf<{ key: string; kind: string; ref_id: string; rating: number; parts_count: number; title: string }>(
      t.db.db,
      sql`select key, kind, ref_id::text, rating, parts_count, title from catalog_items where tab = 'movies'`,
    );
    expect(items.map((i) => i.key).sort()).toEqual([...wantByKey.keys()].sort());
    for (const w of want) {
      const it = items.find((i) => i.key === w.key)!;
      if (w.kind === 'movie') {
        expect(it).toMatchObject({ kind: 'movie', ref_id: w.movie.id, parts_count: 0 });
        continue;
      }
      expect(it).toMatchObject({ kind: 'group', ref_id: w.parts[0]!.id, parts_count: w.parts.length, title: w.title });
      expect(Number(it.rating)).toBeCloseTo(groupRating(w.parts.map((p) => (p as M).rating)), 5);
    }
    // The list agrees: one card per display item.
    if ((await givePlaceholderVideos(t.db.db)).changed) t.services.catalogCache.clear();
    expect((await t.app.inject({ url: '/api/catalog' })).json().total).toBe(want.length);
  }

  it('matches the pure rules through inserts, renames, deletes and group changes', async () => {
    const start = Date.now() - 86_400_000;
    for (const seed of [1, 2, 3]) {
      const specs = fc.sample(fc.array(spec, { minLength: 8, maxLength: 24 }), { seed, numRuns: 1 })[0]!;
      const ids = await t.services.catalog.createMany(
        specs.map((s, i) => ({ input: { title: `${s.base}${s.suffix}`, category: 'drama', year: s.year, director: s.director, rating: s.rating }, opts: { createdAt: new Date(start + seed * 1e6 + i * 1000) } })),
      );
      const groupIds: string[] = [];
      for (const g of [0, 1, 2]) {
        const members = ids.filter((_, i) => specs[i]!.group === g);
        if (members.length >= 2) groupIds.push((await t.services.groups.create({ title: `Group ${seed}-${g}`, movieIds: members })).id);
      }
      await compare();
      // Renames move movies between automatic groups; a delete can dissolve a group.
      await t.services.catalog.update(ids[0]!, { title: 'Inzovu Part 9' });
      await t.services.catalog.update(ids[1]!, { year: 2020, director: 'jane' });
      await t.services.catalog.delete(ids[2]!);
      await compare();
      if (groupIds[0]) {
        const g = await t.services.groups.get(groupIds[0]);
        await t.services.groups.removeMovie(groupIds[0], g!.movieIds[0]!);
        await compare();
        await t.services.groups.delete(groupIds[0]);
        await compare();
      }
    }
  });

  it('derives movies written before the derived columns existed, at start', async () => {
    await t.db.db.execute(sql`update movies set display_key = null, base_title = '', part_number = null, group_key = null`);
    await t.db.db.execute(sql`delete from catalog_items`);
    expect(await deriveMissing(t.db.db)).toBeGreaterThan(0);
    t.services.catalogCache.clear();
    await compare();
    expect(await deriveMissing(t.db.db)).toBe(0);
  });
});
