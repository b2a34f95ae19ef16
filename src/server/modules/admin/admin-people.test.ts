/**
 * People (issue 6 point 8): the user list with search and paging, role changes by a super_admin only (each a
 * new user_roles row with who and when), and complimentary passes recorded as such.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { passGrants, subscriptions, userRoles } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('admin people', (kind) => {
  let t: TestApp;
  let sup: { cookie: string; id: string; email: string };
  let admin: { cookie: string; id: string; email: string };
  let viewer: { cookie: string; id: string; email: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    sup = await signUp(t, 'super_admin', 'boss@example.com');
    admin = await signUp(t, 'admin', 'helper@example.com');
    viewer = await signUp(t, 'user', 'amahoro.viewer@example.com');
  });
  afterAll(() => t.stop());

  const as = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const roleRows = async (userId: string) => t.db.db.$count(userRoles, eq(userRoles.userId, userId));

  it('lists users newest first with email, name, joined, role and pass; searches; pages', async () => {
    const all = await as(admin, 'GET', '/api/admin/users');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((u: { email: string }) => u.email)).toEqual(['amahoro.viewer@example.com', 'helper@example.com', 'boss@example.com']);
    expect(all.json().items[0]).toMatchObject({ id: viewer.id, name: 'Test Person', fullName: 'Test Person', role: 'user', pass: null });
    expect(Date.parse(all.json().items[0].joinedAt)).toBeGreaterThan(0);
    expect(all.json().items.map((u: { role: string }) => u.role)).toEqual(['user', 'admin', 'super_admin']);

    const found = await as(admin, 'GET', '/api/admin/users?q=AMAHORO');
    expect(found.json().items.map((u: { id: string }) => u.id)).toEqual([viewer.id]);
    const literal = await as(admin, 'GET', '/api/admin/users?q=%25');
    expect(literal.json().total).toBe(0);
    const admins = await as(admin, 'GET', '/api/admin/users?role=admin');
    expect(admins.json().items.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const page2 = await as(admin, 'GET', '/api/admin/users?pageSize=2&page=2');
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().items.map((u: { id: string }) => u.id)).toEqual([sup.id]);
    const bad = await as(admin, 'GET', '/api/admin/users?page=0&role=king');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['querystring.page', 'querystring.role']);
  });

  it('lets a super_admin grant and remove admin, each change a new row with who and when', async () => {
    const before = await roleRows(viewer.id);
    const grant = await as(sup, 'PUT', `/api/admin/users/${viewer.id}/role`, { role: 'admin' });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().user).toMatchObject({ id: viewer.id, role: 'admin' });
    expect((await as(viewer, 'GET', '/api/admin/users')).statusCode).toBe(200);

    const remove = await as(sup, 'PUT', `/api/admin/users/${viewer.id}/role`, { role: 'user' });
    expect(remove.json().user.role).toBe('user');
    expect((await as(viewer, 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect(await roleRows(viewer.id)).toBe(before + 2);

    const history = await as(admin, 'GET', `/api/admin/users/${viewer.id}/roles`);
    expect(history.json().items.map((r: { role: string }) => r.role)).toEqual(['user', 'admin']);
    expect(history.json().items[0].assignedBy).toEqual({ id: sup.id, email: 'boss@example.com' });
    expect(Date.parse(history.json().items[0].assignedAt)).toBeGreaterThanOrEqual(Date.parse(history.json().items[1].assignedAt));
  });

  it('refuses role changes by an admin (403), of oneself or of a super_admin (409), unknown users (404) and bad roles (400)', async () => {
    const rows = await roleRows(viewer.id);
    const byAdmin = await as(admin, 'PUT', `/api/admin/users/${viewer.id}/role`, { role: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.code).toBe('forbidden');
    expect(await roleRows(viewer.id)).toBe(rows);

    const self = await as(sup, 'PUT', `/api/admin/users/${sup.id}/role`, { role: 'user' });
    expect(self.statusCode).toBe(409);
    const other = await signUp(t, 'super_admin');
    const peer = await as(sup, 'PUT', `/api/admin/users/${other.id}/role`, { role: 'user' });
    expect(peer.statusCode).toBe(409);
    expect(peer.json().error.code).toBe('conflict');
    expect((await as(sup, 'PUT', '/api/admin/users/nobody-here/role', { role: 'admin' })).statusCode).toBe(404);
    const bad = await as(sup, 'PUT', `/api/admin/users/${viewer.id}/role`, { role: 'super_admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.role');
  });

  it('grants a complimentary pass, recorded as such, that extends a running pass', async () => {
    const t0 = Date.now();
    const res = await as(admin, 'POST', `/api/admin/users/${viewer.id}/passes`, { plan: 'weekly', note: 'Sorry for the outage' });
    expect(res.statusCode).toBe(201);
    const pass = res.json().user.pass;
    expect(pass).toMatchObject({ plan: 'weekly', status: 'active', active: true, source: 'complimentary' });
    const week = 7 * 86400_000;
    expect(Date.parse(pass.expiresAt) - t0).toBeGreaterThanOrEqual(week - 5000);
    expect(Date.parse(pass.expiresAt) - t0).toBeLessThanOrEqual(week + 60_000);
    const [grant] = await t.db.db.select().from(passGrants).where(eq(passGrants.userId, viewer.id));
    expect(grant).toMatchObject({ plan: 'weekly', grantedBy: admin.id, note: 'Sorry for the outage' });
    expect(grant!.expiresAt.toISOString()).toBe(pass.expiresAt);

    // A lesser plan granted during the Weekly waits for it to end, and its grant records when it will end (ADR 019).
    const again = await as(admin, 'POST', `/api/admin/users/${viewer.id}/passes`, { plan: 'daily' });
    expect(again.json().user.pass).toMatchObject({ plan: 'weekly', expiresAt: pass.expiresAt });
    const daily = (await t.db.db.select().from(passGrants).where(eq(passGrants.userId, viewer.id))).find((g) => g.plan === 'daily');
    expect(daily!.expiresAt.getTime() - Date.parse(pass.expiresAt)).toBe(86400_000);
    const [sub] = await t.db.db.select().from(subscriptions).where(eq(subscriptions.userId, viewer.id));
    expect(sub!.source).toBe('complimentary');
    // The viewer's own view shows the pass in force.
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie: viewer.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().pass).toMatchObject({ plan: 'weekly', active: true });

    expect((await as(admin, 'POST', '/api/admin/users/nobody-here/passes', { plan: 'daily' })).statusCode).toBe(404);
    const bad = await as(admin, 'POST', `/api/admin/users/${viewer.id}/passes`, { plan: 'forever' });
    expect(bad.json().error.details.fields[0].field).toBe('body.plan');
    expect(await t.db.db.$count(passGrants, eq(passGrants.userId, viewer.id))).toBe(2);
  });
});
