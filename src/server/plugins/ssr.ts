/**
 * Pages drawn on the server (docs/decisions/014-server-rendering.md). The web build makes
 * dist/ssr/entry-server.js beside dist/web; when it is there, `loadPageRenderer` loads it and the catch-all page
 * route (web.ts) asks it to draw each page, so the HTML arrives with the page's text, posters and links in it and
 * the browser paints before its JavaScript has run. Without it (a build of the web app only, unit tests), and
 * whenever drawing fails or takes too long, the bare app shell goes out and the browser draws the page as before.
 *
 * While a page is drawn, its API requests (GET /api/...) are answered in-process through Fastify's inject, with
 * the visitor's cookies and address, so access rules, rate limits and logs are exactly those of the browser's
 * own requests; a session cookie the API refreshes is passed on to the page's response.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCookie as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UI_LANGUAGES } from '../../shared/contracts/contact.js';
import { DEFAULT_LANGUAGE } from '../../shared/domain/languages.js';
import { chooseLanguage } from '../../shared/domain/language-choice.js';
import { withSessionOf } from './auth.js';
import { LANGUAGE_COOKIE, PLAYER_BOOT_FILE, PLAYER_BOOT_GLOBAL, type PageApiTransport, type PageRenderer } from '../../shared/contracts/page-render.js';

type UiLanguage = (typeof UI_LANGUAGES)[number];
/** A page not drawn within this time (all passes and their API requests) is sent as the bare shell. */
export const PAGE_RENDER_BUDGET_MS = 5000;

