/**
 * Series and episodes (issue 3 point 5; docs/product/viewer.md §2 "/series/{id}", "/episode/..."): seasons and
 * episodes in order, the next episode (within the season, across seasons, none after the last), not-found
 * and bad-id answers, and the admin-side service rules (season numbering and titles, duplicate numbers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';
import { givePlaceholderVideos } from '../catalog/playable-fixture.js';
import { nextEpisode } from './series.service.js';

describe('next episode', () => {
  const seasons = [
    { seasonNumber: 2, episodes: [{ episodeNumber: 1 }, { episodeNumber: 3 }] },
    { seasonNumber: 1, episodes: [{ episodeNumber: 2 }, { episodeNumber: 1 }] },
    { seasonNumber: 3, episodes: [] },
    { seasonNumber: 4, episodes: [{ episodeNumber: 5 }] },
  ];
  it.each([
    [1, 1, { seasonNumber: 1, episodeNumber: 2, sameSeason: true }],
    [1, 2, { seasonNumber: 2, episodeNumber: 1, sameSeason: false }],
    [2, 1, { seasonNumber: 2, episodeNumber: 3, sameSeason: true }],
    [2, 3, { seasonNumber: 4, episodeNumber: 5, sameSeason: false }],
    [4, 5, null],
  ])('after S%iE%i comes %j', (s, e, want) => {
    expect(nextEpisode(seasons as never, s, e)).toEqual(want);
  });
});

describeEachDb('series', (kind) => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    const tr = await t.services.translators.create({ name: 'Rocky Kimomo' });
    const s = await t.services.series.create({ title: 'Ubuzima', category: 'drama', description: 'Life', director: 'Kamali', actors: ['Aline'], year: 2024, rating: 7.5, translatorId: tr.id });
    id = s.id;
    await t.services.series.addSeason(id);
    await t.services.series.addSeason(id);
    await t.services.series.addEpisode(id, 2, { episodeNumber: 1, title: 'S2 one', durationSeconds: 1500.4 });
    await t.services.series.addEpisode(id, 1, { episodeNumber: 2, title: 'S1 two' });
    await t.services.series.addEpisode(id, 1, { episodeNumber: 1, title: 'S1 one', description: 'The start' });
    // Viewers are shown ready episodes only (ADR 023): these get a ready (placeholder) video.
    await givePlaceholderVideos(t.db.db);
  });
  afterAll(() => t.stop());

  it('shows a series with its seasons and episodes in order', async () => {
    const r = await t.app.inject({ url: `/api/series/${id}` });
    expect(r.statusCode).toBe(200);
    const s = r.json().series;
    expect(s).toMatchObject({ id, title: 'Ubuzima', description: 'Life', category: 'drama', year: 2024, rating: 7.5, director: 'Kamali', actors: ['Aline'], translator: { slug: 'rocky-kimomo' } });
    expect(s.seasons.map((x: { seasonNumber: number; title: string }) => [x.seasonNumber, x.title])).toEqual([
      [1, 'Season 1'],
      [2, 'Season 2'],
    ]);
    expect(s.seasons[0].episodes.map((e: { title: string }) => e.title)).toEqual(['S1 one', 'S1 two']);
    expect(s.seasons[1].episodes[0]).toMatchObject({ seasonNumber: 2, episodeNumber: 1, durationSeconds: 1500, videoStatus: 'ready', posterUrl: null });
  });

  it('plays an episode with the next one: within the season, then across seasons, then none', async () => {
    const ep = (s: number, e: number) => t.app.inject({ url: `/api/series/${id}/seasons/${s}/episodes/${e}` });
    const first = (await ep(1, 1)).json();
    expect(first.episode).toMatchObject({ title: 'S1 one', description: 'The start' });
    expect(first.series.id).toBe(id);
    expect(first.next).toEqual({ seasonNumber: 1, episodeNumber: 2, sameSeason: true });
    expect((await ep(1, 2)).json().next).toEqual({ seasonNumber: 2, episodeNumber: 1, sameSeason: false });
    expect((await ep(2, 1)).json().next).toBeNull();
  });

  it('answers 404 not_found for a missing series or episode, and 400 for bad ids and numbers', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const a = await t.app.inject({ url: `/api/series/${none}` });
    expect([a.statusCode, a.json().error]).toEqual([404, { code: 'not_found', message: 'Series not found' }]);
    const b = await t.app.inject({ url: `/api/series/${id}/seasons/1/episodes/9` });
    expect([b.statusCode, b.json().error]).toEqual([404, { code: 'not_found', message: 'Episode not found' }]);
    expect((await t.app.inject({ url: `/api/series/${id}/seasons/7/episodes/1` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/series/${none}/seasons/1/episodes/1` })).statusCode).toBe(404);
    for (const url of ['/api/series/abc', `/api/series/${id}/seasons/x/episodes/1`, `/api/series/${id}/seasons/1/episodes/0`, `/api/series/${id}/seasons/1.5/episodes/1`]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
  });

  it('numbers seasons count + 1 and names them after the series; refuses taken numbers', async () => {
    const s3 = await t.services.series.addSeason(id);
    expect(s3).toMatchObject({ seasonNumber: 3, title: 'Season 3', description: 'Season 3 of Ubuzima' });
    await expect(t.services.series.addSeason(id, { seasonNumber: 1 })).rejects.toMatchObject({ statusCode: 409, code: 'conflict' });
    await expect(t.services.series.addEpisode(id, 1, { episodeNumber: 1, title: 'Again' })).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.services.series.addEpisode(id, 1, { episodeNumber: 0, title: 'Zero' })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(t.services.series.create({ title: 'No category', category: ' ' })).rejects.toThrow('Please fill in at least the title and category');
  });

  it('reflects edits and deletes at once', async () => {
    await t.services.series.update(id, { title: 'Ubuzima Bwiza' });
    expect((await t.app.inject({ url: `/api/series/${id}` })).json().series.title).toBe('Ubuzima Bwiza');
    expect((await t.app.inject({ url: '/api/catalog?tab=series&q=bwiza' })).json().items[0]).toMatchObject({ id, kind: 'series' });
    const ep = (await t.app.inject({ url: `/api/series/${id}/seasons/2/episodes/1` })).json().episode;
    await t.services.series.updateEpisode(ep.id, { title: 'Renamed' });
    expect((await t.app.inject({ url: `/api/series/${id}/seasons/2/episodes/1` })).json().episode.title).toBe('Renamed');
    await t.services.series.deleteEpisode(ep.id);
    expect((await t.app.inject({ url: `/api/series/${id}/seasons/2/episodes/1` })).statusCode).toBe(404);
    await t.services.series.delete(id);
    expect((await t.app.inject({ url: `/api/series/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/catalog?tab=series' })).json().total).toBe(0);
  });
});
