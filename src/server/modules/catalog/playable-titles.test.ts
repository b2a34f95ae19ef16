/**
 * Viewers see only titles they can play; admins see all, with the state (docs/decisions/023-playable-titles-and-film-parts.md).
 * Lists, search, home rows, translator pages, group parts and series episodes; a failed video is "not available",
 * a processing one "not ready yet"; a title whose replacement is pending stays listed; the read cache never gives an
 * admin's answer to a viewer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaFailureCode, withoutToolText } from '../../../shared/contracts/media.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

it('names every failure reason media writes by a stable code, and drops the tool text', () => {
  expect(mediaFailureCode('The file is not a video ffmpeg can read (ffprobe: moov atom not found).')).toBe('not_a_video');
  expect(mediaFailureCode('The file has no video stream.')).toBe('no_video_stream');
  expect(mediaFailureCode('The file has no video stream, only a cover picture (is it a music file?).')).toBe('audio_only');
  expect(mediaFailureCode('The file is a still image (png), not a video.')).toBe('still_image');
  expect(mediaFailureCode('The file has a video stream in a format ffmpeg cannot decode.')).toBe('unsupported_codec');
  expect(mediaFailureCode('The file is damaged: its video stream has no picture size.')).toBe('corrupt');
  expect(mediaFailureCode('The file is incomplete: it ends before its video data does, as if the upload was cut short (x).')).toBe('truncated');
  expect(mediaFailureCode('The file could not be read as a video: ffprobe was still reading it after 60 s and was stopped.')).toBe('probe_timeout');
  expect(mediaFailureCode('The upload expired: it was not finished within 24 hours. Upload the file again.')).toBe('upload_expired');
  expect(mediaFailureCode('Transcoding failed: ffmpeg failed making 360p')).toBe('transcode_failed');
  expect(mediaFailureCode('something new')).toBe('unknown');
  expect(mediaFailureCode(null)).toBeNull();
  expect(withoutToolText('The file is not a video ffmpeg can read (ffprobe: moov atom not found).')).toBe('The file is not a video ffmpeg can read.');
});

describeEachDb('playable titles', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const video = async (status: string) => String((await t.db.executeSql(`insert into video_assets (status, storage_key) values ($1, 'x') returning id`, [status])).rows[0]!.id);
  const get = async (url: string, cookie?: string) => {
    const r = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'admin')).cookie;
    const tr = await t.services.translators.create({ name: 'Junior Giti' });
    const base = Date.now() - 86_400_000;
    let step = 0;
    const movie = async (title: string, status: string | null, extra: Record<string, unknown> = {}) => {
      const m = await t.services.catalog.create({ title, category: 'drama', translatorId: tr.id, year: 2020, director: 'Jane', ...extra }, { createdAt: new Date(base + ++step * 60_000) });
      if (status) await t.db.executeSql('update movies set video_id = $1 where id = $2', [await video(status), m.id]);
      ids[title] = m.id;
    };
    await movie('Ready film', 'ready');
    await movie('Replaced film', 'ready');
    await t.db.executeSql('update movies set pending_video_id = $1 where id = $2', [await video('processing'), ids['Replaced film']]);
    await movie('Inzu Part 1', 'ready');
    await movie('Inzu Part 2', 'processing');
    await movie('Failed film', 'failed', { category: 'comedy' }); // the one comedy: no chip for viewers
    await movie('No video film', null);
    await movie('Processing film', 'processing'); // the newest: it would head Recently Added
    const show = await t.services.series.create({ title: 'Ready show', category: 'drama', translatorId: tr.id });
    const wait = await t.services.series.create({ title: 'Waiting show', category: 'thriller' });
    for (const [s, status] of [[show, 'ready'], [wait, 'processing']] as const) {
      await t.services.series.addSeason(s.id);
      const e = await t.services.series.addEpisode(s.id, 1, { episodeNumber: 1, title: 'One' });
      const id = typeof e === 'object' && e && 'id' in e ? (e as { id: string }).id : null;
      await t.db.executeSql('update episodes set video_id = $1 where id = $2', [await video(status), id]);
    }
    await t.services.series.addEpisode(show.id, 1, { episodeNumber: 2, title: 'Two, failed' });
    ids.show = show.id;
    t.services.catalogCache.clear();
  });
  afterAll(() => t.stop());

  it('lists, searches and fills the home rows with playable titles only, for viewers', async () => {
    // An admin's answer first: the viewer's must not be served from it.
    expect(titles((await get('/api/catalog', admin)).items)).toEqual(['Failed film', 'Inzu', 'No video film', 'Processing film', 'Ready film', 'Replaced film']);
    const page = await get('/api/catalog');
    expect(titles(page.items)).toEqual(['Inzu Part 1', 'Ready film', 'Replaced film']);
    expect(page.total).toBe(3);
    expect((await get('/api/catalog?q=film')).items.map((i: { title: string }) => i.title).sort()).toEqual(['Ready film', 'Replaced film']);
    const home = await get('/api/home');
    expect(home.recentMovies[0].title).toBe('Inzu Part 1');
    expect(titles(home.recentMovies)).not.toContain('Processing film');
    expect(titles(home.newSeries)).toEqual(['Ready show']);
    expect(titles((await get('/api/catalog?tab=series')).items)).toEqual(['Ready show']);
    expect(titles((await get('/api/translators/junior-giti')).items)).toEqual(['Inzu Part 1', 'Ready film', 'Ready show', 'Replaced film']);
  });

  it("offers a viewer only the category chips that hold a title they can play; an admin all of them", async () => {
    expect((await get('/api/catalog', admin)).categories).toEqual(['comedy', 'drama']);
    expect((await get('/api/catalog')).categories).toEqual(['drama']);
    expect((await get('/api/catalog?category=comedy')).total).toBe(0);
    expect((await get('/api/catalog?tab=series', admin)).categories).toEqual(['drama', 'thriller']);
    expect((await get('/api/catalog?tab=series')).categories).toEqual(['drama']);
    // Past the last page the chips are read alone, with the same rule.
    expect((await get('/api/catalog?page=9')).categories).toEqual(['drama']);
    expect((await get('/api/catalog?page=9', admin)).categories).toEqual(['comedy', 'drama']);
  });

  it('shows admins every title, each one viewers cannot play with its state', async () => {
    const items = (await get('/api/catalog', admin)).items as { title: string; unavailable?: string; partsCount: number }[];
    const state = Object.fromEntries(items.map((i) => [i.title, i.unavailable ?? 'ready']));
    expect(state).toEqual({ 'Failed film': 'failed', 'No video film': 'failed', 'Processing film': 'processing', 'Ready film': 'ready', 'Replaced film': 'ready', Inzu: 'ready' });
    expect(items.find((i) => i.title === 'Inzu')!.partsCount).toBe(2);
    expect(titles((await get('/api/catalog?tab=series', admin)).items)).toEqual(['Ready show', 'Waiting show']);
  });

  it("gives a viewer a non-playable title's page with its state, and only the ready parts and episodes", async () => {
    expect((await get(`/api/movies/${ids['Failed film']}`)).movie.videoStatus).toBe('failed');
    expect((await get(`/api/movies/${ids['Processing film']}`)).movie.videoStatus).toBe('processing');
    expect((await get(`/api/movies/${ids['Inzu Part 1']}`)).movie.parts.map((p: { title: string }) => p.title)).toEqual(['Inzu Part 1']);
    expect((await get(`/api/movies/${ids['Inzu Part 1']}`, admin)).movie.parts.map((p: { title: string }) => p.title)).toEqual(['Inzu Part 1', 'Inzu Part 2']);
    expect((await get(`/api/series/${ids.show}`)).series.seasons[0].episodes.map((e: { title: string }) => e.title)).toEqual(['One']);
    expect((await get(`/api/series/${ids.show}`, admin)).series.seasons[0].episodes.map((e: { title: string }) => e.title)).toEqual(['One', 'Two, failed']);
  });

  it('tells a viewer who plays a failed title that it is not available, and a processing one that it is not ready yet', async () => {
    const viewer = (await signUp(t)).cookie;
    await t.db.executeSql('update movies set is_premium = false', []);
    const play = (id: string) => t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: { cookie: viewer }, payload: {} });
    const failed = await play(ids['Failed film']!);
    expect(failed.statusCode).toBe(404);
    expect(failed.json().error).toMatchObject({ code: 'video_not_available', details: { availability: 'failed' } });
    expect(failed.json().error.message).not.toMatch(/few minutes/);
    const processing = await play(ids['Processing film']!);
    expect(processing.statusCode).toBe(409);
    expect(processing.json().error).toMatchObject({ code: 'video_not_ready', details: { availability: 'processing' } });
    // The title whose replacement is on its way plays its current video.
    expect((await play(ids['Replaced film']!)).statusCode).toBe(200);
  });
});
