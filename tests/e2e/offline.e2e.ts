/**
 * Offline, in Chromium with the real build (issue 7 point 6; design guide "offline"): the service worker's offline
 * page has a "Try again" that works under the Content Security Policy (a listener, no inline handler: ADR 020), and
 * a new release leaves no cache of an older one behind (src/web/sw/cache-policy.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, open } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

describe('offline', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('drops caches of older releases, shows the offline page, and "Try again" loads the page once back online', async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    // Caches an older release left (its shell, and the runtime cache that was once shared by every release).
    await page.goto('/offline.html');
    await page.evaluate(async () => {
      for (const name of ['sobanura-shell-0ld0ld0ld0ld', 'sobanura-runtime', 'sobanura-runtime-0ld0ld0ld0ld']) await (await caches.open(name)).put('/old.js', new Response('old'));
    });
    await open(page, '/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 }).toEqual(expect.not.arrayContaining([expect.stringMatching(/0ld|^sobanura-runtime$/)]));
    const names = await page.evaluate(() => caches.keys());
    const versions = new Set(names.filter((n) => n.startsWith('sobanura-')).map((n) => n.replace(/^sobanura-(shell|runtime)-/, '')));
    expect(versions.size).toBe(1);

    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Playwright takes the worker's own fetches offline a moment after the page's (microsoft/playwright#2311).
    await ctx.setOffline(true);
    await expect
      .poll(async () => {
        await page.goto('/help').catch(() => {});
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 15_000, interval: 500 })
      .toBe('You are offline');
    // Still offline: Try again keeps the offline page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent().catch(() => null)).toBe('You are offline');
    await ctx.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/help');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe('You are offline');
    await ctx.close();
  }, 120_000);
});
