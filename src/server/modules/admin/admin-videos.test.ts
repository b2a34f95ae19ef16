/**
 * The server's own video checks (issue 6 point 4; docs/product/admin.md §5 "Video file"): the pre-upload check,
 * and ffprobe on the finished upload refusing a renamed text file and a truncated video; an episode's upload.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, FIXTURES, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('admin video checks', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    cookie = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  /** Creates an upload for a movie or an episode and sends the whole body in one PATCH. */
  async function upload(meta: Record<string, string>, body: Buffer) {
    const header = Object.entries(meta)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': header } });
    if (create.statusCode !== 201) return { create, patch: null };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: String(create.headers.location),
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: body,
    });
    return { create, patch };
  }
  const movie = async (title: string) => (await t.services.catalog.create({ title, category: 'drama' })).id;
  const videoOf = async (movieId: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/movies/${movieId}`, headers: { cookie } })).json().movie.video;

  it('checks a file before upload: type video/*, at most 5 GB, a name, with the spec texts', async () => {
    const check = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/videos/validate', headers: { cookie }, payload });
    const ok = await check({ fileName: 'Film.MP4', fileSize: 1_000_000, fileType: 'video/mp4' });
    expect(ok.json()).toEqual({ success: true, errors: [], fileInfo: { fileName: 'Film.MP4', fileSize: 1_000_000, fileType: 'video/mp4', extension: 'mp4' } });
    const bad = await check({ fileName: 'notes.txt', fileSize: 5 * 1024 ** 3 + 1, fileType: 'text/plain' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ success: false, errors: ['Please select a video file', 'Please select a video file smaller than 5GB'] });
    const missing = await check({ fileName: 'x.mp4' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['body.fileSize', 'body.fileType']);
  });

  it('refuses a text file renamed .mp4 after probing it, and keeps the movie', async () => {
    const id = await movie('Renamed text');
    const { create, patch } = await upload({ filename: 'film.mp4', filetype: 'video/mp4', movieId: id }, Buffer.from('Not a film at all, just words.\n'.repeat(200)));
    expect(create.statusCode).toBe(201);
    expect(patch!.statusCode).toBe(422);
    const err = JSON.parse(patch!.body).error;
    expect(err.code).toBe('media_rejected');
    expect(err.message).toMatch(/not a video/i);
    expect(await videoOf(id)).toMatchObject({ status: 'failed', error: err.message });
    expect((await t.services.catalog.adminGet(id)).title).toBe('Renamed text');
  });

  it('refuses a truncated video with a clear reason', async () => {
    const full = await readFile(path.join(FIXTURES, 'cockatoo.mp4'));
    const id = await movie('Cut short');
    const { patch } = await upload({ filename: 'cockatoo.mp4', filetype: 'video/mp4', movieId: id }, full.subarray(0, Math.floor(full.length * 0.4)));
    expect(patch!.statusCode).toBe(422);
    const err = JSON.parse(patch!.body).error;
    expect(err.code).toBe('media_rejected');
    expect(err.message).toMatch(/incomplete|truncated|not a video/i);
    expect((await videoOf(id)).status).toBe('failed');
  });

  it("uploads an episode's video by episodeId, and refuses an unknown episode", async () => {
    const s = await t.services.series.create({ title: 'Upload series', category: 'drama' });
    await t.services.series.addSeason(s.id);
    const ep = await t.services.series.addEpisode(s.id, 1, { episodeNumber: 1, title: 'Pilot' });
    const body = await readFile(path.join(FIXTURES, 'movie-hello.mp4'));
    const { create, patch } = await upload({ filename: 'pilot.mp4', filetype: 'video/mp4', episodeId: ep.id }, body);
    expect(create.statusCode).toBe(201);
    expect(patch!.statusCode).toBe(204);
    const eps = (await t.app.inject({ method: 'GET', url: `/api/admin/seasons/${ep.seasonId}/episodes`, headers: { cookie } })).json().items;
    expect(eps[0].video).toMatchObject({ status: 'processing' });
    expect(eps[0].durationSeconds).toBe(8);
    const lib = (await t.app.inject({ method: 'GET', url: '/api/admin/videos?q=pilot', headers: { cookie } })).json();
    expect(lib.items[0].episodes).toEqual([{ id: ep.id, title: 'Pilot', seriesId: s.id, seriesTitle: 'Upload series', seasonNumber: 1, episodeNumber: 1 }]);
    const unknown = await upload({ filename: 'x.mp4', episodeId: '00000000-0000-4000-8000-000000000000' }, Buffer.alloc(10));
    expect(unknown.create.statusCode).toBe(404);
  });
});
