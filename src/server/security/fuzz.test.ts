/**
 * The fuzz suite: every route the app declares (t.routes, with its access level and zod schemas), called by
 * anonymous, user, admin and super_admin with generated hostile params, query strings and bodies
 * (fuzz-values.ts), a sweep of every number field past column ranges, hostile caption files and licence documents, and bad headers on
 * the streaming route (/api/events), the tus upload endpoint and the better-auth paths. Every answer must be below 500 and carry no internals: no stack frames, no source paths, no
 * SQL, no `Error:` (OWASP Web Security Testing Guide, "Testing for Improper Error Handling").
 * Deterministic: fast-check samples with a fixed seed (FUZZ_SEED overrides it); the seed and the number of
 * requests are printed. What it creates lives in the test app's own database and data folder, dropped by stop().
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Role } from '../../shared/contracts/accounts.js';
import { videoAssets } from '../db/schema/index.js';
import type { RouteRecord } from '../plugins/auth.js';
import { allows } from '../plugins/auth.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../test/harness.js';
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, RAW_BODIES, deepArrays, hostile, jsonSchemaOf, knownIds, mutated, plausible, queryValue } from './fuzz-values.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Generated requests per route and allowed caller; callers the guard refuses get 2. */
const RUNS = 6;
const CALLERS: (Role | 'anonymous')[] = ['anonymous', 'user', 'admin', 'super_admin'];
/** Routes that end the caller's session or account: called last, with fresh sessions. */
const SESSION_ENDING = new Set(['POST /api/accounts/logout', 'DELETE /api/accounts/me', 'POST /api/accounts/password']);
const SPECIAL = (r: RouteRecord) => r.url === '/api/events' || r.url.startsWith('/api/uploads');
/** Signs of internals in an answer: stack frames, source paths, SQL, error class names. */
const LEAKS = [/\n\s+at \S/, /\.[tj]s:\d+/, /\bError:/, /\bselect\b[^"\n]{0,80}\bfrom\b/i, /\binsert into\b/i, /syntax error/i, /\bviolates\b/i, /\brelation "/i, /duplicate key/i];
const b64 = (s: string) => Buffer.from(s).toString('base64');

type Inject = InjectOptions;

describeEachDb('fuzz: hostile input never reaches a 500 nor shows internals', (kind) => {
  let t: TestApp;
  let cookies: Record<string, string> = {};
  let movieId = '';
  let videoId = '';
  const failures: string[] = [];
  let requests = 0;

  const signUpAll = async () => {
    cookies = {};
    for (const role of ['user', 'admin', 'super_admin'] as const) cookies[role] = (await signUp(t, role)).cookie;
  };

  /** Sends one request as `caller` and records any answer that breaks the rules above. */
  async function send(caller: Role | 'anonymous', opts: Inject, label: string) {
    const headers = { ...(opts.headers ?? {}), ...(caller === 'anonymous' ? {} : { cookie: cookies[caller]! }) };
    const res = await t.app.inject({ ...opts, headers });
    requests++;
    const type = String(res.headers['content-type'] ?? '');
    const body = /json|text|html/.test(type) || !type ? res.body : '';
    const leak = LEAKS.find((re) => re.test(body));
    if (res.statusCode >= 500 || leak) failures.push(`${caller} ${label} → ${res.statusCode} ${leak ? `leak ${leak} ` : ''}${body.slice(0, 300)}`);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    await signUpAll();
    const admin = { cookie: cookies.admin! };
    movieId = (await t.app.inject({ method: 'POST', url: '/api/admin/movies', headers: admin, payload: { title: 'Fuzz film', category: 'drama' } })).json().movie.id;
    const seriesId = (await t.app.inject({ method: 'POST', url: '/api/admin/series', headers: admin, payload: { title: 'Fuzz series', category: 'drama' } })).json().series.id;
    const seasonId = (await t.app.inject({ method: 'POST', url: `/api/admin/series/${seriesId}/seasons`, headers: admin, payload: {} })).json().season.id;
    const episodeId = (await t.app.inject({ method: 'POST', url: `/api/admin/seasons/${seasonId}/episodes`, headers: admin, payload: { episodeNumber: 1, title: 'Fuzz episode' } })).json().episode.id;
    videoId = (await t.db.db.insert(videoAssets).values({ status: 'ready' }).returning())[0]!.id;
    knownIds.splice(0, knownIds.length, movieId, seriesId, seasonId, episodeId, videoId);
  });
  afterAll(async () => {
    knownIds.length = 0;
    await t?.stop();
  });

  /** A path for `route.url` with its parameters filled in (percent-encoded; an unencodable lone surrogate goes as bad UTF-8). */
  function pathOf(url: string, params: Record<string, unknown>) {
    const enc = (v: unknown) => {
      try {
        return encodeURIComponent(String(v));
      } catch {
        return '%ED%A0%80';
      }
    };
    return url.replace(/:([A-Za-z]+)/g, (_, name: string) => enc(params[name] ?? 'x')).replace('*', enc(params['*'] ?? 'x.m3u8'));
  }

  /** A path naming the things made in beforeAll: the segment before a parameter tells which (movies, series...). */
  function realPath(url: string) {
    const [movie, series, season, episode] = knownIds;
    const byKind: Record<string, string | undefined> = { movies: movie, series, seasons: season, episodes: episode };
    return url.replace(/([a-z]+)\/:([A-Za-z]+)/g, (_, segment: string) => `${segment}/${byKind[segment] ?? movie}`).replace('*', 'x.m3u8');
  }

  /** The arbitrary of one request (params, query, body) for a route, from its own schemas. */
  function requestsOf(route: RouteRecord) {
    const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!).concat(route.url.includes('*') ? ['*'] : []);
    const paramsJs = jsonSchemaOf(route.schema?.params);
    const paramsArb = fc.oneof(
      plausible(paramsJs ?? { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string', format: 'uuid' }])) }),
      fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constantFrom<unknown>(...HOSTILE_STRINGS), hostile)]))),
    ) as fc.Arbitrary<Record<string, unknown>>;
    const queryJs = jsonSchemaOf(route.schema?.querystring);
    const queryArb = (queryJs ? fc.oneof(plausible(queryJs), mutated(queryJs)) : fc.option(mutated(null), { nil: {} })) as fc.Arbitrary<Record<string, unknown>>;
    const bodyJs = jsonSchemaOf(route.schema?.body);
    const bodyArb = bodyJs ? fc.oneof(mutated(bodyJs), fc.constantFrom<unknown>({}, null, []), hostile) : fc.option(mutated(null), { nil: undefined });
    return fc.record({ params: paramsArb, query: queryArb, body: bodyArb as fc.Arbitrary<unknown> });
  }

  async function fuzzRoute(route: RouteRecord, index: number) {
    const hasBody = route.schema?.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(route.method);
    const arb = requestsOf(route);
    let rawSent = false;
    for (const [c, caller] of CALLERS.entries()) {
      const allowed = allows(route.access, caller === 'anonymous' ? null : caller);
      const samples = fc.sample(arb, { seed: SEED + index * 10 + c, numRuns: allowed ? RUNS : 2 });
      for (const s of samples) {
        const query = Object.fromEntries(Object.entries(s.query).map(([k, v]) => [k, queryValue(v)]));
        const payload = hasBody && s.body !== undefined ? JSON.stringify(s.body) : undefined;
        const url = pathOf(route.url, s.params);
        await send(caller, { method: route.method as 'GET', url, query, ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}) }, `${route.method} ${url.slice(0, 120)} ${(payload ?? '').slice(0, 160)}`);
      }
      if (!allowed) continue;
      // The raw bodies (null, 10,000 levels...) go once, as the least privileged caller the route lets in.
      if (hasBody && !rawSent) {
        rawSent = true;
        for (const raw of RAW_BODIES) {
          await send(caller, { method: route.method as 'GET', url: realPath(route.url), payload: raw, headers: { 'content-type': 'application/json' } }, `${route.method} ${route.url} raw ${raw.slice(0, 60)}`);
        }
      }
    }
    // A forged session cookie, a body of the wrong content type.
    await send('anonymous', { method: route.method as 'GET', url: pathOf(route.url, {}), headers: { cookie: 'better-auth.session_token=%00forged.sig; x=\u00ff' } }, `${route.method} ${route.url} forged cookie`);
    if (hasBody) await send('admin', { method: route.method as 'GET', url: pathOf(route.url, {}), payload: 'a=1&b=\u0000', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, `${route.method} ${route.url} form body`);
  }

  /** The tus endpoint (streams the body itself): bad Upload-Metadata, Upload-Length, Upload-Offset and versions. */
  async function fuzzUploads() {
    const tus = { 'tus-resumable': '1.0.0' };
    const meta = (filename: string, extra = '') => `filename ${b64(filename)},filetype ${b64('video/mp4')},movieId ${b64(movieId)}${extra}`;
    const creations: Record<string, string>[] = [
      { ...tus, 'upload-length': '10', 'upload-metadata': meta('nul\u0000name.mp4') },
      { ...tus, 'upload-length': '10', 'upload-metadata': meta('esc\u001b[31m.mp4') },
      { ...tus, 'upload-length': '10', 'upload-metadata': meta('x'.repeat(10_000)) },
      { ...tus, 'upload-length': '10', 'upload-metadata': meta('\ud800.mp4') },
      { ...tus, 'upload-length': '10', 'upload-metadata': `filename !!!notbase64,movieId ${b64(movieId)}` },
      { ...tus, 'upload-length': '10', 'upload-metadata': `filename ${b64('a.mp4')},filetype ${b64('video/\u0000')},movieId ${b64(movieId)}` },
      { ...tus, 'upload-length': '10', 'upload-metadata': `movieId ${b64(`${movieId}\u0000`)}` },
      { ...tus, 'upload-length': '10', 'upload-metadata': `episodeId ${b64('../../etc')}` },
      { ...tus, 'upload-length': '10', 'upload-metadata': ',,, ,  ,' },
      ...['-1', 'abc', '1e309', '99999999999999999999', '', '0x10'].map((len) => ({ ...tus, 'upload-length': len, 'upload-metadata': meta('a.mp4') })),
      { ...tus, 'upload-defer-length': '1', 'upload-metadata': meta('a.mp4') },
      { 'upload-length': '10', 'upload-metadata': meta('a.mp4') },
      { 'tus-resumable': '0.0.1', 'upload-length': '10', 'upload-metadata': meta('a.mp4') },
    ];
    const others: Inject[] = [
      { method: 'PATCH', url: '/api/uploads/00000000-0000-4000-8000-000000000000', headers: { ...tus, 'upload-offset': '-1', 'content-type': 'application/offset+octet-stream' }, payload: 'abc' },
      { method: 'PATCH', url: '/api/uploads/00000000-0000-4000-8000-000000000000', headers: { ...tus, 'upload-offset': 'abc', 'content-type': 'text/plain' }, payload: 'abc' },
      { method: 'PATCH', url: '/api/uploads/%00', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: 'abc' },
      { method: 'HEAD', url: '/api/uploads/..%2F..%2Fetc%2Fpasswd', headers: tus },
      { method: 'GET', url: '/api/uploads/%ED%A0%80', headers: tus },
      { method: 'DELETE', url: `/api/uploads/${'x'.repeat(5000)}`, headers: tus },
      { method: 'OPTIONS', url: '/api/uploads', headers: { 'access-control-request-method': 'POST' } },
    ];
    for (const caller of CALLERS) {
      for (const headers of caller === 'admin' ? creations : creations.slice(0, 2)) await send(caller, { method: 'POST', url: '/api/uploads', headers }, `tus POST ${JSON.stringify(headers).slice(0, 200)}`);
      for (const o of caller === 'admin' ? others : others.slice(0, 1)) await send(caller, o, `tus ${o.method} ${o.url?.toString().slice(0, 80)}`);
    }
  }

  /** Caption files, read by the route itself as text: control characters, DOS end-of-file, binary, malformed cues. */
  async function fuzzCaptions() {
    const files = [
      'WEBVTT\n\n00:00.000 --> 00:01.000\nnul\u0000inside\n',
      '1\r\n00:00:00,000 --> 00:00:01,000\r\nDOS end\r\n\u001a',
      'WEBVTT\n\n99:99.999 --> -1:00.000\n<c.x>\u001b[31m</c>\n',
      '\ud800\udfff\ufffe',
      deepArrays(1000),
      'WEBVTT\n\n' + '00:00.000 --> 00:00.001\nx\n\n'.repeat(20_000),
    ];
    for (const type of ['text/vtt', 'application/x-subrip', 'application/octet-stream']) {
      for (const file of files) {
        await send('admin', { method: 'PUT', url: `/api/admin/videos/${videoId}/captions/en`, payload: file, headers: { 'content-type': type } }, `captions ${type} ${JSON.stringify(file.slice(0, 40))}`);
      }
    }
  }

  /**
   * Licence documents (ADR 050), read by the route as raw bytes and checked by content: a PDF header alone, a cut
   * image header, binary, text, an empty body, with each declared type; and the document read back of a title with none.
   */
  async function fuzzRightsDocuments() {
    const files = ['%PDF-', '%PDF-1.7\n\u0000\u0000', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', '\u00ff\u00d8\u00ff\u00e0garbage', deepArrays(1000), ''];
    for (const type of ['application/pdf', 'image/png', 'application/json', 'application/octet-stream']) {
      for (const file of files) {
        await send('admin', { method: 'PUT', url: `/api/admin/rights/${movieId}/document?name=${encodeURIComponent('../\u0000x"y.pdf')}`, payload: file, headers: { 'content-type': type } }, `rights document ${type} ${JSON.stringify(file.slice(0, 40))}`);
      }
    }
    await send('admin', { method: 'GET', url: `/api/admin/rights/${movieId}/document` }, 'rights document read');
  }

  /** The event stream (never ends when accepted): only answers that end, with bad headers and query strings. */
  async function fuzzEvents() {
    const cases: Inject[] = [
      { method: 'GET', url: '/api/events', headers: { accept: 'application/json', 'last-event-id': 'x'.repeat(10_000) } },
      { method: 'GET', url: '/api/events', headers: { accept: 'text/html\u00ff' } },
      { method: 'GET', url: '/api/events', headers: { accept: 'text/event-stream' }, query: { since: '\u0000' } },
      { method: 'POST', url: '/api/events', headers: { accept: 'text/event-stream' }, payload: RAW_BODIES[8] },
    ];
    for (const caller of CALLERS) for (const c of cases) await send(caller, c, `events ${JSON.stringify(c.headers).slice(0, 80)}`);
  }

  /** better-auth's own paths (outside our zod contracts): NUL names and e-mails, huge fields, raw bodies. */
  async function fuzzAuthPaths() {
    const bodies = [
      { name: 'a\u0000b', email: 'nul@example.com', password: 'secret-pass' },
      { email: 'a\u0000@example.com', password: 'secret-pass' },
      { email: `${'x'.repeat(100_000)}@example.com`, password: 'x'.repeat(100_000) },
    ];
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/get-session', '/api/auth/sign-out', '/api/auth/%00']) {
      for (const caller of CALLERS) {
        for (const b of bodies) await send(caller, { method: 'POST', url: path, payload: b }, `auth ${path}`);
        await send(caller, { method: 'POST', url: path, payload: 'null', headers: { 'content-type': 'application/json' } }, `auth ${path} null`);
        await send(caller, { method: 'GET', url: path, query: { callbackURL: '\u0000' } }, `auth GET ${path}`);
      }
    }
  }

  /**
   * Every number field of every body, in turn, set to each of HOSTILE_NUMBERS (past integer and real column
   * ranges, negative, fractional) with the other fields plausible, as the least privileged caller let in.
   */
  async function sweepNumbers(routes: RouteRecord[]) {
    for (const [i, route] of routes.entries()) {
      const js = jsonSchemaOf(route.schema?.body);
      const numeric = Object.entries(js?.properties ?? {}).filter(([, p]) => JSON.stringify(p).match(/"type":"(integer|number)"/));
      const caller = CALLERS.find((c) => allows(route.access, c === 'anonymous' ? null : c))!;
      if (!numeric.length || SESSION_ENDING.has(`${route.method} ${route.url}`)) continue;
      const [base] = fc.sample(plausible(js), { seed: SEED + i, numRuns: 1 }) as Record<string, unknown>[];
      for (const [key] of numeric) {
        for (const n of HOSTILE_NUMBERS) {
          const payload = JSON.stringify({ ...base, [key]: n });
          await send(caller, { method: route.method as 'GET', url: realPath(route.url), payload, headers: { 'content-type': 'application/json' } }, `${route.method} ${route.url} ${payload.slice(0, 160)}`);
        }
      }
    }
  }

  it('answers every generated request below 500 and without internals', async () => {
    const order = (r: RouteRecord) => (SESSION_ENDING.has(`${r.method} ${r.url}`) ? 2 : r.method === 'DELETE' ? 1 : 0);
    const routes = t.routes.filter((r) => !SPECIAL(r)).sort((a, b) => order(a) - order(b));
    expect(routes.length).toBeGreaterThan(40);
    await fuzzUploads();
    await fuzzEvents();
    await fuzzAuthPaths();
    await sweepNumbers(routes);
    await fuzzCaptions();
    await fuzzRightsDocuments();
    let sessionsRenewed = false;
    for (const [i, route] of routes.entries()) {
      if (order(route) === 2 && !sessionsRenewed) {
        await signUpAll();
        sessionsRenewed = true;
      }
      await fuzzRoute(route, i);
    }
    console.log(`fuzz [${kind}] seed ${SEED}: ${requests} requests over ${routes.length} routes (+ tus, events, /api/auth), ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 600_000);
});
