/**
 * MP4 downloads (download-delivery.ts, ADR 017): byte ranges and If-Range so a cut download resumes, and the film's
 * name in Content-Disposition, on the local folder, on a store without modification times (as S3 is through
 * MediaStorage), and behind nginx (X-Accel-Redirect).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../plugins/errors.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { contentDisposition, createDownloadDelivery, downloadBaseName, sanitizeFilename } from './download-delivery.js';
import { createMediaDelivery } from './media-delivery.js';

describe('download file names', () => {
  it('names the file after the film, its part or its episode', () => {
    const base = { partNumber: null, seasonNumber: null, episodeNumber: null };
    expect(downloadBaseName({ ...base, kind: 'movie', title: 'Ubuzima bw’umuryango' })).toBe('Ubuzima bw’umuryango');
    expect(downloadBaseName({ ...base, kind: 'part', title: 'Intare', partNumber: 2 })).toBe('Intare - Part 2');
    expect(downloadBaseName({ ...base, kind: 'episode', title: 'Akagera', seasonNumber: 1, episodeNumber: 2 })).toBe('Akagera S01E02');
  });

  it('keeps letters of any language and drops what file systems refuse', () => {
    expect(sanitizeFilename('L\'été: "1/2" <fin>?')).toBe('L\'été 1 2 fin');
    expect(sanitizeFilename('  ..a\u0000b\tc..  ')).toBe('a b c');
    expect(sanitizeFilename('///')).toBe('video');
    expect(Array.from(sanitizeFilename('é'.repeat(200))).length).toBe(60);
  });

  it('sends an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition('L’été (2024).mp4')).toBe(`attachment; filename="L_ete (2024).mp4"; filename*=UTF-8''L%E2%80%99%C3%A9t%C3%A9%20%282024%29.mp4`);
    expect(contentDisposition('Plain.mp4')).toBe(`attachment; filename="Plain.mp4"; filename*=UTF-8''Plain.mp4`);
  });
});

describe.each(['local', 'without modification times'] as const)('downloads from a %s store', (kind) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'download-'));
  const local = createLocalStorage(root);
  // S3 through MediaStorage has no modification time: the same store, seen as 's3', exercises that path.
  const storage: MediaStorage = kind === 'local' ? local : { ...local, kind: 's3' };
  const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7) % 256));
  const key = 'videos/00000000-0000-4000-8000-000000000001/downloads/720p.mp4';
  const build = async (accel: boolean) => {
    const app = Fastify();
    registerErrorHandling(app);
    const downloads = createDownloadDelivery({ storage, delivery: createMediaDelivery(storage, accel ? '/_media/' : null, (address) => address === '127.0.0.1') });
    app.get('/d/*', (req, reply) => downloads.send(req, reply, (req.params as { '*': string })['*'], { filename: 'Intare - Part 2.mp4', cacheControl: 'private, max-age=3600' }));
    await app.ready();
    return app;
  };
  let node: Awaited<ReturnType<typeof build>>;
  let accel: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    await storage.put(key, bytes);
    node = await build(false);
    accel = await build(true);
  });
  afterAll(async () => {
    await node.close();
    await accel.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (headers: Record<string, string> = {}, app = node) => app.inject({ url: `/d/${key}`, headers });

  it('sends the whole file with validators and the film’s name', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('10000');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    if (kind === 'local') expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 600_000);
    else expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Intare - Part 2.mp4"; filename*=UTF-8''Intare%20-%20Part%202.mp4`);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('resumes: 206 for one range, an open range or a suffix', async () => {
    const mid = await get({ range: 'bytes=9000-9099' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe('bytes 9000-9099/10000');
    expect(mid.headers['content-length']).toBe('100');
    expect(mid.headers['content-disposition']).toContain('attachment');
    expect(mid.rawPayload.equals(bytes.subarray(9000, 9100))).toBe(true);
    const open = await get({ range: 'bytes=9000-' });
    expect(open.headers['content-range']).toBe('bytes 9000-9999/10000');
    expect(open.rawPayload.equals(bytes.subarray(9000))).toBe(true);
    const suffix = await get({ range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 9500-9999/10000');
    expect(suffix.rawPayload.equals(bytes.subarray(9500))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const past = await get({ range: 'bytes=10000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10000');
    expect(past.rawPayload.length).toBe(0);
  });

  it('honours If-Range: the range when the validator matches, the whole file when the file changed', async () => {
    const { etag, 'last-modified': lastModified } = (await get()).headers;
    const same = await get({ range: 'bytes=100-199', 'if-range': String(etag) });
    expect(same.statusCode).toBe(206);
    if (lastModified) expect((await get({ range: 'bytes=100-199', 'if-range': String(lastModified) })).statusCode).toBe(206);
    for (const stale of ['"another-version"', `W/${etag}`, 'Tue, 01 Jan 2019 00:00:00 GMT']) {
      const res = await get({ range: 'bytes=100-199', 'if-range': stale });
      expect(res.statusCode, stale).toBe(200);
      expect(res.rawPayload.length).toBe(10_000);
    }
  });

  it('answers 404 for a download that is not stored', async () => {
    expect((await node.inject({ url: `/d/${key.replace('720p', '480p')}`, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
  });

  // The S3 form of the X-Accel target (a presigned URL) is media-delivery's, tested with the bucket in ingest-s3.test.ts.
  it.runIf(kind === 'local')('behind nginx names the file and hands the bytes, ranges included, to nginx', async () => {
    const res = await get({ range: 'bytes=0-9' }, accel);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(`/_media/${key}`);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Intare%20-%20Part%202.mp4`);
    expect(res.rawPayload.length).toBe(0);
  });
});