/** `work`, or a rejection once `ms` have passed (the work itself is not stopped; its answer is dropped). */
export function withinBudget<T>(work: Promise<T>, ms = PAGE_RENDER_BUDGET_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page took longer than ${ms} ms to draw`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Where the web build puts the renderer: `<WEB_DIR>/../ssr/entry-server.js`. */
export function rendererPath(webDir: string): string {
  return path.resolve(webDir, '..', 'ssr', 'entry-server.js');
}

/** Loads the renderer built beside `webDir`; null when there is none (the log says so once). */
export async function loadPageRenderer(webDir: string, log: FastifyInstance['log']): Promise<PageRenderer | null> {
  const file = rendererPath(webDir);
  if (!existsSync(file)) {
    log.info({ file }, 'no server-side renderer built: pages are drawn in the browser only (npm run build:web builds it)');
    return null;
  }
  const mod = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  if (typeof mod.render !== 'function') throw new Error(`${file} does not export render()`);
  return { render: mod.render };
}

/**
 * The language a page is drawn in: the language cookie when it names one of domain/languages.ts; otherwise the
 * browser's Accept-Language; otherwise the default (English) (shared/domain/language-choice.ts). The browser keeps
 * this choice (web.ts marks the page with it; lib/i18n.ts).
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage?: string): UiLanguage {
  const chosen = chooseLanguage(parseCookies(cookieHeader ?? '')[LANGUAGE_COOKIE], acceptLanguage);
  return UI_LANGUAGES.find((l) => l === chosen) ?? DEFAULT_LANGUAGE;
}

/** What the API answered while one page was drawn: every Set-Cookie header, and every status code in order. */
export interface ApiAnswers {
  setCookies: string[];
  statuses: number[];
}

/**
 * A transport that answers the page's API GETs in-process for the visitor of `req`. Only GETs under /api/ are
 * allowed (a page being drawn never writes). The answers' Set-Cookie headers and statuses are collected in `answers`.
 */
export function injectTransport(app: FastifyInstance, req: FastifyRequest, answers: ApiAnswers): PageApiTransport {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || !url.startsWith('/api/')) throw new Error(`a page drawn on the server may only GET /api/, not ${method} ${url}`);
    // The page request's signed-in user serves its API requests too (auth.ts withSessionOf): one session lookup a page.
    const res = await withSessionOf(req, () => app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
        ...(req.headers['accept-language'] ? { 'accept-language': req.headers['accept-language'] } : {}),
        // The visitor's address, for rate limits and logs (the app trusts X-Forwarded-For).
        'x-forwarded-for': req.ip,
      },
    }));
    answers.statuses.push(res.statusCode);
    const cookies = res.headers['set-cookie'];
    if (cookies) answers.setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    const type = res.headers['content-type'];
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: type ? { 'content-type': String(type) } : {},
    });
  };
}

/** Puts the Set-Cookie headers collected while drawing on the page's response (the last one of a name wins). */
export function passOnCookies(reply: FastifyReply, setCookies: string[]): void {
  const byName = new Map<string, string>();
  for (const c of setCookies) byName.set(c.split('=')[0] ?? c, c);
  if (byName.size) reply.header('set-cookie', [...byName.values()]);
}

/**
 * The app shell for a page drawn on the server: its JavaScript (the entry `<script type="module">` and its
 * `<link rel="modulepreload">`s, as Vite wrote them into index.html) starts downloading once the page has loaded
 * and its first contentful paint is on screen (Paint Timing), not while it is still painting. The drawn page needs
 * no JavaScript to show, so on slow mobile data its styles and posters get the whole link first and the app's code
 * comes after. Throws when index.html has no entry script. The loader is an inline script allowed by its hash in
 * the Content-Security-Policy (security.ts builtScriptHashes, docs/decisions/020-content-security-policy.md): it
 * must depend on index.html only, never on the request.
 */
export function deferAppScripts(indexHtml: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no <script type="module" src> entry');
  const preloads: string[] = [];
  const html = indexHtml.replace(entry[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
    preloads.push(href);
    return '';
  });
  const loader =
    `<script>(function(){function go(){var h=document.head;${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s)}` +
    // After the load event and the first contentful paint (or 3 s after load, for a tab that does not paint while
    // hidden): the drawn page is on screen before the app's code is asked for. On a player page with the first-frame
    // boot (ADR 030), after the boot's first frame or its giving up instead, so the video has the link first.
    `var started=false;function start(){if(!started){started=true;go()}}` +
    `function later(){setTimeout(start,3000);var b=window[${JSON.stringify(PLAYER_BOOT_GLOBAL)}];if(b&&b.settled){b.settled.then(start);return}try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();start()}});o.observe({type:'paint',buffered:true})}catch(e){start()}}` +
    `if(document.readyState==='complete')later();else addEventListener('load',later)})();${FORM_BUSY_SCRIPT}</script>`;
  return html.replace('</body>', `${loader}\n  </body>`);
}

/**
 * Feedback for a form sent before the app has loaded (docs/decisions/024-forms-before-hydration.md): a drawn
 * form marked `data-busy-on-submit` that the browser itself submits (no handler of the app prevented it) gets
 * `aria-busy="true"` at once, which its CSS shows as a busy button; a second submission of the same form while
 * the first is on its way is dropped (no second message or account). The mark goes after 20 s (a navigation
 * that never came) and when the page comes back from the back-forward cache. Once the app runs, its own submit
 * handlers prevent the browser's submission, so this does nothing. Part of the loader's inline script, so it works
 * while the app's scripts are still loading or blocked, and is allowed by the loader's hash (security.ts
 * builtScriptHashes, ADR 020).
 */
export const FORM_BUSY_SCRIPT =
  `(function(){var A='aria-busy';document.addEventListener('submit',function(e){var f=e.target;` +
  `if(e.defaultPrevented||!f||!f.hasAttribute||!f.hasAttribute('data-busy-on-submit'))return;` +
  `if(f.getAttribute(A)==='true'){e.preventDefault();return}f.setAttribute(A,'true');setTimeout(function(){f.removeAttribute(A)},20000)});` +
  `addEventListener('pageshow',function(e){if(e.persisted)document.querySelectorAll('form[data-busy-on-submit]['+A+']').forEach(function(f){f.removeAttribute(A)})})})()`;

/**
 * The first-frame boot's script as the server writes it into a drawn /player page (web.ts), from the web build
 * (`<webDir>/player-boot.js`, vite.boot-plugin.ts; docs/decisions/030-first-frame-before-the-app.md): a
 * `<script>` element allowed by its hash (security.ts builtScriptHashes). Null when the build has none.
 */
export function playerBootScript(webDir: string): string | null {
  const file = path.join(webDir, PLAYER_BOOT_FILE);
  if (!existsSync(file)) return null;
  const code = readFileSync(file, 'utf8').trim();
  if (/<\/script/i.test(code)) throw new Error(`${file} contains "</script" and cannot be written into a page`);
  return `<script>${code}</script>`;
}
