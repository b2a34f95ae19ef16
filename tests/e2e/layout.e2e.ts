/**
 * No page scrolls sideways (docs/product/viewer.md §9, responsive layout; design guide "Layout"), in Debian's Chromium:
 * - every public and signed-in page at 320, 360, 390, 768, 1024, 1150, 1280 and 1920 px, in English, French and
 *   Kinyarwanda, signed out, as a viewer, an admin and a super admin: the document and the body are no wider than
 *   the viewport (their `scrollWidth` ≤ the root's `clientWidth`, i.e. no horizontal scroll bar);
 * - every tab of the admin panel (read from the page's tab list, so tabs added later are covered) at 360 and 768 px;
 * - signed in, Admin Panel (admins), Settings and Log out are visible inside the viewport at every width, in the
 *   header or after opening its menu (docs/product/viewer.md §2 "Header": small screens show a collapsible menu), and
 *   from 1280 px the Admin Panel button shows its words;
 * - Log out lands on `/` (docs/product/viewer.md §2), from a protected page too, and stays there.
 * A failure names the page, width, language and role, and the elements sticking out of the viewport (a CSS path and
 * their right edge), widest first.
 *
 * The page sweep is whole (19 pages x 8 widths x 3 languages x 4 roles) in `npm run test:full` (SOBANURA_TEST_FULL=1,
 * or LAYOUT_FULL=1). `npm test` sweeps every page at every width for one role and language (a super admin in
 * Kinyarwanda: the longest words and the most header links), the home page at every width for every other role and
 * language (the header), and a seeded sample of the rest: SAMPLED_PAGES pages per other role and language, at every
 * width. The sample is printed; LAYOUT_SEED=<n> replays it or draws another (docs/decisions/040-test-speed.md).
 *
 * Speed: one server and one browser; one context per role and language, all running at once; each page is loaded
 * once and measured at every width by resizing the viewport.
 */
import fc from 'fast-check';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const COCKATOO = '../shared/fixtures/videos/cockatoo.mp4';
const WIDTHS = [320, 360, 390, 768, 1024, 1150, 1280, 1920] as const;
const ADMIN_WIDTHS = [360, 768] as const;
const LANGS = ['en', 'fr', 'rw'] as const;
type Lang = (typeof LANGS)[number];
type Role = 'signed-out' | 'viewer' | 'admin' | 'super_admin';
const ROLES: Role[] = ['signed-out', 'viewer', 'admin', 'super_admin'];
const PASSWORD = 'layout-pass-1';
/** Long local parts: the header greets with the part before the at-sign. */
const email = (role: Role, lang: Lang) => `${role.replace('_', '')}.uwimana-nyirarukundo.${lang}@sobanura.test`;
/** A long title with a long word: cards, headings and tables must wrap or cut it. */
const LONG_TITLE = 'Urugendo rurerure rw’umukobwa w’intwari: Inkuru-y’Amateka-Yaranze-Igihugu-Cyacu-Kuva-Kera (Igice cya mbere)';

/** How many pages are measured at once (the server and Chromium share the machine's cores). */
const PARALLEL = Number(process.env.LAYOUT_PARALLEL ?? 3);

/** The whole matrix (npm run test:full), or the core and a sample (npm test). */
const FULL = process.env.SOBANURA_TEST_FULL === '1' || process.env.LAYOUT_FULL === '1';
/** The role and language swept whole in the sample: the longest words, the most header links. */
const CORE = { role: 'super_admin', lang: 'rw' } as const;
/** Pages drawn at random per other role and language, beside the home page, when the sweep is sampled. */
const SAMPLED_PAGES = 3;
const SEED = Number(process.env.LAYOUT_SEED ?? 20261128);

/**
 * The page indexes (into `count` pages, the home page first) to sweep for each role and language: all of them for
 * the core one (or for every one when FULL); else the home page and SAMPLED_PAGES others drawn with `seed`, in order
 * (fast-check's seeded sampling: the same seed gives the same plan).
 */
