/**
 * Links that look right when shared (issue 7 point 7): the server writes Open Graph and Twitter tags into the
 * HTML of /watch/{id}, /series/{id} and the static pages, HTML-escaped, with absolute URLs from PUBLIC_URL;
 * unknown titles and other paths get the plain page; /sw.js and the manifest are never cached stale.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { preloadTags } from './web.js';

const INDEX = `<!doctype html><html><head><meta name="description" content="Default." />
<title>Sobanura</title>
<!--og-->
</head><body><div id="root"></div></body></html>`;

const metaOf = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m ? m[1] : undefined;
};

describe('Open Graph tags [pglite]', () => {
  let t: TestApp;
  let movieId: string;
  let seriesId: string;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'sobanura-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(web, 'manifest.webmanifest'), '{}');
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: web, PUBLIC_URL: 'https://sobanura.example' } });
    movieId = (
      await t.services.catalog.create({
        title: 'Intare <script>alert("x")</script> & "Co"',
        category: 'action',
        description: 'A lion\'s "story" <b>bold</b>',
        thumbnailUrl: '/media/posters/intare.webp',
      } as never)
    ).id;
    seriesId = (await t.services.series.create({ title: 'Ubuzima', category: 'drama', description: 'Life in Kigali.' })).id;
  });
  afterAll(() => t.stop());

  const page = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    return res.body;
  };

  it('describes a film: escaped title and description, absolute poster and page URLs', async () => {
    const html = await page(`/watch/${movieId}`);
    expect(html).not.toContain('<script>alert');
    expect(metaOf(html, 'og:title')).toBe('Intare &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot; · Sobanura');
    expect(metaOf(html, 'og:description')).toBe('A lion&#39;s &quot;story&quot; &lt;b&gt;bold&lt;/b&gt;');
    expect(metaOf(html, 'og:type')).toBe('video.movie');
    expect(metaOf(html, 'og:url')).toBe(`https://sobanura.example/watch/${movieId}`);
    expect(metaOf(html, 'og:image')).toBe('https://sobanura.example/media/posters/intare.webp');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe('https://sobanura.example/media/posters/intare.webp');
    expect(html).toContain('<title>Intare &lt;script&gt;');
    expect(html).not.toContain('<!--og-->');
  });

  it('preloads what a page asks for first: the film and its poster, the home rows; nothing for other pages', async () => {
    const watch = await page(`/watch/${movieId}`);
    expect(watch).toContain(`<link rel="preload" href="/api/movies/${movieId}" as="fetch" crossorigin="anonymous" />`);
    expect(watch).toContain('<link rel="preload" href="/media/posters/intare.webp" as="image" fetchpriority="high" />');
    expect(await page('/')).toContain('<link rel="preload" href="/api/home" as="fetch" crossorigin="anonymous" />');
    const player = await page(`/player/${movieId}?part=x`);
    expect(player).toContain(`<link rel="preload" href="/api/movies/${movieId}" as="fetch" crossorigin="anonymous" />`);
    expect(player).not.toContain('og:title');
    // Every page preloads the viewer (header, route guards); nothing else where nothing else is known first.
    for (const url of [`/series/${seriesId}`, '/about', '/movies', '/settings', '/watch/00000000-0000-4000-8000-000000000000']) {
      const html = await page(url);
      expect(html, url).toContain('<link rel="preload" href="/api/accounts/me" as="fetch" crossorigin="anonymous" />');
      expect(html.match(/rel="preload"/g), url).toHaveLength(1);
    }
  });

  it('describes a series, and the static pages', async () => {
    const s = await page(`/series/${seriesId}`);
    expect(metaOf(s, 'og:title')).toBe('Ubuzima · Sobanura');
    expect(metaOf(s, 'og:description')).toBe('Life in Kigali.');
    expect(metaOf(s, 'og:type')).toBe('video.tv_show');
    expect(metaOf(s, 'og:image')).toBe('https://sobanura.example/icons/icon-512.png');
    for (const [url, title] of [
      ['/about', 'About Sobanura'],
      ['/help', 'Help &amp; FAQ · Sobanura'],
      ['/terms', 'Terms of Service · Sobanura'],
      ['/privacy', 'Privacy Policy · Sobanura'],
      ['/contact', 'Contact Us · Sobanura'],
    ]) {
      const html = await page(url!);
      expect(metaOf(html, 'og:title'), url).toBe(title);
      expect(metaOf(html, 'og:url'), url).toBe(`https://sobanura.example${url}`);
    }
  });

  it('serves the plain page for unknown or malformed ids and other routes', async () => {
    for (const url of ['/watch/00000000-0000-4000-8000-000000000000', '/watch/not-a-uuid', '/movies', '/settings']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Sobanura</title>');
      expect(res.body, url).not.toContain('og:title');
    }
    const broken = await t.app.inject({ url: '/series/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toContain('og:title');
  });

  it('keeps only site-relative preload URLs, escaped', () => {
    expect(preloadTags([{ href: 'https://evil.example/x', as: 'image' }, { href: '//evil.example/x', as: 'fetch' }])).toBe('');
    expect(preloadTags([{ href: '/media/a"b.webp', as: 'image' }])).toBe('<link rel="preload" href="/media/a&quot;b.webp" as="image" fetchpriority="high" />');
    expect(preloadTags([{ href: '/media/images/i/640.webp', as: 'image', srcset: '/media/images/i/320.webp 320w, /media/images/i/640.webp 640w', sizes: '240px' }])).toBe(
      '<link rel="preload" href="/media/images/i/640.webp" as="image" imagesrcset="/media/images/i/320.webp 320w, /media/images/i/640.webp 640w" imagesizes="240px" fetchpriority="high" />',
    );
  });

  it('never lets the service worker or the manifest be cached stale', async () => {
    expect((await t.app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
  });
});
