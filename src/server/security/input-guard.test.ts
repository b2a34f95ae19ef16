/**
 * Bad input that used to reach a 500 now answers 400 `validation_failed` naming the field, and changes nothing:
 * U+0000 and other C0 control characters in bodies, query strings, URL parameters, object keys and tus
 * Upload-Metadata (plugins/input-guard.ts); a `null` body; an empty PATCH of a series, an episode or a movie
 * (shared/contracts/admin.ts); impossible analytics dates. Tab and line ends stay allowed in text.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE, movieFormBody } from '../../shared/contracts/admin.js';
import { CONTROL_MESSAGE, controlCharacterAt } from '../plugins/input-guard.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../test/harness.js';
import { deepArrays } from './fuzz-values.js';

it('finds control characters at any depth and in keys, and lets tab and line ends through', () => {
  expect(controlCharacterAt({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')).toBe('body.a.1.c');
  expect(controlCharacterAt({ ['k\u0007']: 1 }, 'body')).toBe('body');
  expect(controlCharacterAt({ text: 'line one\r\nline\ttwo' }, 'body')).toBeNull();
  expect(controlCharacterAt(['\u001b[31m'], 'querystring.q')).toBe('querystring.q.0');
  let deep: unknown = 'bottom\u0000';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(controlCharacterAt(deep, 'body')).toMatch(/^body(\.0){100000}$/);
});

it("refuses a null new-movie form without its cross-field checks throwing, and still names every field of an object", () => {
  expect(movieFormBody.safeParse(null).success).toBe(false);
  const issues = movieFormBody.safeParse({ title: '' }).error!.issues.map((i) => i.path.join('.'));
  expect(issues).toEqual(expect.arrayContaining(['title', 'fileName', 'category']));
});

describeEachDb('input guard', (kind) => {
  let t: TestApp;
  let admin: { cookie: string };
  let seriesId: string;
  let episodeId: string;
  let movieId: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
    });
  /** The 400 answer's fields, after checking it is a 400 `validation_failed`. */
  const refused = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    return res.json().error.details.fields as { field: string; message: string }[];
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = await signUp(t, 'admin');
    movieId = (await call('POST', '/api/admin/movies', { title: 'Umutima', category: 'drama' })).json().movie.id;
    seriesId = (await call('POST', '/api/admin/series', { title: 'Imena', category: 'drama' })).json().series.id;
    const seasonId = (await call('POST', `/api/admin/series/${seriesId}/seasons`, {})).json().season.id;
    episodeId = (await call('POST', `/api/admin/seasons/${seasonId}/episodes`, { episodeNumber: 1, title: 'Intangiriro' })).json().episode.id;
  });
  afterAll(() => t.stop());

  it('refuses U+0000 in a stored field, naming it, and keeps what was saved', async () => {
    expect(refused(await call('PATCH', `/api/admin/series/${seriesId}`, { title: 'Imena\u0000' }))).toEqual([{ field: 'body.title', message: CONTROL_MESSAGE }]);
    expect(refused(await call('POST', '/api/admin/series', { title: 'x', category: 'drama', actors: ['Aline', 'Eric\u0001'] }))[0]!.field).toBe('body.actors.1');
    expect(refused(await call('PATCH', `/api/admin/series/${seriesId}`, { ['title\u0000']: 'x' }))[0]!.field).toBe('body');
    expect((await call('GET', `/api/admin/series/${seriesId}`)).json().series.title).toBe('Imena');
  });

  it('refuses control characters in query strings and URL parameters, anonymous routes included', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/catalog?q=ab%00cd' });
    expect(refused(search)).toEqual([{ field: 'querystring.q', message: CONTROL_MESSAGE }]);
    expect(refused(await t.app.inject({ method: 'GET', url: '/api/translators/a%00b' }))[0]!.field).toBe('params.slug');
    expect(refused(await t.app.inject({ method: 'GET', url: '/api/catalog?q=%1B%5B31m' }))[0]!.field).toBe('querystring.q');
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog?q=two%09words' })).statusCode).toBe(200);
  });

  it('keeps tab and line ends in multi-line text', async () => {
    const res = await call('PATCH', `/api/admin/series/${seriesId}`, { description: 'Line one\r\nLine\ttwo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series.description).toBe('Line one\r\nLine\ttwo');
  });

  it('refuses a null, scalar, array or 10,000-deep body where an object is expected', async () => {
    for (const body of ['null', '42', '"text"', '[]', deepArrays(10_000)]) {
      expect(refused(await call('PATCH', `/api/admin/series/${seriesId}`, body)), body.slice(0, 10)).toEqual([{ field: 'body', message: 'Expected an object' }]);
    }
    expect(refused(await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: 'null', headers: { 'content-type': 'application/json' } }))[0]!.field).toBe('body');
  });

  it('refuses an empty PATCH of a series, an episode or a movie', async () => {
    for (const url of [`/api/admin/series/${seriesId}`, `/api/admin/episodes/${episodeId}`, `/api/admin/movies/${movieId}`]) {
      expect(refused(await call('PATCH', url, {})), url).toEqual([{ field: 'body', message: NOTHING_TO_CHANGE }]);
      // Unknown keys are dropped, so they change nothing either.
      expect(refused(await call('PATCH', url, { unknownField: 1 })), url).toEqual([{ field: 'body', message: NOTHING_TO_CHANGE }]);
    }
  });

  it('refuses analytics dates that do not exist', async () => {
    for (const q of ['to=9999-99-99', 'from=2024-02-30', 'to=2023-02-29', 'from=2026-13-01&to=2026-13-02']) {
      const fields = refused(await call('GET', `/api/admin/analytics?${q}`));
      expect(fields[0]!.field, q).toBe(`querystring.${q.slice(0, q.indexOf('='))}`);
    }
    expect((await call('GET', '/api/admin/analytics?from=2024-02-29&to=2024-03-01')).statusCode).toBe(200);
    expect(refused(await call('GET', '/api/admin/analytics/export.csv?series=top_titles&to=9999-99-99'))[0]!.field).toBe('querystring.to');
  });

  it('refuses U+0000 in tus Upload-Metadata before anything is stored', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: admin.cookie, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${b64('clip\u0000.mp4')},filetype ${b64('video/mp4')},movieId ${b64(movieId)}` },
    });
    expect(refused(res)).toEqual([{ field: 'metadata.filename', message: CONTROL_MESSAGE }]);
    expect((await call('GET', `/api/admin/movies/${movieId}`)).json().movie.video).toBeNull();
  });
});