function layoutPlan(count: number, seed: number, full: boolean): Map<string, number[]> {
  const plan = new Map<string, number[]>();
  let pair = 0;
  for (const role of ROLES) {
    for (const lang of LANGS) {
      const all = Array.from({ length: count }, (_, i) => i);
      if (full || (role === CORE.role && lang === CORE.lang)) {
        plan.set(`${role}/${lang}`, all);
        continue;
      }
      const rest = all.slice(1);
      const size = Math.min(SAMPLED_PAGES, rest.length);
      const [picked = []] = fc.sample(fc.shuffledSubarray(rest, { minLength: size, maxLength: size }), { seed: seed + pair++, numRuns: 1 });
      plan.set(`${role}/${lang}`, [0, ...picked.sort((a, b) => a - b)]);
    }
  }
  return plan;
}

/** Runs `jobs` with at most `n` at once; resolves to their results in order. */
async function pool<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, jobs.length) }, worker));
  return results;
}

interface Overflow {
  scrollWidth: number;
  bodyScrollWidth: number;
  clientWidth: number;
  culprits: string[];
}

/**
 * Runs in the page: the root's and body's scroll widths against the root's client width, and when either is wider,
 * the elements whose right edge (or left edge, for the left side) is outside the viewport and not clipped by a
 * scrolling or clipping ancestor that itself fits: a CSS path and the edge, widest first (at most 5).
 */
