/**
 * Live lists (issue 3 point 9): GET /api/events over a real HTTP connection streams `catalog` events for
 * writes made through the services (movies, groups, series), sends the retry hint and heartbeats, forgets
 * clients that leave, does not hold up app.close(), and — with PostgreSQL — carries a write made by one app
 * instance to the clients of another instance on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';

/** A server-sent-events client over fetch: collects raw blocks and `catalog` events. */
async function connect(port: number) {
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { accept: 'text/event-stream' }, signal: ctrl.signal });
  const blocks: string[] = [];
  const events: CatalogEvent[] = [];
  let ended = false;
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          blocks.push(block);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.includes('event: catalog') && data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const until = async <T>(check: () => T | undefined, ms = 10_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = check();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(blocks)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    res,
    blocks,
    events,
    get ended() {
      return ended;
    },
    /** Waits for an event matching `e`. */
    waitFor: (e: Partial<CatalogEvent>) => until(() => events.find((x) => Object.entries(e).every(([k, v]) => x[k as keyof CatalogEvent] === v))),
    until,
    close: async () => {
      ctrl.abort();
      await pump;
    },
    pump,
  };
}

describeEachDb('live catalogue events', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false, browse: { heartbeatMs: 200 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.stop());

  it('streams text/event-stream with a retry hint, then an event for each write', async () => {
    const c = await connect(port);
    expect(c.res.status).toBe(200);
    expect(c.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await c.until(() => c.blocks.find((b) => b.startsWith('retry: 1000')));
    const m = await t.services.catalog.create({ title: 'Inzovu', category: 'drama' });
    await c.waitFor({ entity: 'movie', op: 'insert', id: m.id });
    await t.services.catalog.update(m.id, { rating: 5 });
    await c.waitFor({ entity: 'movie', op: 'update', id: m.id });
    const other = await t.services.catalog.create({ title: 'Intare', category: 'drama' });
    const g = await t.services.groups.create({ title: 'Pair', movieIds: [m.id, other.id] });
    await c.waitFor({ entity: 'group', op: 'insert', id: g.id });
    const s = await t.services.series.create({ title: 'Ubuzima', category: 'drama' });
    await c.waitFor({ entity: 'series', op: 'insert', id: s.id });
    await t.services.series.addSeason(s.id);
    await c.waitFor({ entity: 'series', op: 'update', id: s.id });
    await t.services.catalog.delete(m.id);
    await c.waitFor({ entity: 'movie', op: 'delete', id: m.id });
    await c.waitFor({ entity: 'group', op: 'update', id: g.id });
    expect(c.blocks.find((b) => b.includes('event: catalog'))).toMatch(/^event: catalog\ndata: \{"entity":"movie","op":"insert","id":"[0-9a-f-]{36}"\}$/);
    await c.close();
  });

  it('sends a heartbeat comment while quiet', async () => {
    const c = await connect(port);
    await c.until(() => c.blocks.find((b) => b === ': heartbeat'), 3000);
    await c.close();
  });

  it('forgets a client that goes away', async () => {
    // With no client connected, the hub's listeners are the two caches: catalogue reads and shared pages (app.ts).
    const before = 2;
    const idle = await connect(port).then(async (c) => (await c.close(), c));
    await idle.until(() => (t.services.hub.listeners === before ? true : undefined));
    const c = await connect(port);
    await c.until(() => (t.services.hub.listeners === before + 1 ? true : undefined));
    await c.close();
    await c.until(() => (t.services.hub.listeners === before ? true : undefined));
  });

  it('answers 406 to a caller that does not accept an event stream', async () => {
    const r = await t.app.inject({ url: '/api/events', headers: { accept: 'application/json' } });
    expect(r.statusCode).toBe(406);
    expect(r.json().error.code).toBe('validation_failed');
  });

  it('closes open streams when the app closes, without waiting on them', async () => {
    const other = await startTestApp(kind, { workers: false });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await connect((other.app.server.address() as { port: number }).port);
    await c.until(() => c.blocks.find((b) => b.startsWith('retry:')));
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(5000);
    await c.until(() => (c.ended ? true : undefined), 5000);
  });

  if (kind === 'postgres') {
    it('carries a write on one instance to the clients of another on the same database', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-test-'));
      const second = await startTestApp('postgres', { workers: false, reuse: { dataDir, dbUrl: t.config.databaseUrl! } });
      try {
        await second.app.listen({ port: 0, host: '127.0.0.1' });
        const c = await connect((second.app.server.address() as { port: number }).port);
        await c.until(() => c.blocks.find((b) => b.startsWith('retry:')));
        // The second instance has the list in its cache; the first instance's write must clear it.
        const before = (await second.app.inject({ url: '/api/catalog' })).json().total;
        const m = await t.services.catalog.create({ title: 'Across instances', category: 'drama' });
        await c.waitFor({ entity: 'movie', op: 'insert', id: m.id });
        expect((await second.app.inject({ url: '/api/catalog' })).json().total).toBe(before + 1);
        await c.close();
      } finally {
        await second.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
