/**
 * Serves the built web app (dist/web) with a single-page fallback: a path that is not a file gets index.html,
 * except under /api and /media, which answer the JSON 404. Hashed assets are cached for a year. The build
 * writes .br and .gz copies (vite.config.ts); `preCompressed` serves the one the browser accepts.
 *
 * Links that look right when shared (a film's link on WhatsApp shows the film): index.html carries a `<!--og-->`
 * marker; for /watch/{id}, /series/{id}, /, and the static pages the server puts there the page's title, description
 * and poster as Open Graph and Twitter tags (HTML-escaped, absolute URLs from PUBLIC_URL), and sets <title>.
 * The service worker (/sw.js) and the manifest are served with `no-cache` so a new deploy is seen at once.
 *
 * Preload hints (ADR 012, the largest paint): the same marker also receives `<link rel="preload">` tags
 * for what the page will ask for first, so it travels while the app's JavaScript downloads instead of after it:
 * every page the signed-in viewer (`/api/accounts/me`, which the header and the route guards wait for), `/` the
 * home rows (`/api/home`), `/watch/{id}` the film (`/api/movies/{id}`) and its poster, `/player/{id}` the film.
 * Each URL is exactly the one the web app requests (the api folders of src/web/features), so nothing is fetched twice.
 *
 * Pages drawn on the server (ssr.ts; docs/decisions/014-server-rendering.md): when the renderer is built, a page
 * is sent drawn, with its state, `<html lang>` of the visitor's language (cookie, else Accept-Language, else English;
 * every page, drawn or not, is marked `data-lang-from="server"` so the browser keeps that choice), the app's scripts after the paint and
 * `Cache-Control: private, no-cache`, and without the API preloads (its data is in it); a page that sends the
 * visitor elsewhere answers 302. Pages the browser draws by itself get index.html as described above. A signed-out
 * visitor (no session cookie; other cookies do not count) may get a page drawn for another such visitor within the last few seconds
 * (page-cache.ts; docs/decisions/015-shared-page-cache.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { imageSrcset } from '../../shared/domain/images.js';
import { AppError } from '../lib/app-error.js';
import { STATE_ELEMENT_ID } from '../../shared/contracts/page-render.js';
import type { ReadCache } from '../modules/catalog/read-cache.js';
import { carriesSecret, drawShared, isSignedOutVisitor, SHAREABLE_API_STATUSES, type Drawing } from './page-cache.js';
import { deferAppScripts, injectTransport, loadPageRenderer, pageLanguage, passOnCookies, playerBootScript, withinBudget, type ApiAnswers } from './ssr.js';

/** What a shared link shows. `image` may be relative to the site (made absolute with PUBLIC_URL). */
export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  type?: 'website' | 'video.movie' | 'video.tv_show';
  /** Same-site URLs the page fetches first: API answers (`as=fetch`) and images (`as=image`). */
  preload?: { href: string; as: 'fetch' | 'image'; srcset?: string; sizes?: string }[];
}

export interface WebOptions {
  /** The site's public origin, e.g. https://sobanura.rw (config PUBLIC_URL). */
  publicUrl: string;
  /** The title, description and poster of a film or series by id; null when there is none. */
  lookup?: { movie(id: string): Promise<PageMeta | null>; series(id: string): Promise<PageMeta | null> };
  /** Drawn pages shared by visitors without cookies (page-cache.ts); unset, every page is drawn for its visitor. */
  sharedPages?: ReadCache;
}

type DrawnPage = { html: string; state: string; status: number } | { redirect: string } | null;

const SITE = 'Sobanura';
const DEFAULT_DESCRIPTION = 'Films and series translated into Kinyarwanda (agasobanuye), to watch on your phone.';

/** Static pages and their shared-link texts (docs/product/viewer.md §2 "Static pages"). */
export const STATIC_META: Record<string, PageMeta> = {
  '/': { title: SITE, description: DEFAULT_DESCRIPTION, preload: [{ href: '/api/home', as: 'fetch' }] },
  '/about': { title: `About Sobanura`, description: 'Our mission: the world’s films and series, explained in Kinyarwanda. 1000+ titles, 50K+ viewers, 24/7 streaming in HD.' },
  '/help': { title: 'Help & FAQ · Sobanura', description: 'Answers about Mobile Money payment, your account and streaming, and troubleshooting.' },
  '/terms': { title: 'Terms of Service · Sobanura', description: 'The terms of use, payment terms, content usage and user conduct rules of Sobanura.' },
  '/privacy': { title: 'Privacy Policy · Sobanura', description: 'What Sobanura collects, why, and your rights over your personal data.' },
  '/contact': { title: 'Contact Us · Sobanura', description: 'Write to Sobanura support in Kigali: payments, accounts, films.' },
};

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * `<link rel="preload">` tags for a page's first requests. An API answer uses `crossorigin="anonymous"`: for a
 * same-site URL that is credentials mode "same-origin", the mode of the app's fetch(), so the browser reuses it.
 * An image with a `srcset` carries it (and its `sizes`) so the browser preloads the width the page will pick.
 * Only site-relative URLs (starting with a single `/`) are kept.
 */
