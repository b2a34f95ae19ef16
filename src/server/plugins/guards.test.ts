/**
 * The guard matrix: every route the app declares, called by anonymous, user, admin and super_admin. A caller
 * below the route's access level gets 401 (signed out) or 403 (signed in); a caller at or above it is never
 * refused by the guard. The list of routes comes from the app itself, so a new route is covered on arrival.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Role } from '../../shared/contracts/accounts.js';
import { allows } from './auth.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../test/harness.js';

const CALLERS: (Role | 'anonymous')[] = ['anonymous', 'user', 'admin', 'super_admin'];
/** Routes that check a credential of their own (a media signature, the command line's token) after the guard. */
const OWN_CHECK = new Set(['/media/v/:videoId/:token/*', '/api/internal/cli']);
/**
 * Routes open to every signed-in account whose service then refuses, with a 403 of its own code, an account it is not
 * for: the translator's studio answers `not_a_translator` to a viewer or admin no translator is linked to (ADR 047).
 */
const OWN_REFUSAL = new Map([
  ['/api/studio', 'not_a_translator'],
  ['/api/studio/statements', 'not_a_translator'],
  ['/api/studio/statements/:month/page', 'not_a_translator'],
]);

describeEachDb('route guards', (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    // MP4 file downloads open to viewers (ADR 028), so POST /api/downloads/:id answers a viewer past the guard.
    t = await startTestApp(kind, { workers: false, env: { ALLOW_FILE_DOWNLOADS: 'true' } });
    for (const role of ['user', 'admin', 'super_admin'] as const) cookies[role] = (await signUp(t, role)).cookie;
  });
  afterAll(() => t.stop());

  it('declares an access level on every route, and covers the known ones', () => {
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/admin/movies', 'POST /api/playback/:id', 'POST /api/uploads', 'PATCH /api/uploads/*', 'GET /api/admin/videos/:id', 'POST /api/billing/payments', 'POST /api/vouchers/redeem', 'POST /api/admin/vouchers/batches', 'GET /api/admin/vouchers/batches/:id/codes.csv']));
    expect(t.routes.filter((r) => r.access === 'anonymous').map((r) => r.url)).not.toContain('/api/admin/movies');
    // Vouchers (ADR 042): a signed-in viewer redeems; only a super admin makes, lists, voids or downloads batches.
    const accessOf = (method: string, url: string) => t.routes.find((r) => r.method === method && r.url === url)?.access;
    expect(accessOf('POST', '/api/vouchers/redeem')).toBe('user');
    for (const [method, url] of [['GET', '/api/admin/vouchers/batches'], ['POST', '/api/admin/vouchers/batches'], ['POST', '/api/admin/vouchers/batches/:id/void'], ['GET', '/api/admin/vouchers/batches/:id/codes.csv']]) {
      expect(accessOf(method!, url!), `${method} ${url}`).toBe('super_admin');
    }
    // Payments (docs/product/admin.md §11): every admin reads the list; only a super admin refunds (ADR 045).
    expect(accessOf('GET', '/api/admin/payments')).toBe('admin');
    expect(accessOf('POST', '/api/admin/payments/:id/refund')).toBe('super_admin');
    // Statements (ADR 051): every admin reads a month, its holder pages and CSV; only a super admin closes a month.
    expect(accessOf('POST', '/api/admin/statements/:month/close')).toBe('super_admin');
    for (const url of ['/api/admin/statements/:month', '/api/admin/statements/:month/holders/:holderId/page', '/api/admin/statements/:month/holders.csv', '/api/admin/statements/:month/titles.csv']) expect(accessOf('GET', url), url).toBe('admin');
    // Payouts (ADR 052): only a super admin lists a month's payouts, runs them, or retries one.
    for (const [method, url] of [['GET', '/api/admin/payouts'], ['POST', '/api/admin/payouts/run'], ['POST', '/api/admin/payouts/:id/retry']]) expect(accessOf(method!, url!), `${method} ${url}`).toBe('super_admin');
    // Gifts (ADR 046): a signed-in viewer claims; a signed-out visitor claims with a new account.
    expect(accessOf('POST', '/api/gifts/claim')).toBe('user');
    expect(accessOf('POST', '/api/gifts/claim-with-account')).toBe('anonymous');
    // A translator's studio (ADR 047): any signed-in account; the service refuses one no translator is linked to.
    expect(accessOf('GET', '/api/studio')).toBe('user');
    // Analytics per title, translator and currency (admin; title-analytics.ts).
    expect(accessOf('GET', '/api/admin/analytics/titles')).toBe('admin');
    // Their own closed statements, payouts and statement pages (ADR 051, ADR 052): the same, for their own holder only.
    for (const url of ['/api/studio/statements', '/api/studio/statements/:month/page']) expect(accessOf('GET', url), url).toBe('user');
  });

  it('refuses callers below each route access level and lets the others through', async () => {
    let checked = 0;
    // Logout ends the caller's session, so it goes last.
    const routes = [...t.routes].sort((a, b) => Number(a.url === '/api/accounts/logout') - Number(b.url === '/api/accounts/logout'));
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x.m3u8');
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...(caller === 'anonymous' ? {} : { cookie: cookies[caller]! }), 'tus-resumable': '1.0.0' },
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const allowed = allows(route.access, caller === 'anonymous' ? null : caller);
        if (!allowed) {
          expect(res.statusCode, `${caller} ${route.method} ${route.url}`).toBe(caller === 'anonymous' ? 401 : 403);
          expect(res.json().error.code).toBe(caller === 'anonymous' ? 'unauthenticated' : 'forbidden');
        } else if (OWN_REFUSAL.has(route.url) && res.statusCode === 403) {
          expect(res.json().error.code, `${caller} ${route.method} ${route.url}`).toBe(OWN_REFUSAL.get(route.url));
        } else if (!OWN_CHECK.has(route.url)) {
          expect([401, 403], `${caller} ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${caller} ${route.method} ${route.url}`).toBeLessThan(500);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
