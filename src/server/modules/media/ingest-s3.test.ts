/**
 * The video path on S3-compatible object storage (docs/decisions/016-object-storage-and-roles.md, 017): a tus upload
 * in several chunks lands in the bucket through @tus/s3-store, ffprobe reads it through a presigned URL, the worker
 * transcodes in a temporary folder and uploads the ladder, and nothing is written under MEDIA_DIR. Then delivery:
 * playlists and segments streamed from the bucket with byte ranges, and with MEDIA_ACCEL_PREFIX an X-Accel-Redirect
 * whose presigned path the bucket answers with the same bytes. Captions and admin images go to the bucket too.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keys } from '../../providers/storage/media-storage.js';
import { createS3Storage } from '../../providers/storage/s3-storage.js';
import { describeEachDb, FIXTURES, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';

const COCKATOO = path.join(FIXTURES, 'cockatoo.mp4');

describeEachDb('ingest and delivery on S3', (kind) => {
  let s3: TestS3Server;
  let t: TestApp;
  let accel: TestApp;
  let movieId: string;
  let videoId: string;
  let admin: { cookie: string };
  beforeAll(async () => {
    s3 = await startS3Server();
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
      URL_SIGNING_SECRET: 'a'.repeat(40),
      SESSION_SECRET: 'b'.repeat(40),
    };
    t = await startTestApp(kind, { env });
    // A second instance on the same database kind and bucket, behind nginx (app.inject's peer, 127.0.0.1): it answers
    // media with X-Accel-Redirect to that proxy only.
    accel = await startTestApp('pglite', { env: { ...env, MEDIA_ACCEL_PREFIX: '/_media/', TRUST_PROXY: '127.0.0.1' }, workers: false });
    admin = await signUp(t, 'super_admin');
    movieId = (await t.services.catalog.create({ title: 'Cockatoo', category: 'drama', isPremium: true })).id;
  }, 300_000);
  afterAll(async () => {
    await accel?.stop();
    await t?.stop();
    await s3?.stop();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => app.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('takes a chunked tus upload into the bucket, transcodes it, and keeps nothing on local disk', async () => {
    const body = await readFile(COCKATOO);
    const meta = [`filename ${Buffer.from('cockatoo.mp4').toString('base64')}`, `filetype ${Buffer.from('video/mp4').toString('base64')}`, `movieId ${Buffer.from(movieId).toString('base64')}`].join(',');
    const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: admin.cookie, 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': meta } });
    expect(create.statusCode).toBe(201);
    const location = String(create.headers.location);
    videoId = location.split('/').pop()!;
    // Three chunks, each smaller than S3's 5 MiB part: the store keeps the incomplete part as an object between them.
    const size = Math.ceil(body.length / 3);
    let offset = 0;
    let last;
    while (offset < body.length) {
      const chunk = body.subarray(offset, offset + size);
      last = await t.app.inject({ method: 'PATCH', url: location, headers: { cookie: admin.cookie, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: chunk });
      expect(last.statusCode, last.body).toBe(204);
      offset += chunk.length;
      expect(Number(last.headers['upload-offset'])).toBe(offset);
    }
    expect(last!.headers['x-video-id']).toBe(videoId);
    const ready = await waitFor(async () => {
      const v = await t.services.media.get(videoId);
      return v && (v.status === 'ready' || v.status === 'failed') ? v : null;
    }, 300);
    expect(ready.error).toBeNull();
    expect(ready.status).toBe('ready');

    const storage = createS3Storage(s3.config);
    const stored = (await storage.list(keys.video(videoId))).map((o) => o.key.slice(keys.video(videoId).length));
    expect(stored).toContain('master.m3u8');
    expect(stored).toContain('poster.webp');
    for (const r of ready.renditions) {
      expect(stored).toContain(r.playlist);
      // Fragmented MP4 (ADR 026): the rendition's init segment and .m4s segments.
      expect(stored).toContain(`${r.name}/init.mp4`);
      expect(stored.some((k) => k.startsWith(`${r.name}/`) && k.endsWith('.m4s'))).toBe(true);
      expect(stored.some((k) => k.endsWith('.ts'))).toBe(false);
    }
    // The source and its tus bookkeeping leave the bucket just after the video is marked ready (the row is written
    // first, then the source deleted): wait for the delete rather than race it.
    expect(await waitFor(async () => (await storage.stat(videoId)) === null && (await storage.stat(`${videoId}.info`)) === null, 30)).toBe(true);
    // Nothing of the film under the instance's media folder.
    expect(readdirSync(t.config.mediaDir, { recursive: true }).filter((f) => String(f).includes(videoId))).toEqual([]);
  });

  it('streams playlists and segments from the bucket with byte ranges', async () => {
    const viewer = await signUp(t);
    await t.services.billing.grantPass(viewer.id, 'weekly');
    const play = await t.app.inject({ method: 'POST', url: `/api/playback/${movieId}`, headers: { cookie: viewer.cookie } });
    expect(play.statusCode).toBe(200);
    const { url } = play.json();
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const master = await get(t, url, { cookie: viewer.cookie });
    expect(master.statusCode).toBe(200);
    const variant = master.body.split('\n').find((l) => l && !l.startsWith('#'))!;
    const media = await get(t, base + variant);
    expect(media.statusCode).toBe(200);
    const segment = media.body.split('\n').find((l) => l && !l.startsWith('#'))!;
    const segmentUrl = base + variant.slice(0, variant.lastIndexOf('/') + 1) + segment;
    // The init segment the media playlist names (EXT-X-MAP, ADR 026) comes from the bucket too.
    expect(media.body).toContain('#EXT-X-MAP:URI="init.mp4"');
    const init = await get(t, base + variant.slice(0, variant.lastIndexOf('/') + 1) + 'init.mp4');
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toBe('video/mp4');
    expect(init.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const whole = await get(t, segmentUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/iso.segment');
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    const bytes = whole.rawPayload;

    const part = await get(t, segmentUrl, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);

    const tail = await get(t, segmentUrl, { range: 'bytes=-188' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 188))).toBe(true);

    const past = await get(t, segmentUrl, { range: `bytes=${bytes.length + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    expect((await get(t, segmentUrl.replace(segment, 'seg_99999.m4s'))).statusCode).toBe(404);
    // The pattern is case-sensitive like the cap and downloads checks: an upper-case name is not a media file.
    expect((await get(t, segmentUrl.replace('.m4s', '.M4S'))).statusCode).toBe(404);

    // Behind nginx: the same request answered with X-Accel-Redirect to a presigned path the bucket serves.
    const redirected = await get(accel, segmentUrl);
    expect(redirected.statusCode).toBe(200);
    expect(redirected.body).toBe('');
    expect(redirected.headers['content-type']).toBe('video/iso.segment');
    expect(redirected.headers['cache-control']).toBe('private, max-age=3600, immutable');
    const target = String(redirected.headers['x-accel-redirect']);
    expect(target.startsWith(`/_media/${s3.bucket}/videos/${videoId}/`)).toBe(true);
    expect(target).toContain('X-Amz-Signature=');
    const fromBucket = await fetch(`${s3.endpoint}/${target.slice('/_media/'.length)}`);
    expect(fromBucket.status).toBe(200);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes)).toBe(true);
    // A client talking to that instance directly (not through the trusted proxy) gets the bytes, never a presigned URL.
    const direct = await get(accel, segmentUrl, { 'x-forwarded-for': '127.0.0.1' }, '198.51.100.7');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['x-accel-redirect']).toBeUndefined();
    expect(direct.body).not.toContain('X-Amz-');
    expect(direct.rawPayload.equals(bytes)).toBe(true);
    // An altered token is refused before any redirect.
    const forged = segmentUrl.replace(/\/media\/v\/([^/]+)\/([^/]+)\//, (_m: string, id: string, token: string) => `/media/v/${id}/${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}/`);
    const refused = await get(accel, forged);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-accel-redirect']).toBeUndefined();
  });

  it('keeps captions and admin images in the bucket', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/videos/${videoId}/captions/rw`, headers: { cookie: admin.cookie, 'content-type': 'text/vtt' }, payload: 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nMuraho\n' });
    expect(put.statusCode).toBe(200);
    const storage = createS3Storage(s3.config);
    expect((await storage.readBuffer(keys.videoFile(videoId, 'captions/rw.vtt')))?.toString('utf8')).toContain('Muraho');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/videos/${videoId}/captions/rw`, headers: { cookie: admin.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await storage.stat(keys.videoFile(videoId, 'captions/rw.vtt'))).toBeNull();

    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#336699' } }).png().toBuffer();
    const up = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie: admin.cookie, 'content-type': 'image/png' }, payload: png });
    expect(up.statusCode).toBe(201);
    const image = up.json().image as { id: string; url: string };
    expect(await storage.stat(keys.imageFile(image.id, '640.webp'))).not.toBeNull();
    const served = await get(t, image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const poster = await get(t, `/media/posters/${videoId}.webp`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });
  it('expires an abandoned upload in the bucket: its multipart upload is aborted and its objects deleted', async () => {
    const movie = await t.services.catalog.create({ title: 'Abandoned in the bucket', category: 'drama' });
    const body = await readFile(COCKATOO);
    const meta = [`filename ${Buffer.from('cockatoo.mp4').toString('base64')}`, `movieId ${Buffer.from(movie.id).toString('base64')}`].join(',');
    const tus = { cookie: admin.cookie, 'tus-resumable': '1.0.0' };
    const create = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': meta } });
    expect(create.statusCode).toBe(201);
    const location = String(create.headers.location);
    const id = location.split('/').pop()!;
    const part = await t.app.inject({ method: 'PATCH', url: location, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: body.subarray(0, 300_000) });
    expect(part.statusCode).toBe(204);
    const storage = createS3Storage(s3.config);
    // @tus/s3-store's layout: `{id}.info` (its metadata), `{id}.part` (bytes short of a part), `{id}` once complete.
    const objects = async () => (await Promise.all([id, `${id}.info`, `${id}.part`].map((k) => storage.stat(k)))).filter(Boolean).length;
    expect(await objects()).toBeGreaterThan(0);

    // Started two days ago and never finished: past UPLOAD_EXPIRY_HOURS (24).
    await t.db.executeSql(`update video_assets set created_at = now() - interval '2 days' where id = $1`, [id]);
    await t.services.media.upkeep();
    expect(await t.services.media.get(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/expired/) });
    expect(await objects()).toBe(0);
    // The request log fills from the server's output, a moment behind.
    expect(await waitFor(async () => s3.requests.some((r) => r.method === 'DELETE' && r.url.includes(`/${id}?`) && r.url.includes('uploadId=')), 10)).toBe(true);
  });
});