export function preloadTags(preload: PageMeta['preload'] = []): string {
  return preload
    .filter((p) => /^\/(?!\/)/.test(p.href))
    .map((p) =>
      p.as === 'fetch'
        ? `<link rel="preload" href="${escapeHtml(p.href)}" as="fetch" crossorigin="anonymous" />`
        : `<link rel="preload" href="${escapeHtml(p.href)}" as="image"${p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}" imagesizes="${escapeHtml(p.sizes ?? '100vw')}"` : ''} fetchpriority="high" />`,
    )
    .join('\n    ');
}

/** The Open Graph and Twitter tags of a page (and its <title>), escaped. */
export function metaTags(meta: PageMeta, pageUrl: string, publicUrl: string): string {
  const description = meta.description.replace(/\s+/g, ' ').trim().slice(0, 300) || DEFAULT_DESCRIPTION;
  const image = meta.image ? new URL(meta.image, `${publicUrl}/`).toString() : `${publicUrl}/icons/icon-512.png`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', image],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return [`<link rel="canonical" href="${escapeHtml(pageUrl)}" />`, ...tags.map(([a, k, v]) => `<meta ${a}="${k}" content="${escapeHtml(v)}" />`)].join('\n    ');
}

export async function registerWeb(app: FastifyInstance, webDir: string, opts: WebOptions = { publicUrl: '' }): Promise<void> {
  const built = existsSync(path.join(webDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webDir, serve: false, preCompressed: true, cacheControl: false });
  const indexHtml = built ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';

  /** What a page without Open Graph tags preloads (the player: its film). */
  function preloadFor(pathname: string): NonNullable<PageMeta['preload']> {
    const m = /^\/player\/([^/]+)\/?$/.exec(pathname);
    if (!m) return [];
    try {
      return [{ href: `/api/movies/${encodeURIComponent(decodeURIComponent(m[1]!))}`, as: 'fetch' }];
    } catch {
      return [];
    }
  }

  async function metaFor(pathname: string): Promise<PageMeta | null> {
    const fixed = STATIC_META[pathname.replace(/\/+$/, '') || '/'];
    if (fixed) return fixed;
    const m = /^\/(watch|series)\/([^/]+)\/?$/.exec(pathname);
    if (!m || !opts.lookup) return null;
    const id = decodeURIComponent(m[2]!);
    try {
      const found = m[1] === 'watch' ? await opts.lookup.movie(id) : await opts.lookup.series(id);
      if (!found) return null;
      const preload: PageMeta['preload'] = m[1] === 'watch' ? [{ href: `/api/movies/${encodeURIComponent(id)}`, as: 'fetch' }] : [];
      // The poster as the watch page draws it (Poster with DETAIL_POSTER_SIZES, at most 240 CSS pixels wide).
      if (m[1] === 'watch' && found.image) preload.push({ href: found.image, as: 'image', srcset: imageSrcset(found.image), sizes: '240px' });
      return { ...found, title: `${found.title} · ${SITE}`, preload };
    } catch {
      return null; // unknown or malformed id: the plain page
    }
  }

  const renderer = built ? await loadPageRenderer(webDir, app.log) : null;
  /** index.html for drawn pages: the app's JavaScript loads after the page (ssr.ts deferAppScripts). */
  const drawnHtml = renderer ? deferAppScripts(indexHtml) : indexHtml;
  /**
   * The first-frame boot (ADR 030), written into /player pages with the app's scripts deferred as on a drawn page
   * (they wait for its first frame); null without a build of it.
   */
  const bootScript = built && indexHtml.includes('<!--og-->') ? playerBootScript(webDir) : null;
  const bootHtml = bootScript ? deferAppScripts(indexHtml) : indexHtml;

  /** Draws the page for the visitor of `req` (see drawPage), and says who else may be given it (page-cache.ts). */
  async function drawFor(req: FastifyRequest, reply: FastifyReply, language: string): Promise<Drawing<DrawnPage>> {
    if (!renderer) return { value: null, share: 'waiting' };
    const answers: ApiAnswers = { setCookies: [], statuses: [] };
    try {
      const origin = opts.publicUrl || `http://${req.headers.host ?? 'localhost'}`;
      const result = await withinBudget(renderer.render({ url: req.url, origin, language, fetch: injectTransport(app, req, answers) }));
      passOnCookies(reply, answers.setCookies);
      const share = !answers.setCookies.length && answers.statuses.every((s) => SHAREABLE_API_STATUSES.has(s)) ? 'keep' : 'own';
      if (result.kind === 'redirect') return { value: /^\/(?!\/)/.test(result.location) ? { redirect: result.location } : null, share };
      if (result.kind !== 'page') return { value: null, share };
      if (!result.errors.length) return { value: result, share };
      req.log.warn({ errors: result.errors.map(String) }, 'parts of the page could not be drawn on the server; the browser draws them');
      return { value: result, share: share === 'keep' ? 'waiting' : share };
    } catch (err) {
      req.log.warn({ err }, 'the page could not be drawn on the server; sending the app shell');
      return { value: null, share: 'waiting' };
    }
  }

  /**
   * The page drawn on the server, `{ redirect }` when the page sends the visitor elsewhere, or null to send the
   * bare shell (a client-only page, or drawing failed). A signed-out visitor may get a page drawn for another such
   * visitor moments ago (page-cache.ts). Signed out means no session cookie, or one that names no session (expired,
   * or forged: better-auth checks its signature before any lookup), so a made-up session cookie cannot make the server
   * draw every page afresh either. A URL carrying a secret (a reset link's token, carriesSecret) is drawn for its
   * visitor only.
   */
  async function drawPage(req: FastifyRequest, reply: FastifyReply, language: string): Promise<DrawnPage> {
    const signedOut = isSignedOutVisitor(req.headers.cookie) || !(await req.currentUser());
    if (!opts.sharedPages || !signedOut || carriesSecret(req.url)) return (await drawFor(req, reply, language)).value;
    const key = `${language} ${opts.publicUrl || req.headers.host || ''} ${req.url}`;
    return drawShared(opts.sharedPages, key, () => drawFor(req, reply, language));
  }

  app.get('/*', { config: { access: 'anonymous' } }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/media/')) throw new AppError(404, 'not_found', `No route GET ${url}`);
    if (!built) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web` (npm start does it).');
    let rel: string;
    try {
      rel = decodeURIComponent(url).replace(/^\/+/, '');
    } catch {
      rel = '';
    }
    const file = path.resolve(webDir, rel);
    if (rel && file.startsWith(webDir + path.sep) && existsSync(file) && !file.endsWith(path.sep) && rel !== 'index.html') {
      const immutable = rel.startsWith('assets/');
      const fresh = rel === 'sw.js' || rel === 'manifest.webmanifest';
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : fresh ? 'no-cache' : 'public, max-age=300')
        .header('vary', 'accept-encoding')
        .sendFile(rel);
    }
    const meta = await metaFor(url);
    reply.header('vary', 'accept-encoding');
    if (!indexHtml.includes('<!--og-->')) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    // One language for the page, chosen here (cookie, else Accept-Language, else English) and kept by the browser:
    // `data-lang-from="server"` tells index.html's inline script and the app that this `lang` is the choice.
    const lang = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const page = renderer ? await drawPage(req, reply, lang) : null;
    if (page && 'redirect' in page) return reply.header('cache-control', 'private, no-cache').redirect(page.redirect, 302);
    // The player page starts its video before the app has loaded (ADR 030).
    const boot = bootScript && /^\/player\/[^/]+\/?$/.test(url) ? bootScript : '';
    let html = (page ? drawnHtml : boot ? bootHtml : indexHtml).replace(/<html lang="[^"]*"/, `<html lang="${lang}" data-lang-from="server"`);
    // A drawn page carries its data; the API preloads are for pages the browser draws by itself.
    const preload = page ? '' : preloadTags([{ href: '/api/accounts/me', as: 'fetch' }, ...(meta?.preload ?? preloadFor(url))]);
    if (meta) {
      html = html
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(meta.description.slice(0, 300))}" />`);
    }
    const head = [meta ? metaTags(meta, `${opts.publicUrl}${url}`, opts.publicUrl) : '', preload, boot].filter(Boolean).join('\n    ');
    html = html.replace('<!--og-->', () => head);
    if (!page) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    // The page holds the visitor's own data (their name, their pass): never kept by a shared cache.
    html = html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script id="${STATE_ELEMENT_ID}" type="application/json">${page.state}</script>`);
    return reply.code(page.status).header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(html);
  });
}
