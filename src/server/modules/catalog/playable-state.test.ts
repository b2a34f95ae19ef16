/**
 * The maintained playable state of display items (`catalog_items.playable`, migration 0015;
 * docs/decisions/023-playable-titles-and-film-parts.md amended 2026-11-28, docs/decisions/036-catalogue-at-100k-titles.md).
 * Every transition goes through the repository that makes it in the product (media: an upload attached, a video
 * ready, failed, replaced; film parts attached and detached; episodes and seasons added and removed), or the SQL a
 * deletion runs, and after each one the column must equal the rule computed afresh from the tables (`RULE` below,
 * the condition lists used before the column existed), and viewers' lists, search and pages must follow it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { createFilmPartsRepository } from '../admin/film-parts.repository.js';
import { createMediaRepository } from '../media/media.repository.js';
import { createSeriesRepository } from '../series/series.repository.js';

/** Whether an item can play, computed from the tables (ADR 023's rule), independently of the triggers. */
const RULE = `case when c.kind = 'series' then exists (
    select 1 from seasons pse join episodes pe on pe.season_id = pse.id join video_assets pv on pv.id = pe.video_id
    where pse.series_id = c.ref_id and pv.status = 'ready')
  else exists (
    select 1 from movies pm join video_assets pv on pv.id = pm.video_id
    where pm.display_key = c.key and pv.status = 'ready'
      and not exists (select 1 from movie_parts pmp where pmp.video_id = pm.video_id and pmp.movie_id <> pm.id)) end`;

const DONE = { renditions: [], storageKey: 'x', posterKey: null, durationSeconds: 60 };

