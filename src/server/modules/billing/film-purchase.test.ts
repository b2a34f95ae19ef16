/**
 * A title price covers the whole multi-part film with its parts (docs/decisions/023-playable-titles-and-film-parts.md):
 * bought once from any part, at the main movie's price, recorded against the main movie; every part then plays, and
 * a second purchase from another part is refused instead of charging twice. Both kinds of multi-part film: an
 * automatic group of movies ("X Part 1", "X Part 2") and a main movie with its own parts (movie_parts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describeEachDb('buying a multi-part film', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());

  const pay = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie }, payload });
  const poll = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/billing/payments/${id}`, headers: { cookie } });
  /** Plays on one device: the viewer's live session moves from part to part (a title bought alone allows 1 stream). */
  const sessions = new Map<string, string>();
  const play = async (cookie: string, id: string, partId?: string) => {
    const sessionId = sessions.get(cookie);
    const r = await t.app.inject({ method: 'POST', url: `/api/playback/${id}`, headers: { cookie }, payload: { ...(partId ? { partId } : {}), ...(sessionId ? { sessionId } : {}) } });
    if (r.statusCode === 200) sessions.set(cookie, r.json().sessionId);
    return r;
  };
  const count = async (sql: string, params: unknown[]) => Number((await t.db.executeSql(sql, params)).rows[0]!.n);
  const readyVideo = async () => String((await t.db.executeSql(`insert into video_assets (status, storage_key) values ('ready', 'x') returning id`, [])).rows[0]!.id);
  /** A premium movie with a ready video and an optional price alone. */
  async function film(title: string, priceRwf: number | null, extra: Record<string, unknown> = {}) {
    const m = await t.services.catalog.create({ title, category: 'drama', year: 2021, director: 'Kayitare', isPremium: true, ...extra });
    await t.db.executeSql('update movies set video_id = $1, price_rwf = $2 where id = $3', [await readyVideo(), priceRwf, m.id]);
    return m.id;
  }

  it('sells an automatic group once, from its second part, and opens every part', async () => {
    const p1 = await film('Intare Part 1', 2000);
    const p2 = await film('Intare Part 2', null);
    const v = await signUp(t);
    expect((await play(v.cookie, p2)).statusCode).toBe(403);
    // The page of part 2 offers the film at part 1's price.
    const page = (await t.app.inject({ url: `/api/movies/${p2}` })).json().movie;
    expect(page).toMatchObject({ titleId: p1, priceRwf: 2000 });
    expect([...page.titleMovieIds].sort()).toEqual([p1, p2].sort());

    const created = await pay(v.cookie, { movieId: p2, phone: '0788123456' });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json().payment).toMatchObject({ kind: 'title', movieId: p1, amount: 2000 });
    expect((await poll(v.cookie, created.json().payment.id)).json().payment.status).toBe('successful');

    expect((await play(v.cookie, p1)).statusCode).toBe(200);
    expect((await play(v.cookie, p2)).statusCode).toBe(200);
    for (const id of [p1, p2]) {
      const again = await pay(v.cookie, { movieId: id, phone: '0788123456' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_purchased');
    }
    expect(await count(`select count(*)::int as n from payments where user_id = $1 and kind = 'title'`, [v.id])).toBe(1);
  });

  it("plays part 2 after part 1's title was bought, and a purchase made earlier of part 2 alone still opens part 2", async () => {
    const p1 = await film('Inkuba Part 1', 1500);
    const p2 = await film('Inkuba Part 2', 1500);
    const v = await signUp(t);
    const bought = await pay(v.cookie, { movieId: p1, phone: '0788123456' });
    expect((await poll(v.cookie, bought.json().payment.id)).json().payment.status).toBe('successful');
    expect((await play(v.cookie, p2)).statusCode).toBe(200);

    // An older purchase recorded against part 2 (before films were sold whole) opens the film too.
    const w = await signUp(t);
    const pid = String((await t.db.executeSql(`insert into payments (user_id, kind, movie_id, amount, currency, msisdn, provider, provider_reference, status, expires_at)
      values ($1, 'title', $2, 1500, 'RWF', '250788123456', 'sandbox', gen_random_uuid(), 'successful', now()) returning id`, [w.id, p2])).rows[0]!.id);
    await t.db.executeSql('insert into title_purchases (user_id, movie_id, payment_id) values ($1, $2, $3)', [w.id, p2, pid]);
    expect((await play(w.cookie, p1)).statusCode).toBe(200);
    expect((await pay(w.cookie, { movieId: p1, phone: '0788123456' })).json().error.code).toBe('already_purchased');
  });

  it("sells a main movie with its own parts from a part's movie, and plays each part with ?part=", async () => {
    const main = await film('Umwami', 3000);
    const second = await film('Umwami (2)', null);
    const add = await t.app.inject({ method: 'POST', url: `/api/admin/movies/${main}/parts`, headers: { cookie: (await signUp(t, 'admin')).cookie }, payload: { movieId: second } });
    expect(add.statusCode, add.body).toBe(201);
    const partId = add.json().part.id;
    const v = await signUp(t);
    expect((await play(v.cookie, main, partId)).statusCode).toBe(403);
    const created = await pay(v.cookie, { movieId: second, phone: '0788123456' });
    expect(created.json().payment).toMatchObject({ movieId: main, amount: 3000 });
    expect((await poll(v.cookie, created.json().payment.id)).json().payment.status).toBe('successful');
    expect((await play(v.cookie, main)).statusCode).toBe(200);
    expect((await play(v.cookie, main, partId)).statusCode).toBe(200);
    expect((await play(v.cookie, second)).statusCode).toBe(200);
    expect((await pay(v.cookie, { movieId: main, phone: '0788123456' })).json().error.code).toBe('already_purchased');
  });
});
