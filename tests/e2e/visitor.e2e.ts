/**
 * A first visit on a 360 px phone (docs/decisions/054-visitors-see-the-catalogue.md): a visitor opens /, follows
 * Browse Movies, opens a film's page, sees the plans at /subscribe, presses Watch Now ("Sign in to watch") and lands
 * on /login, which says why and offers registration; they register, sign in and are back on the film.
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

const FILM = 'Intare y’Ishyamba';

describe('a visitor sees the catalogue and signs up from a film', () => {
  let dataDir: string;
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let filmId = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-visitor-e2e-'));
    filmId = await seedData(dataDir, async ({ services, db }) => {
      const { videoAssets } = await import('../../src/server/db/schema/index.js');
      const [asset] = await db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'intare.mp4', durationSeconds: 5400 }).returning();
      return (await services.catalog.create({ title: FILM, category: 'action', rating: 7.5, year: 2024, director: 'Uwera', description: 'Filime isobanuye.', videoId: asset!.id })).id;
    });
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-US', serviceWorkers: 'block' });
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('browses, sees a film and the plans, is asked to sign in to watch, registers and comes back to the film', async () => {
    await open(page, `${server.url}/`);
    await page.getByRole('link', { name: 'Browse Movies' }).first().click();
    await page.waitForURL((u) => u.pathname === '/movies');
    // The card's own link (its watch-list button is a link to sign in for a visitor).
    await page.getByTestId('catalog-card').filter({ hasText: FILM }).first().locator(`a[href="/watch/${filmId}"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/watch/${filmId}`);
    await page.getByRole('heading', { name: FILM }).waitFor();

    // The plans, as a visitor: drawn, with their prices, without signing in.
    await open(page, `${server.url}/subscribe`);
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await page.getByRole('heading', { name: 'Choose your pass' }).waitFor();
    await page.getByRole('button', { name: 'Choose Daily Pass' }).waitFor();

    // Back to the film: Watch Now says it needs an account and leads to sign-in with the reason and the way back.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/watch/${filmId}`);
    const watch = page.getByTestId('watch-sign-in');
    expect(await watch.textContent()).toContain('Sign in to watch');
    await watch.click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('reason') === 'watch' && u.searchParams.get('next') === `/watch/${filmId}`);
    await page.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(0);

    // Registration is offered and keeps the way back.
    await page.getByTestId('register-link').click();
    await page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('next') === `/watch/${filmId}`);
    const password = 'visitor-pass-2026';
    for (const [label, value] of [['Full name', 'Mukamana Grace'], ['Email', 'grace@sobanura.test'], ['Password', password], ['Confirm password', password]] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === `/watch/${filmId}`);
    expect(await page.getByLabel('Email').inputValue()).toBe('grace@sobanura.test');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === `/watch/${filmId}`);
    // Signed in now: Watch Now goes to the player.
    await page.getByRole('link', { name: 'Watch Now' }).waitFor();
    expect(await page.getByTestId('watch-sign-in').count()).toBe(0);
  });
});
