/**
 * Media delivery over the local folder (docs/decisions/017-media-delivery-at-scale.md): byte ranges as RFC 9110
 * section 14 gives them when Node streams the bytes, and the X-Accel-Redirect path to the object when nginx does.
 * The S3 side runs in modules/media/ingest-s3.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedPeer } from '../../lib/trust-proxy.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { keys } from '../../providers/storage/media-storage.js';
import { createMediaDelivery } from './media-delivery.js';

describe('media delivery from the local folder', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'delivery-'));
  const storage = createLocalStorage(root);
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  const key = 'videos/00000000-0000-4000-8000-000000000001/240p/seg_00001.ts';
  const build = async (prefix: string | null) => {
    const app = Fastify();
    registerErrorHandling(app);
    const delivery = createMediaDelivery(storage, prefix, trustedPeer(['10.0.0.5', '127.0.0.1']));
    app.get('/poster/:id', (req, reply) => delivery.send(req, reply, keys.videoFile((req.params as { id: string }).id, 'poster.webp'), { contentType: 'image/webp', cacheControl: 'public, max-age=86400' }));
    app.get('/m/*', (req, reply) => delivery.send(req, reply, (req.params as { '*': string })['*'], { contentType: 'video/mp2t', cacheControl: 'private, max-age=3600, immutable' }));
    await app.ready();
    return app;
  };
  let node: Awaited<ReturnType<typeof build>>;
  let accel: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    await storage.put(key, bytes);
    node = await build(null);
    accel = await build('/_media/');
  });
  afterAll(async () => {
    await node.close();
    await accel.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('streams the whole object with its length, type and cache headers', async () => {
    const res = await node.inject({ url: `/m/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('5000');
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('private, max-age=3600, immutable');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers one range with 206, an open or suffix range too, and a range past the end with 416', async () => {
    const mid = await node.inject({ url: `/m/${key}`, headers: { range: 'bytes=10-19' } });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe('bytes 10-19/5000');
    expect(mid.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const open = await node.inject({ url: `/m/${key}`, headers: { range: 'bytes=4990-' } });
    expect(open.headers['content-range']).toBe('bytes 4990-4999/5000');
    expect(open.rawPayload.equals(bytes.subarray(4990))).toBe(true);
    const clamped = await node.inject({ url: `/m/${key}`, headers: { range: 'bytes=4999-9999' } });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.rawPayload.length).toBe(1);
    const past = await node.inject({ url: `/m/${key}`, headers: { range: 'bytes=5000-5001' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */5000');
    // Several ranges are answered with the whole object (allowed by RFC 9110 section 14.2).
    const many = await node.inject({ url: `/m/${key}`, headers: { range: 'bytes=0-1,100-101' } });
    expect(many.statusCode).toBe(200);
    expect(many.rawPayload.length).toBe(5000);
  });

  it('answers 404 for a missing object, with or without a range', async () => {
    const missing = key.replace('00001', '00002');
    expect((await node.inject({ url: `/m/${missing}` })).statusCode).toBe(404);
    expect((await node.inject({ url: `/m/${missing}`, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
  });

  it('answers 404, not 500, for an id that cannot be an object key', async () => {
    for (const id of ['------------------------------------', '00000000-0000-4000-8000-00000000000A', '..']) {
      const res = await node.inject({ url: `/poster/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('hands the object key to nginx with X-Accel-Redirect and sends no bytes, when the peer is a trusted proxy', async () => {
    const res = await accel.inject({ url: `/m/${key}`, headers: { range: 'bytes=0-9' }, remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(`/_media/${key}`);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('private, max-age=3600, immutable');
    expect(res.rawPayload.length).toBe(0);
  });

  it('streams the bytes itself to a client that reached the instance directly, whatever it forwards', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.6', '2001:db8::1']) {
      const res = await accel.inject({ url: `/m/${key}`, headers: { range: 'bytes=10-19', 'x-forwarded-for': '10.0.0.5' }, remoteAddress });
      expect(res.headers['x-accel-redirect']).toBeUndefined();
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    }
    // An IPv4-mapped IPv6 peer is the IPv4 address, as Fastify's trustProxy sees it.
    const mapped = await accel.inject({ url: `/m/${key}`, remoteAddress: '::ffff:10.0.0.5' });
    expect(mapped.headers['x-accel-redirect']).toBe(`/_media/${key}`);
  });

  it('never redirects when TRUST_PROXY is unset', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const delivery = createMediaDelivery(storage, '/_media/', trustedPeer(false));
    app.get('/m/*', (req, reply) => delivery.send(req, reply, (req.params as { '*': string })['*'], { contentType: 'video/mp2t', cacheControl: 'private' }));
    const res = await app.inject({ url: `/m/${key}`, remoteAddress: '127.0.0.1' });
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
    await app.close();
  });
});
