/**
 * The catalogue-statistics job's work (jobs/catalog.jobs.ts; docs/decisions/036-catalogue-at-100k-titles.md, amended
 * 2026-11-29): statistics taken while no title was playable leave the partial indexes of playable items at
 * `reltuples = 0`, which the planner reads as empty; once many titles became playable, `refreshIfStale` analyzes
 * the display items again, and does nothing while they are fresh. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { vacuumItems } from './catalog-items.repository.js';
import { givePlaceholderVideos } from './playable-fixture.js';

describeEachDb('catalogue statistics upkeep', (kind) => {
  let t: TestApp;
  const indexTuples = async () =>
    Number((await t.db.executeSql(`select reltuples::float8 as n from pg_class where relname = 'catalog_items_playable_newest_idx'`)).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  it('refreshes statistics taken before the titles became playable, then leaves fresh ones alone', async () => {
    await t.services.catalog.createMany(Array.from({ length: 120 }, (_, i) => ({ input: { title: `Umugani ${i} w'ejo`, category: 'drama' } })));
    await vacuumItems(t.db.db);
    expect(await indexTuples()).toBe(0);
    expect((await givePlaceholderVideos(t.db.db)).changed).toBeGreaterThanOrEqual(120);
    // PostgreSQL's activity counters reach pg_stat_user_tables when the writing transaction ends; wait for them.
    let refreshed = false;
    for (let i = 0; i < 50 && !refreshed; i++) {
      refreshed = await t.services.catalogStatistics.refreshIfStale();
      if (!refreshed) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refreshed).toBe(true);
    expect(await indexTuples()).toBeGreaterThanOrEqual(100);
    expect(await t.services.catalogStatistics.refreshIfStale()).toBe(false);
  });
});
