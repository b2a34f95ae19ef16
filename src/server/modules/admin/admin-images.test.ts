/**
 * Image uploads (issue 6 point 3; docs/product/admin.md §5 "Image", §9): checked by decoding, under 5 MB, stored as
 * WebP at several widths with no EXIF, served publicly with a one-hour cache.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';

/** A photo-like JPEG (gradient + noise) of w × h pixels carrying EXIF (camera, GPS-ish comment, orientation). */
async function jpegWithExif(w: number, h: number) {
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i * 2654435761) >>> 24)) & 0xff;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', Copyright: 'Kigali 1.9441S 30.0619E' } })
    .toBuffer();
}

describeEachDb('admin images', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    cookie = (await signUp(t, 'admin')).cookie;
  });
  afterAll(() => t.stop());

  const upload = (body: Buffer | string, type = 'image/jpeg', name = 'photo.jpg') =>
    t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie, 'content-type': type, 'x-file-name': name }, payload: body });

  it('stores a JPEG as WebP at 320, 640 and 1280 px with its EXIF removed, served with a one-hour cache', async () => {
    const src = await jpegWithExif(1600, 900);
    expect((await sharp(src).metadata()).exif).toBeDefined();
    const res = await upload(src);
    expect(res.statusCode).toBe(201);
    const img = res.json().image;
    expect(img).toMatchObject({ width: 1600, height: 900, format: 'jpeg', url: `/media/images/${img.id}/640.webp` });
    expect(img.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1280]);
    expect(img.srcset).toBe(`/media/images/${img.id}/320.webp 320w, /media/images/${img.id}/640.webp 640w, /media/images/${img.id}/1280.webp 1280w`);
    for (const v of img.variants) {
      const file = await t.app.inject({ method: 'GET', url: v.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=3600');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((v.width * 900) / 1600));
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }
    // Anyone may read images (they are posters); nobody but an admin may write them.
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { 'content-type': 'image/jpeg' }, payload: src });
    expect(anon.statusCode).toBe(401);
  });

  it('accepts a PNG renamed .jpg (it decodes), and a GIF; a small image keeps its own width', async () => {
    const png = await sharp({ create: { width: 200, height: 300, channels: 4, background: '#c03' } }).png().toBuffer();
    const res = await upload(png, 'image/jpeg', 'poster.jpg');
    expect(res.statusCode).toBe(201);
    expect(res.json().image).toMatchObject({ format: 'png', width: 200, height: 300 });
    expect(res.json().image.variants.map((v: { width: number }) => v.width)).toEqual([200]);
    const gif = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#0a0' } }).gif().toBuffer();
    const g = await upload(gif, 'application/octet-stream', 'anim.gif');
    expect(g.statusCode).toBe(201);
    expect(g.json().image.variants.map((v: { width: number }) => v.width)).toEqual([320, 640]);
  });

  it('refuses a text file named .jpg, a cut JPEG, an SVG and an empty body, with the spec text', async () => {
    const jpeg = await jpegWithExif(800, 600);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    for (const [body, type] of [
      ['This is not a picture, only words.\n'.repeat(50), 'image/jpeg'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      [svg, 'image/svg+xml'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode, `${type} ${body.length}`).toBe(415);
      expect(res.json().error).toEqual({ code: 'image_rejected', message: 'Please select only image files (JPEG, PNG, GIF, WebP)' });
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie }, payload: { not: 'an image' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a 6 MB image, with the spec text, whatever it is', async () => {
    // A real PNG of about 6 MB (noise does not compress).
    const w = 1500;
    const h = 1400;
    const raw = Buffer.alloc(w * h * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    const big = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await upload(big, 'image/png', 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'image_too_large', message: 'File size must be less than 5MB' });
    // Exactly 5 MB is refused too ("under 5 MB").
    const five = await upload(Buffer.alloc(5 * 1024 * 1024, 1), 'image/png', 'five.png');
    expect(five.statusCode).toBe(413);
  });

  it('answers 404 for an image that does not exist, 400 for a bad name', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000000/640.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000000/..%2f..%2fx.webp' })).statusCode).toBe(400);
  });
});