function measure(): Overflow {
  const root = document.documentElement;
  const width = root.clientWidth;
  const result = { scrollWidth: root.scrollWidth, bodyScrollWidth: document.body.scrollWidth, clientWidth: width, culprits: [] as string[] };
  if (result.scrollWidth <= width && result.bodyScrollWidth <= width) return result;
  const path = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 5; e = e.parentElement) {
      const testid = e.getAttribute('data-testid');
      const cls = typeof e.className === 'string' ? e.className.trim().split(/\s+/).slice(0, 3).join('.') : '';
      parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${testid ? `[data-testid=${testid}]` : ''}${cls ? `.${cls}` : ''}`);
    }
    return parts.join(' > ');
  };
  const clipped = (el: Element): boolean => {
    for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 0.5) return true;
      if (s.position === 'fixed') return true;
    }
    return false;
  };
  const out: { el: Element; right: number }[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const r = el.getBoundingClientRect();
    // Nothing to see (and sr-only texts, 1 px and clipped): not what a viewer scrolls to.
    if (r.width <= 1 || r.height <= 1) continue;
    if ((r.right > width + 0.5 || r.left < -0.5) && getComputedStyle(el).position !== 'fixed' && !clipped(el)) out.push({ el, right: r.right > width ? r.right : width - r.left });
  }
  // The deepest offenders explain the most: drop an element when one of its descendants is listed and as wide.
  const leaves = out.filter((o) => !out.some((p) => p !== o && o.el.contains(p.el) && p.right >= o.right - 0.5));
  leaves.sort((a, b) => b.right - a.right);
  result.culprits = leaves.slice(0, 5).map((o) => `${path(o.el)} (edge ${Math.round(o.right)} px)`);
  return result;
}

describe('layout: nothing scrolls sideways, and the account actions are reachable', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts = new Map<string, BrowserContext>();
  let movieId = '';
  let seriesId = '';

  /** A context for a role and a language: the language kept in cookie and storage (and the profile, signed in). */
  async function contextFor(role: Role, lang: Lang): Promise<BrowserContext> {
    const key = `${role}/${lang}`;
    const known = contexts.get(key);
    if (known) return known;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url, serviceWorkers: 'block' });
    await ctx.addCookies([{ name: 'sobanura-lang', value: lang, url: server.url }]);
    await ctx.addInitScript((l) => localStorage.setItem('sobanura-lang', l), lang);
    if (role !== 'signed-out') {
      const login = await ctx.request.post('/api/accounts/login', { data: { email: email(role, lang), password: PASSWORD } });
      expect(login.status(), `sign in ${key}`).toBe(200);
      const pref = await ctx.request.put('/api/preferences', { data: { language: lang } });
      expect(pref.status(), `language of ${key}`).toBeLessThan(300);
    }
    contexts.set(key, ctx);
    return ctx;
  }

  /** Measures the current page at each width; returns one line per width that overflows. */
  async function sweep(page: Page, label: string, widths: readonly number[]): Promise<string[]> {
    const failures: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 768 ? 800 : 1024 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await page.evaluate(measure);
      if (m.scrollWidth > m.clientWidth || m.bodyScrollWidth > m.clientWidth) {
        failures.push(`${label} @${width}px: document ${m.scrollWidth} px, body ${m.bodyScrollWidth} px > ${m.clientWidth} px; sticking out: ${m.culprits.join(' | ') || '(none found)'}`);
      }
    }
    return failures;
  }

  /** Opens `url` and waits for the app and its first data (no busy spinner, 5 s at most). */
  async function load(page: Page, url: string): Promise<void> {
    // As `open` (support/browser.ts), without waiting for every image: the app's own ready mark is enough here.
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(e.message);
    const pending = new Set<string>();
    const onRequest = (r: { url(): string }) => pending.add(r.url());
    const onDone = (r: { url(): string }) => pending.delete(r.url());
    page.on('pageerror', onError);
    page.on('request', onRequest);
    page.on('requestfinished', onDone);
    page.on('requestfailed', onDone);
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 90_000 });
    } catch (error) {
      throw new Error(`${url} did not become ready: ${(error as Error).message.split('\n')[0]}; page errors: ${errors.join(' | ') || 'none'}; requests still open: ${[...pending].join(' ') || 'none'}`);
    } finally {
      page.off('pageerror', onError);
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    }
    await page.waitForFunction(() => !document.querySelector('main [role="status"] .animate-spin'), undefined, { timeout: 5000 }).catch(() => undefined);
  }

  /**
   * Moves the app already on screen to `url` as its own links do (history entry, then popstate, which React Router
   * follows): no new download of the app per page. Waits for the route (no loading bar, no busy spinner).
   */
  async function go(page: Page, url: string): Promise<void> {
    await page.evaluate((u) => {
      window.history.pushState(null, '', u);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url);
    await page.waitForTimeout(50);
    await page
      .waitForFunction((path) => window.location.pathname === path && !document.querySelector('div.fixed.h-0\\.5.animate-pulse') && !document.querySelector('main [role="status"] .animate-spin'), new URL(url, 'http://x').pathname, { timeout: 4000, polling: 50 })
      .catch(() => undefined);
  }

  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '10000', TRANSCODE_PRESET: 'ultrafast' });
    // Super admins come from the command line; the rest register, and a super admin grants admin.
    await Promise.all(LANGS.map((l) => server.cli('user', 'create', '--email', email('super_admin', l), '--password', PASSWORD, '--role', 'super_admin')));
    const api = async (method: string, path: string, body: unknown, cookie = ''): Promise<{ status: number; json: Record<string, unknown>; cookie: string }> => {
      const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    };
    const boss = await api('POST', '/api/accounts/login', { email: email('super_admin', 'en'), password: PASSWORD });
    expect(boss.status).toBe(200);
    for (const role of ['viewer', 'admin'] as const) {
      for (const l of LANGS) {
        const r = await api('POST', '/api/accounts/register', { fullName: `Uwimana ${role} ${l}`, email: email(role, l), password: PASSWORD, confirmPassword: PASSWORD });
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        if (role === 'admin') expect((await api('PUT', `/api/admin/users/${(r.json.user as { id: string }).id}/role`, { role: 'admin' }, boss.cookie)).status).toBe(200);
      }
    }
    // Two playable titles (one with a long name), a series with an episode, a group, a message.
    const imported = await Promise.all([
      server.cli('movie', 'import', COCKATOO, '--title', LONG_TITLE, '--category', 'documentary', '--director', 'Nyirarukundo Jean-Baptiste Habimana', '--description', 'Inkuru ndende. '.repeat(20), '--wait'),
      server.cli('movie', 'import', COCKATOO, '--title', 'Inyoni', '--category', 'drama', '--premium', '--wait'),
    ]);
    const ids = imported.map((out) => out.trim().split('\n')[0]!.trim());
    movieId = ids[0]!;
    const series = await api('POST', '/api/admin/series', { title: LONG_TITLE, category: 'drama', description: 'Urukurikirane rurerure. '.repeat(10), director: 'Habimana', actors: ['Uwase Aline Mukamana', 'Nkurunziza Jean'] }, boss.cookie);
    expect(series.status, JSON.stringify(series.json)).toBe(201);
    seriesId = (series.json.series as { id: string }).id;
    const season = await api('POST', `/api/admin/series/${seriesId}/seasons`, {}, boss.cookie);
    expect(season.status).toBe(201);
    const episode = await api('POST', `/api/admin/seasons/${(season.json.season as { id: string }).id}/episodes`, { episodeNumber: 1, title: LONG_TITLE, description: 'Igice cya mbere.' }, boss.cookie);
    expect(episode.status, JSON.stringify(episode.json)).toBe(201);
    const group = await api('POST', '/api/admin/groups', { title: LONG_TITLE, description: 'Itsinda.', movieIds: ids }, boss.cookie);
    expect(group.status, JSON.stringify(group.json)).toBe(201);
    const message = await api('POST', '/api/contact', { firstName: 'Nyirarukundo', lastName: 'Habimana-Uwimana', email: 'umushyitsi.urugendo-rurerure@sobanura.test', subject: LONG_TITLE, message: `${'Muraho, '.repeat(30)}https://example.com/${'a'.repeat(120)}` });
    expect(message.status, JSON.stringify(message.json)).toBe(201);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pages = () => [
    '/',
    '/movies',
    '/movies?tab=series',
    `/watch/${movieId}`,
    `/series/${seriesId}`,
    '/translators',
    '/subscribe',
    '/subscribe?plan=monthly',
    '/billing',
    '/settings',
    '/watchlist',
    '/login',
    // Sent to sign in by a button that needs an account (ADR 054): the longest reason as the title.
    '/login?next=%2Fmovies&reason=watchlist',
    '/register',
    '/about',
    '/contact',
    '/help',
    '/terms',
    '/privacy',
    '/no-such-page',
  ];

  it('no page scrolls sideways at any width, language or role', async () => {
    const started = Date.now();
    const all = pages();
    const plan = layoutPlan(all.length, SEED, FULL);
    const measured = [...plan.values()].reduce((n, p) => n + p.length * WIDTHS.length, 0);
    console.info(
      FULL
        ? `layout sweep: the whole matrix, ${measured} measurements`
        : `layout sweep: sampled with LAYOUT_SEED=${SEED} (replay: LAYOUT_SEED=${SEED} npx vitest run --config vitest.e2e.config.ts tests/e2e/layout.e2e.ts; whole: LAYOUT_FULL=1), ${measured} of ${all.length * WIDTHS.length * ROLES.length * LANGS.length} measurements:\n` +
            [...plan].map(([key, idx]) => `  ${key}: ${idx.length === all.length ? 'every page' : idx.map((i) => all[i]!.replace(/[0-9a-f-]{36}/, ':id')).join(' ')}`).join('\n'),
    );
    const failures = (
      await pool(
        ROLES.flatMap((role) =>
          LANGS.map((lang) => async () => {
            const ctx = await contextFor(role, lang);
            const page = await ctx.newPage();
            const lines: string[] = [];
            for (const [i, url] of plan.get(`${role}/${lang}`)!.map((n) => all[n]!).entries()) {
              await page.setViewportSize({ width: 1280, height: 900 });
              const t0 = Date.now();
              if (i === 0) await load(page, url);
              else await go(page, url);
              if (process.env.LAYOUT_DEBUG) console.info(`${role}/${lang} ${url} loaded in ${Date.now() - t0} ms`);
              lines.push(...(await sweep(page, `${url} [${lang}, ${role}]`, WIDTHS)));
            }
            await page.close();
            return lines;
          }),
        ),
        PARALLEL,
      )
    ).flat();
    expect(failures, failures.join('\n')).toEqual([]);
    console.info(`pages swept in ${Date.now() - started} ms`);
  });

  it('no admin tab scrolls sideways on a phone or a tablet', async () => {
    const failures = (
      await pool(
        (['admin', 'super_admin'] as const).flatMap((role) =>
          LANGS.map((lang) => async () => {
            const page = await (await contextFor(role, lang)).newPage();
            const lines: string[] = [];
            await page.setViewportSize({ width: 360, height: 800 });
            await load(page, '/super-panel-2025');
            const tabs = page.getByRole('tab');
            await tabs.first().waitFor({ timeout: 15_000 });
            const count = await tabs.count();
            expect(count).toBeGreaterThanOrEqual(6);
            for (let i = 0; i < count; i += 1) {
              await page.setViewportSize({ width: 360, height: 800 });
              const tab = tabs.nth(i);
              const name = (await tab.textContent()) ?? `tab ${i}`;
              await tab.click();
              await page.locator('[role="tabpanel"][data-state="active"]').waitFor();
              await page.waitForFunction(() => !document.querySelector('[role="tabpanel"][data-state="active"] [role="status"] .animate-spin'), undefined, { timeout: 10_000 }).catch(() => undefined);
              lines.push(...(await sweep(page, `admin tab ${name} [${lang}, ${role}]`, ADMIN_WIDTHS)));
            }
            await page.close();
            return lines;
          }),
        ),
        PARALLEL,
      )
    ).flat();
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('keeps Admin Panel, Settings and Log out visible on screen at every width, opening the menu when needed', async () => {
    const failures: string[] = [];
    await pool(
      (['viewer', 'admin', 'super_admin'] as const).flatMap((role) =>
        LANGS.map((lang) => async () => {
          const page = await (await contextFor(role, lang)).newPage();
          await load(page, '/about');
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: width < 768 ? 800 : 1024 });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            const targets = ['header a[href="/settings"]', 'header [data-testid="logout"]', ...(role === 'viewer' ? [] : ['header a[href="/super-panel-2025"]'])];
            const onScreen = () =>
              page.evaluate((sels) => {
                const visible = (el: Element) => {
                  // Reachable: scrolled to as a viewer would (the page, or the menu inside itself), then on screen.
                  if (el.getClientRects().length) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
                  const r = el.getBoundingClientRect();
                  const s = getComputedStyle(el);
                  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && r.left >= 0 && r.right <= document.documentElement.clientWidth && r.top >= 0 && r.bottom <= innerHeight;
                };
                return sels.filter((s) => !Array.from(document.querySelectorAll(s)).some(visible));
              }, targets);
            let missing = await onScreen();
            const toggles = page.locator('header button[aria-expanded]');
            // Open the header's menus one by one until everything shows (or none is left).
            for (let i = 0; missing.length && i < (await toggles.count()); i += 1) {
              const button = toggles.nth(i);
              if (!(await button.isVisible()) || (await button.getAttribute('aria-expanded', { timeout: 2000 })) === 'true') continue;
              await button.click();
              missing = await onScreen();
              if (missing.length && (await button.getAttribute('aria-expanded', { timeout: 2000 })) === 'true') await button.click();
            }
            if (missing.length) failures.push(`@${width}px [${lang}, ${role}]: not visible on screen: ${missing.join(', ')}`);
            // In the row (from 1280 px) the Admin Panel button carries its words, not the shield alone.
            if (role !== 'viewer' && width >= 1280) {
              const words = await page.locator('header a[href="/super-panel-2025"]').filter({ visible: true }).first().innerText();
              if (!words.trim()) failures.push(`@${width}px [${lang}, ${role}]: the Admin Panel button has no words`);
            }
            // Close whatever is open before the next width.
            await go(page, '/help');
          }
          await page.close();
        }),
      ),
      PARALLEL,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('logs out to the home page, from a protected page and from an open one', async () => {
    for (const [from, width] of [['/settings', 1280], ['/settings', 768], ['/super-panel-2025', 360], ['/about', 1024]] as const) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.url, serviceWorkers: 'block' });
      const login = await ctx.request.post('/api/accounts/login', { data: { email: email('super_admin', 'en'), password: PASSWORD } });
      expect(login.status()).toBe(200);
      const page = await ctx.newPage();
      await load(page, from);
      const logout = page.locator('header [data-testid="logout"]:visible');
      // Under 1280 px Log out is behind the menu (phones, tablets) or the account button (the last toggle either way).
      if (!(await logout.count())) await page.locator('header button[aria-expanded="false"]:visible').last().click();
      await logout.click();
      await page.getByText('Logged out successfully').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/');
      // And stays there: the protected page's guard does not send the visitor on to /login.
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname, `log out from ${from} at ${width}px`).toBe('/');
      expect(await page.locator('header a[href="/login"]').count()).toBeGreaterThan(0);
      await ctx.close();
    }
  });
});
