/**
 * Authorization of the admin API (issue 6 point 11): every /api/admin route (and the tus uploads) answers 401
 * to anonymous callers and 403 to viewers and translators (ADR 047); admins reach all but the role change (403);
 * super_admins reach all.
 * The routes come from the app itself, so a new admin route is covered on arrival; the table below pins the
 * ones this module serves and their level.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

/** The admin module's routes and the lowest role that may call them. */
const EXPECTED: [string, 'admin' | 'super_admin'][] = [
  ['POST /api/admin/movies/form', 'admin'],
  ['PATCH /api/admin/movies/:id', 'admin'],
  ['DELETE /api/admin/movies/:id', 'admin'],
  ['POST /api/admin/images', 'admin'],
  ['GET /api/admin/videos', 'admin'],
  ['POST /api/admin/videos/verify', 'admin'],
  ['POST /api/admin/videos/validate', 'admin'],
  ['GET /api/admin/series', 'admin'],
  ['POST /api/admin/series', 'admin'],
  ['GET /api/admin/series/:id', 'admin'],
  ['PATCH /api/admin/series/:id', 'admin'],
  ['DELETE /api/admin/series/:id', 'admin'],
  ['GET /api/admin/series/:id/seasons', 'admin'],
  ['POST /api/admin/series/:id/seasons', 'admin'],
  ['DELETE /api/admin/seasons/:id', 'admin'],
  ['GET /api/admin/seasons/:id/episodes', 'admin'],
  ['POST /api/admin/seasons/:id/episodes', 'admin'],
  ['PATCH /api/admin/episodes/:id', 'admin'],
  ['DELETE /api/admin/episodes/:id', 'admin'],
  ['GET /api/admin/groups', 'admin'],
  ['GET /api/admin/groups/:id', 'admin'],
  ['POST /api/admin/groups', 'admin'],
  ['PATCH /api/admin/groups/:id', 'admin'],
  ['POST /api/admin/groups/:id/movies', 'admin'],
  ['DELETE /api/admin/groups/:id/movies/:movieId', 'admin'],
  ['DELETE /api/admin/groups/:id', 'admin'],
  ['GET /api/admin/users', 'admin'],
  ['GET /api/admin/users/:id/roles', 'admin'],
  ['PUT /api/admin/users/:id/role', 'super_admin'],
  ['POST /api/admin/users/:id/passes', 'admin'],
  ['GET /api/admin/analytics/counts', 'admin'],
  ['GET /api/admin/analytics', 'admin'],
  ['GET /api/admin/analytics/export.csv', 'admin'],
  ['GET /api/admin/movies', 'admin'],
  ['POST /api/admin/movies', 'admin'],
  ['GET /api/admin/movies/:id', 'admin'],
  ['PUT /api/admin/movies/:id/price', 'admin'],
  ['GET /api/admin/videos/:id', 'admin'],
  ['GET /api/admin/translators', 'admin'],
  ['POST /api/admin/translators', 'admin'],
  ['PATCH /api/admin/translators/:id', 'admin'],
  ['POST /api/admin/translators/:id/merge', 'admin'],
  ['DELETE /api/admin/translators/:id', 'admin'],
  // Rights and licences (ADR 050; rights.routes.ts).
  ['GET /api/admin/rights/ending', 'admin'],
  ['GET /api/admin/rights/:titleId', 'admin'],
  ['PUT /api/admin/rights/:titleId', 'admin'],
  ['GET /api/admin/rights/:titleId/document', 'admin'],
  ['PUT /api/admin/rights/:titleId/document', 'admin'],
];
/** A translator (ADR 047) is a signed-in viewer with no admin rights: refused like a user. */
const CALLERS = ['anonymous', 'user', 'translator', 'admin', 'super_admin'] as const;
const RANK = { user: 1, translator: 1, admin: 2, super_admin: 3 } as const;

describeEachDb('admin authorization', (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    for (const role of ['user', 'translator', 'admin', 'super_admin'] as const) cookies[role] = (await signUp(t, role)).cookie;
  });
  afterAll(() => t.stop());

  it('declares the expected level on every admin route this module serves', () => {
    const declared = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [route, access] of EXPECTED) expect(declared.get(route), route).toBe(access);
    // No admin route is open, whoever added it.
    for (const r of t.routes.filter((x) => x.url.startsWith('/api/admin') || x.url.startsWith('/api/uploads'))) expect(['admin', 'super_admin'], `${r.method} ${r.url}`).toContain(r.access);
  });

  it('walks every admin route with each caller', async () => {
    const routes = t.routes.filter((r) => r.url.startsWith('/api/admin') || r.url.startsWith('/api/uploads'));
    expect(routes.length).toBeGreaterThanOrEqual(EXPECTED.length);
    const table: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...(caller === 'anonymous' ? {} : { cookie: cookies[caller]! }), 'tus-resumable': '1.0.0' },
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const need = route.access === 'super_admin' ? 3 : 2;
        const has = caller === 'anonymous' ? 0 : RANK[caller];
        const label = `${caller} ${route.method} ${route.url} → ${res.statusCode}`;
        if (caller === 'anonymous') {
          expect(res.statusCode, label).toBe(401);
          expect(res.json().error.code).toBe('unauthenticated');
        } else if (has < need) {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.code).toBe('forbidden');
        } else {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        }
        table.push(label);
      }
    }
    // The role change: admins are refused; super admins reach the handler (400: the empty body).
    expect(table).toContain('admin PUT /api/admin/users/:id/role → 403');
    expect(table).toContain('super_admin PUT /api/admin/users/:id/role → 400');
    expect(table).toContain('admin POST /api/admin/users/:id/passes → 400');
    expect(table).toContain('translator POST /api/admin/translators → 403');
    expect(table).toContain('admin POST /api/admin/translators → 400');
    expect(table).toContain('admin DELETE /api/admin/translators/:id → 404');
    expect(table).toContain('translator GET /api/admin/rights/:titleId/document → 403');
    expect(table).toContain('admin GET /api/admin/rights/:titleId/document → 404');
    expect(table).toContain('admin GET /api/admin/rights/ending → 200');
    expect(table).toContain('admin PUT /api/admin/rights/:titleId → 400');
  });
});