describeEachDb('playable state of display items', (kind) => {
  let t: TestApp;
  const sql = async (text: string, values?: unknown[]) => (await t.db.executeSql(text, values)).rows;
  const video = async (status: string) => String((await sql(`insert into video_assets (status, storage_key) values ($1, 'x') returning id`, [status]))[0]!.id);
  const movie = async (title: string) => (await t.services.catalog.create({ title, category: 'drama', year: 2020, director: 'Jane' })).id;
  const media = () => createMediaRepository(t.db.db);

  /** The stored flag of a movie's or series' item; and that no item anywhere differs from the rule. */
  async function flag(ref: { movie?: string; series?: string }): Promise<boolean | null> {
    const drift = await sql(`select c.key, c.playable from catalog_items c where c.playable is distinct from (${RULE})`);
    expect(drift, 'items whose stored playable state differs from the rule').toEqual([]);
    const key = ref.series ? `s:${ref.series}` : String((await sql('select display_key from movies where id = $1', [ref.movie]))[0]?.display_key);
    const row = (await sql('select playable from catalog_items where key = $1', [key]))[0];
    return row ? Boolean(row.playable) : null;
  }
  /** What a viewer finds: the title in the movie list (with its total), in search, and its page's state. */
  async function viewerSees(title: string, tab: 'movies' | 'series' = 'movies'): Promise<boolean> {
    t.services.catalogCache.clear(); // what the catalog_events notification of each write does, without waiting for it
    const list = (await t.app.inject({ url: `/api/catalog?tab=${tab}` })).json() as { items: { title: string }[]; total: number };
    expect(list.total).toBe(list.items.length);
    const found = (await t.app.inject({ url: `/api/catalog?tab=${tab}&q=${encodeURIComponent(title)}` })).json() as { items: { title: string }[]; total: number };
    const inList = list.items.some((i) => i.title === title);
    expect(found.items.some((i) => i.title === title)).toBe(inList);
    return inList;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, browse: { catalogCacheTtlMs: 0 } });
  });
  afterAll(() => t.stop());

  it('follows a movie through upload, ready, replacement, a failed replacement and deletion of its video', async () => {
    const id = await movie('Umugezi');
    expect(await flag({ movie: id })).toBe(false);
    const first = await video('processing');
    expect(await media().attachUpload({ kind: 'movie', id }, first)).toBe('current');
    expect(await flag({ movie: id })).toBe(false);
    expect(await viewerSees('Umugezi')).toBe(false);
    expect(await media().markReady(first, DONE)).toBe(true);
    expect(await flag({ movie: id })).toBe(true);
    expect(await viewerSees('Umugezi')).toBe(true);

    // A replacement: listed all along, and after the swap.
    const second = await video('processing');
    expect(await media().attachUpload({ kind: 'movie', id }, second)).toBe('pending');
    expect(await flag({ movie: id })).toBe(true);
    expect(await media().markReady(second, DONE)).toBe(true);
    expect((await sql('select video_id::text as v from movies where id = $1', [id]))[0]!.v).toBe(second);
    expect(await flag({ movie: id })).toBe(true);

    // A replacement that fails leaves the current video playing.
    const third = await video('processing');
    expect(await media().attachUpload({ kind: 'movie', id }, third)).toBe('pending');
    expect(await media().transition(third, 'processing', { status: 'failed', error: 'Transcoding failed: x' })).toBe(true);
    expect(await flag({ movie: id })).toBe(true);

    // The current video deleted (ON DELETE SET NULL): no longer playable.
    await sql('delete from video_assets where id = $1', [second]);
    expect(await flag({ movie: id })).toBe(false);
    expect(await viewerSees('Umugezi')).toBe(false);
  });

  it('drops a title whose video fails, and lists it when a ready one follows', async () => {
    const id = await movie('Inkuba');
    const v = await video('processing');
    await media().attachUpload({ kind: 'movie', id }, v);
    expect(await media().transition(v, 'processing', { status: 'failed', error: 'Transcoding failed: x' })).toBe(true);
    expect(await flag({ movie: id })).toBe(false);
    const again = await video('processing');
    expect(await media().attachUpload({ kind: 'movie', id }, again)).toBe('current');
    expect(await media().markReady(again, DONE)).toBe(true);
    expect(await flag({ movie: id })).toBe(true);
    expect(await viewerSees('Inkuba')).toBe(true);
  });

  it('hides a movie attached as another film part, and lists it again when detached', async () => {
    const main = await movie('Ishyamba');
    const part = await movie('Ikiyaga');
    const mv = await video('ready');
    const pv = await video('ready');
    await sql('update movies set video_id = $1 where id = $2', [mv, main]);
    await sql('update movies set video_id = $1 where id = $2', [pv, part]);
    expect(await flag({ movie: part })).toBe(true);
    const parts = createFilmPartsRepository(t.db.db);
    const made = await parts.insert({ movieId: main, partNumber: 2, title: 'Ikiyaga', videoId: pv, thumbnailUrl: null, durationSeconds: null });
    expect(made).not.toBe('conflict');
    expect(await flag({ movie: part })).toBe(false);
    expect(await flag({ movie: main })).toBe(true);
    expect(await viewerSees('Ikiyaga')).toBe(false);
    expect(await parts.remove(main, (made as { id: string }).id)).not.toBeNull();
    expect(await flag({ movie: part })).toBe(true);
    expect(await viewerSees('Ikiyaga')).toBe(true);
  });

  it('lists a series from its first ready episode until its last is removed, or its season', async () => {
    const repo = createSeriesRepository(t.db.db);
    const show = await t.services.series.create({ title: 'Inyanja', category: 'drama' });
    await t.services.series.addSeason(show.id);
    const season = (await repo.season(show.id, 1))!;
    expect(await flag({ series: show.id })).toBe(false);
    const waiting = await repo.addEpisode(show.id, season.id, { episodeNumber: 1, title: 'One', videoId: await video('processing') });
    expect(await flag({ series: show.id })).toBe(false);
    const ready = await repo.addEpisode(show.id, season.id, { episodeNumber: 2, title: 'Two', videoId: await video('ready') });
    expect(await flag({ series: show.id })).toBe(true);
    expect(await viewerSees('Inyanja', 'series')).toBe(true);
    await media().markReady(String((waiting as { videoId: string }).videoId), DONE);
    expect(await repo.deleteEpisode(show.id, (ready as { id: string }).id)).toBe(true);
    expect(await flag({ series: show.id })).toBe(true); // episode 1 became ready meanwhile
    await sql('update video_assets set status = $1 where id = $2', ['failed', (waiting as { videoId: string }).videoId]);
    expect(await flag({ series: show.id })).toBe(false);
    expect(await viewerSees('Inyanja', 'series')).toBe(false);
    await sql('update video_assets set status = $1 where id = $2', ['ready', (waiting as { videoId: string }).videoId]);
    expect(await flag({ series: show.id })).toBe(true);
    expect(await repo.deleteSeason(show.id, season.id)).toBe(true);
    expect(await flag({ series: show.id })).toBe(false);
    expect(await viewerSees('Inyanja', 'series')).toBe(false);
  });

  it('gives a regrouped or renamed title the state of its new item', async () => {
    const a = await movie('Umwami Part 1');
    await sql('update movies set video_id = $1 where id = $2', [await video('ready'), a]);
    const b = await movie('Umwami Part 2');
    // Grouped with a ready part 1: the group plays although part 2 has no video.
    expect(await flag({ movie: b })).toBe(true);
    await t.services.catalog.update(a, { title: 'Umwami wenyine' });
    expect(await flag({ movie: a })).toBe(true);
    expect(await flag({ movie: b })).toBe(false);
    await t.services.catalog.delete(a);
    expect(await flag({ movie: b })).toBe(false);
  });
});
