/**
 * Localised cards on a 360 px phone, in Chromium with the real build: category names, badges, durations and
 * ratings in the viewer's language (category-label.ts, format.ts, duration.ts), and a category badge that is shown
 * whole beside NEW, never cut, even in Kinyarwanda's longer names (movie-card.tsx).
 * The catalogue is seeded through the server's services into a fresh DATA_DIR before the server starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { seedData } from './support/seed.js';
import { startServer, type E2eServer } from './support/server.js';

const VIEWER = { email: 'viewer@sobanura.test', password: 'viewer-pass' };

async function seed(dataDir: string): Promise<void> {
  await seedData(dataDir, async ({ services, db }) => {
    const { videoAssets } = await import('../../src/server/db/schema/index.js');
    await services.accounts.register({ fullName: 'Uwase Aline', email: VIEWER.email, password: VIEWER.password });
    for (const [title, category, rating] of [['Amateka y’u Rwanda', 'documentary', 6.1], ['Inyenyeri za Kure', 'sci-fi', 7.4], ['Ijoro Rirerire Cyane', 'thriller', 8]] as const) {
      const [asset] = await db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: `${title}.mp4`, durationSeconds: 5400 }).returning();
      await services.catalog.create({ title, category, rating, year: 2024, director: 'Uwera', description: 'Filime isobanuye.', videoId: asset!.id });
    }
  });
}

describe('localised cards on a phone', () => {
  let dataDir: string;
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let context: BrowserContext;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-l10n-e2e-'));
    await seed(dataDir);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Each card's category badge: its text, and whether it is drawn whole inside its card. */
  const badges = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="catalog-card"]')].map((card) => {
        const badge = card.querySelector('[data-testid="badge-category"]') as HTMLElement;
        const b = badge.getBoundingClientRect();
        const c = card.getBoundingClientRect();
        const whole = badge.scrollWidth <= badge.clientWidth + 1 && getComputedStyle(badge).textOverflow !== 'ellipsis' && b.left >= c.left - 0.5 && b.right <= c.right + 0.5;
        return { text: badge.textContent, whole, isNew: !!card.querySelector('[data-testid="badge-new"]') };
      }),
    );

  it.each([
    ['en', ['Documentary', 'Sci-Fi', 'Thriller'], 'NEW', ['1h 30m', '6.1']],
    ['fr', ['Documentaire', 'Science-fiction', 'Thriller'], 'NOUVEAU', ['1 h 30 min', '6,1']],
    ['rw', ['Filime mbarankuru', 'Ibihimbano bya siyansi', 'Izitera igishyika'], 'NSHYA', ['1 h 30 min', '6,1']],
  ])('in %s: names the categories and badges, writes durations and ratings, and shows every badge whole', async (lang, names, fresh, meta) => {
    // A viewer who chose that language: the cookie the server draws pages by, localStorage, and the profile.
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    await context.addCookies([{ name: 'sobanura-lang', value: lang, url: server.url }]);
    await context.addInitScript((l) => localStorage.setItem('sobanura-lang', l), lang);
    const login = await context.request.post(`${server.url}/api/accounts/login`, { data: VIEWER, headers: { origin: server.url } });
    expect(login.ok()).toBe(true);
    // A signed-in viewer's profile language wins over the browser's (language-sync.ts).
    expect((await context.request.put(`${server.url}/api/preferences`, { data: { language: lang }, headers: { origin: server.url } })).ok()).toBe(true);
    page = await context.newPage();
    await open(page, `${server.url}/movies`);
    await page.getByTestId('catalog-card').nth(2).waitFor();
    const found = await badges();
    expect(found.map((b) => b.text).sort()).toEqual([...names].sort());
    for (const b of found) expect(b, JSON.stringify(b)).toMatchObject({ whole: true, isNew: true });
    expect(await page.getByTestId('badge-new').first().textContent()).toBe(fresh);
    for (const text of meta) await page.getByTestId('catalog-card').getByText(text, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: names[0], exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  }, 60_000);
});
