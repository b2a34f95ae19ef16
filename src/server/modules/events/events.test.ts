/**
 * Live lists (issue 3 point 9): GET /api/events over a real HTTP connection streams `catalog` events for
 * writes made through the services (movies, groups, series), sends the retry hint and heartbeats, forgets
 * clients that leave, does not hold up app.close(), and — with PostgreSQL — carries a write made by one app
 * instance to the clients of another instance on the same database. The streams are bounded per address (429) and
 * in all (503), and a slot comes back however its stream ends, an abruptly destroyed socket included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import { videoAssets } from '../../db/schema/index.js';
import { describeEachDb, startTestApp, type TestApp } from '../../test/harness.js';

/** A server-sent-events client over fetch: collects raw blocks and `catalog` events. */
async function connect(port: number, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal });
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
        // Viewers' lists hold playable titles only (ADR 023): the new movie comes with a ready video.
        const [asset] = await t.db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'across.mp4' }).returning();
        const m = await t.services.catalog.create({ title: 'Across instances', category: 'drama', videoId: asset!.id });
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

/** Polls `check` every 20 ms until it is true; throws after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Opens GET /api/events on a raw socket as `address` (X-Forwarded-For) and resolves once the 200 head has arrived. */
function rawStream(port: number, address: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${address}\r\n\r\n`);
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 200')) resolve(socket);
      else reject(new Error(`expected 200, got ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

describeEachDb('live catalogue event streams are bounded', (kind) => {
  let t: TestApp;
  let port: number;
  const streamFrom = (address: string) => connect(port, { 'x-forwarded-for': address });
  /** The status an address gets for a new stream now (the stream, if any, is closed at once). */
  const statusFor = async (address: string) => {
    const c = await streamFrom(address);
    const status = c.res.status;
    await c.close();
    return status;
  };
  beforeAll(async () => {
    // X-Forwarded-For is believed from loopback, so one test client can speak for several addresses.
    t = await startTestApp(kind, { workers: false, env: { EVENTS_MAX_PER_ADDRESS: '2', EVENTS_MAX_TOTAL: '3', TRUST_PROXY: 'loopback' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.stop());

  it('answers 429 rate_limited past the per-address bound and 503 server_busy past the total, both with Retry-After, while /api/health still answers', async () => {
    const held = [await streamFrom('203.0.113.1'), await streamFrom('203.0.113.1')];
    expect(held.map((c) => c.res.status)).toEqual([200, 200]);
    const third = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { accept: 'text/event-stream', 'x-forwarded-for': '203.0.113.1' } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('60');
    expect((await third.json()).error).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: 60 } });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();

    const other = await streamFrom('203.0.113.2');
    expect(other.res.status).toBe(200);
    const full = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { accept: 'text/event-stream', 'x-forwarded-for': '203.0.113.3' } });
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('60');
    expect((await full.json()).error.code).toBe('server_busy');

    // A client that leaves gives its slot back: the first address may open a stream again, and the third one too.
    await held[0]!.close();
    await eventually(async () => (await statusFor('203.0.113.3')) === 200, 'a slot is free again');
    await Promise.all([held[1]!.close(), other.close()]);
    await eventually(async () => (await statusFor('203.0.113.1')) === 200 && (await statusFor('203.0.113.4')) === 200, 'every slot is free');
  });

  it('gives the slots of abruptly destroyed sockets back', async () => {
    // With no stream open, the hub's listeners are the two caches (catalogue reads and shared pages, app.ts).
    const baseline = 2;
    await eventually(() => t.services.hub.listeners === baseline, 'the earlier streams are forgotten');
    const sockets = [await rawStream(port, '198.51.100.7'), await rawStream(port, '198.51.100.7')];
    await eventually(() => t.services.hub.listeners === baseline + 2, 'both streams listen');
    expect(await statusFor('198.51.100.7')).toBe(429);
    for (const s of sockets) s.destroy();
    await eventually(() => t.services.hub.listeners === baseline, 'both streams are forgotten');
    // Both slots of the address, and the total, are free: three streams open again (the total bound).
    const again = [await streamFrom('198.51.100.7'), await streamFrom('198.51.100.7'), await streamFrom('198.51.100.8')];
    expect(again.map((c) => c.res.status)).toEqual([200, 200, 200]);
    await Promise.all(again.map((c) => c.close()));
  });
});
