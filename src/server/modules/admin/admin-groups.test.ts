/**
 * Custom groups (issue 6 point 6; docs/product/admin.md §3-5, §8, §9): list with a 3-movie preview and the count,
 * create in one transaction (a failure leaves nothing behind), edit with only a title, add and remove movies,
 * delete; each change is a live `group` event.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import { customGroupMovies, customMovieGroups } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describeEachDb('admin groups', (kind) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  const events: CatalogEvent[] = [];
  const movieIds: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = await signUp(t, 'admin');
    t.services.hub.subscribe((e) => events.push(e));
    for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel']) movieIds.push((await t.services.catalog.create({ title, category: 'drama' })).id);
  });
  afterAll(() => t.stop());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const heard = (op: CatalogEvent['op'], id: string) => waitFor(async () => events.some((e) => e.entity === 'group' && e.op === op && e.id === id), 10);

  it('creates a group with its movies, lists it with a preview of 3 and the count, and announces it', async () => {
    const res = await call('POST', '/api/admin/groups', { title: 'Saga', description: 'All of it', movieIds: movieIds.slice(0, 5) });
    expect(res.statusCode).toBe(201);
    const g = res.json().group;
    expect(g).toMatchObject({ title: 'Saga', description: 'All of it', movieCount: 5, createdBy: admin.id });
    expect(g.preview.map((m: { title: string }) => m.title)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(g.movies).toHaveLength(5);
    await heard('insert', g.id);
    const list = await call('GET', '/api/admin/groups');
    expect(list.json().items[0]).toMatchObject({ id: g.id, movieCount: 5 });
    expect(list.json().items[0].preview).toHaveLength(3);
  });

  it('refuses a group without a title or with fewer than 2 distinct movies, naming the fields', async () => {
    const res = await call('POST', '/api/admin/groups', { title: ' ', movieIds: [movieIds[5], movieIds[5]] });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().error.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toEqual({ 'body.title': 'Title is required', 'body.movieIds': 'Select at least 2 movies' });
    const missing = await call('POST', '/api/admin/groups', { title: 'Ghost', movieIds: [movieIds[5], NO_ID] });
    expect(missing.statusCode).toBe(404);
    const taken = await call('POST', '/api/admin/groups', { title: 'Thief', movieIds: [movieIds[0], movieIds[6]] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('conflict');
    expect((await t.db.db.select().from(customMovieGroups).where(sql`title in ('Ghost', 'Thief')`)).length).toBe(0);
  });

  it('leaves nothing behind when the membership insert fails inside the transaction', async () => {
    // A trigger makes the second insert of the creation (the memberships) fail after the group row was written.
    await t.db.db.execute(sql.raw(`create or replace function fail_membership() returns trigger language plpgsql as $$ begin raise exception 'membership refused'; end $$`));
    await t.db.db.execute(sql.raw(`create trigger fail_membership before insert on custom_group_movies for each row when (new.movie_id = '${movieIds[7]}') execute function fail_membership()`));
    try {
      const groupsBefore = await t.db.db.$count(customMovieGroups);
      const membersBefore = await t.db.db.$count(customGroupMovies);
      const res = await call('POST', '/api/admin/groups', { title: 'Doomed', movieIds: [movieIds[6], movieIds[7]] });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
      expect(await t.db.db.$count(customMovieGroups)).toBe(groupsBefore);
      expect(await t.db.db.$count(customGroupMovies)).toBe(membersBefore);
      expect((await call('GET', '/api/admin/groups')).json().items.map((g: { title: string }) => g.title)).not.toContain('Doomed');
    } finally {
      await t.db.db.execute(sql.raw('drop trigger fail_membership on custom_group_movies'));
    }
  });

  it('edits with a title alone, adds and removes movies, and deletes; each change is announced', async () => {
    const g = (await call('POST', '/api/admin/groups', { title: 'Duo', movieIds: [movieIds[5], movieIds[6]] })).json().group;
    const noTitle = await call('PATCH', `/api/admin/groups/${g.id}`, { description: 'only this' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.details.fields[0].field).toBe('body.title');
    events.length = 0;
    const up = await call('PATCH', `/api/admin/groups/${g.id}`, { title: 'Trio' });
    expect(up.json().group).toMatchObject({ title: 'Trio', movieCount: 2 });
    await heard('update', g.id);

    events.length = 0;
    const add = await call('POST', `/api/admin/groups/${g.id}/movies`, { movieId: movieIds[7] });
    expect(add.statusCode).toBe(200);
    expect(add.json().group.movieCount).toBe(3);
    await heard('update', g.id);
    expect((await call('POST', `/api/admin/groups/${g.id}/movies`, { movieId: movieIds[0] })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/groups/${g.id}/movies`, { movieId: NO_ID })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/groups/${NO_ID}/movies`, { movieId: movieIds[7] })).statusCode).toBe(404);

    events.length = 0;
    const rm = await call('DELETE', `/api/admin/groups/${g.id}/movies/${movieIds[5]}`);
    expect(rm.json().group.movies.map((m: { id: string }) => m.id).sort()).toEqual([movieIds[6], movieIds[7]].sort());
    await heard('update', g.id);
    expect((await call('DELETE', `/api/admin/groups/${g.id}/movies/${movieIds[5]}`)).statusCode).toBe(404);

    events.length = 0;
    const del = await call('DELETE', `/api/admin/groups/${g.id}`);
    expect(del.json()).toEqual({ id: g.id, title: 'Trio' });
    await heard('delete', g.id);
    expect((await call('GET', `/api/admin/groups/${g.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/groups/${g.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/groups/${NO_ID}`, { title: 'x' })).statusCode).toBe(404);
  });
});
