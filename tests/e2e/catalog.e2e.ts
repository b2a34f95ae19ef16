/**
 * Issue 3's scenario in Debian's Chromium, on a phone-sized screen: a viewer browses and filters the catalogue
 * (and a reload keeps the list), finds a title despite a typo, opens a multi-part film and a series episode, adds
 * a title to the watch list and removes it, and sees a movie an admin creates appear in the open list without a
 * reload.
 *
 * The catalogue is seeded through the server's own services into a fresh DATA_DIR before the server starts (the
 * embedded database admits one process); the admin routes for series and translators arrive with issue 6.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, reopen } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const VIEWER = { email: 'viewer@sobanura.test', password: 'viewer-pass' };
const ADMIN = { email: 'admin@sobanura.test', password: 'admin-pass' };
const DAY = 86_400_000;

interface Seeded {
  groupFirstPartId: string;
  partIds: string[];
  seriesId: string;
  seriesTitle: string;
  /** A ready placeholder video (ADR 023: viewers are shown titles that can play). */
  readyVideoId: string;
}

/** Writes the catalogue and the two accounts with the server's services, then closes the database. */
async function seedCatalog(dataDir: string): Promise<Seeded> {
  const { loadConfig } = await import('../../src/server/config.js');
  const { migrateDatabase, openDatabase } = await import('../../src/server/db/client.js');
  const { buildApp } = await import('../../src/server/app.js');
  const { FfmpegTranscoder } = await import('../../src/server/providers/transcoder/ffmpeg-transcoder.js');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DEMO_CATALOG: 'false', LOG_LEVEL: 'warn' });
  const db = await openDatabase({ dir: config.pgliteDir });
  await migrateDatabase(db);
  const transcoder = new FfmpegTranscoder({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, preset: config.transcodePreset });
  const built = await buildApp({ config, db, transcoder, workers: false, logger: false });
  try {
    const s = built.services;
    await s.accounts.register({ fullName: 'Uwase Aline', email: VIEWER.email, password: VIEWER.password });
    await s.accounts.register({ fullName: 'Admin', email: ADMIN.email, password: ADMIN.password }, 'admin');
    const giti = await s.translators.create({ name: 'Junior Giti', bio: 'Umusobanuzi w’i Kigali.' });
    const rocky = await s.translators.create({ name: 'Rocky Kimomo', bio: 'Action films, told with energy.' });

    const now = Date.now();
    // Twelve single films (oldest first), so the list has two pages of 10 with the group.
    const singles = [
      ['Inzira y’Ubuzima', 'drama', giti.id, 7.1],
      ['Intambara y’Abami', 'action', rocky.id, 8.4],
      ['Urukundo Rwacu', 'romance', giti.id, 6.5],
      ['Umuhanda w’Inzozi', 'drama', rocky.id, 5.9],
      ['Abasirikare', 'action', rocky.id, 7.7],
      ['Ibyishimo', 'comedy', giti.id, 6.8],
      ['Inshuti Nyanshuti', 'comedy', rocky.id, 6.1],
      ['Ijoro Ribi', 'horror', giti.id, 5.2],
      ['Umugore w’Intwari', 'drama', giti.id, 8.9],
      ['Amahoro', 'drama', rocky.id, 7.3],
      ['Igisambo', 'comedy', giti.id, 5.5],
      ['Umwami w’Ishyamba', 'action', rocky.id, 9.1],
    ] as const;
    for (const [i, [title, category, translatorId, rating]] of singles.entries()) {
      await s.catalog.create(
        { title, category, translatorId, rating, year: 2010 + i, director: `Umuyobozi ${String.fromCharCode(65 + i)}.`, description: `${title}: filime isobanuye.` },
        { createdAt: new Date(now - (40 - i) * DAY) },
      );
    }
    // A film in three parts: same base title, year and director → one group card (docs/product/viewer.md §4).
    const partIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const m = await s.catalog.create(
        { title: `Intare Part ${n}`, category: 'action', translatorId: rocky.id, rating: 7.5, year: 2019, director: 'Kayitare', description: `Igice cya ${n} cya Intare.` },
        { createdAt: new Date(now - (20 - n) * DAY) },
      );
      partIds.push(m.id);
    }
    const show = await s.series.create({ title: 'Inshuti z’Ukuri', category: 'drama', description: 'Uruhererekane rw’inshuti eshatu.', translatorId: giti.id, year: 2022, rating: 8 });
    for (const season of [1, 2]) {
      await s.series.addSeason(show.id);
      for (const episodeNumber of [1, 2]) {
        await s.series.addEpisode(show.id, season, { episodeNumber, title: `Season ${season} episode ${episodeNumber}`, description: `Ibibera mu gice cya ${episodeNumber}.`, durationSeconds: 1500 });
      }
    }
    // Viewers are shown playable titles only (ADR 023): every title here gets a ready (placeholder) video.
    const { givePlaceholderVideos } = await import('../../src/server/modules/catalog/playable-fixture.js');
    const { videoId: readyVideoId } = await givePlaceholderVideos(db.db);
    return { groupFirstPartId: partIds[0]!, partIds, seriesId: show.id, seriesTitle: show.title, readyVideoId };
  } finally {
    await built.close();
    await db.close();
  }
}

describe('a viewer finds what to watch on a phone', () => {
  let dataDir: string;
  let seeded: Seeded;
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-catalog-e2e-'));
    seeded = await seedCatalog(dataDir);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    page = await context.newPage();
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(VIEWER.email);
    await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const cards = () => page.getByTestId('catalog-card');
  const cardTitles = async () => (await cards().locator('h3').allTextContents()).map((t) => t.trim());
  const search = () => new URL(page.url()).search;

  it('shows the home rows without a splash', async () => {
    await open(page, `${server.url}/`);
    const recent = page.getByRole('region', { name: 'Recently Added Movies' });
    await recent.getByTestId('catalog-card').first().waitFor();
    expect(await recent.getByTestId('catalog-card').count()).toBe(4);
    await page.getByRole('region', { name: 'New Series' }).getByText('Inshuti z’Ukuri').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('browses and filters; the URL holds the list, so a reload shows it again', async () => {
    await open(page, `${server.url}/movies`);
    await page.getByText('13 titles', { exact: true }).waitFor();
    expect(await cards().count()).toBe(10);
    // Newest first: the group (its newest part) comes before the single films.
    expect((await cardTitles())[0]).toContain('Intare');

    await page.getByRole('button', { name: 'comedy' }).click();
    await page.getByText('3 titles', { exact: true }).waitFor();
    expect(search()).toBe('?category=comedy');
    expect((await cardTitles()).sort()).toEqual(['Ibyishimo', 'Igisambo', 'Inshuti Nyanshuti']);

    await page.getByLabel('Translator').selectOption('rocky-kimomo');
    await page.getByText('1 title', { exact: true }).waitFor();
    expect(await cardTitles()).toEqual(['Inshuti Nyanshuti']);
    expect(search()).toBe('?category=comedy&translator=rocky-kimomo');

    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.getByText('13 titles', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="catalog-card"]').length === 3);

    // A new sort starts again at page 1.
    await page.getByLabel('Sort by').selectOption('rating');
    await page.waitForURL((u) => u.search === '?sort=rating');
    await page.waitForFunction(() => document.querySelector('[data-testid="catalog-card"] h3')?.textContent?.includes('Umwami'));

    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((u) => u.search === '?sort=rating&view=list');
    await reopen(page);
    await page.getByText('13 titles', { exact: true }).waitFor();
    expect((await cardTitles())[0]).toBe('Umwami w’Ishyamba');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('rating');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');

    // The header's Trending link is the highest rated first; New Releases the newest.
    await open(page, `${server.url}/movies?category=trending`);
    await page.getByText('13 titles', { exact: true }).waitFor();
    expect((await cardTitles())[0]).toBe('Umwami w’Ishyamba');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('finds a title despite a typo in the search', async () => {
    await open(page, `${server.url}/movies`);
    await page.getByText('13 titles', { exact: true }).waitFor();
    await page.getByLabel('Search movies').fill('intambra');
    await page.waitForURL((u) => u.search === '?q=intambra');
    await page.getByRole('link', { name: 'Intambara y’Abami' }).waitFor();
    await page.getByLabel('Search movies').fill('zzqqxx');
    await page.getByText('No movies found matching your criteria').waitFor();
  });

  it('opens a multi-part film at its first part, with links to every part', async () => {
    await open(page, `${server.url}/movies?q=Intare`);
    const card = cards().filter({ hasText: '3 Parts' }).first();
    await card.waitFor();
    await card.getByRole('link').click();
    await page.waitForURL(`${server.url}/watch/${seeded.groupFirstPartId}`);
    await page.getByRole('heading', { name: 'Parts (3)' }).waitFor();
    const hrefs = await page.getByTestId('part-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(seeded.partIds.map((id) => `/player/${id}`));
    expect(await page.getByRole('link', { name: 'Watch Now' }).getAttribute('href')).toBe(`/player/${seeded.groupFirstPartId}`);
    await open(page, `${server.url}/watch/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Movie not found').waitFor();
    await page.getByRole('link', { name: 'Back to Movies' }).waitFor();
  });

  it('opens a series, picks a season and watches an episode', async () => {
    await open(page, `${server.url}/movies?tab=series`);
    await page.getByRole('link', { name: seeded.seriesTitle }).click();
    await page.waitForURL(`${server.url}/series/${seeded.seriesId}`);
    await page.getByRole('button', { name: 'Season 2' }).click();
    await page.getByRole('link', { name: 'Watch episode 1: Season 2 episode 1' }).click();
    await page.waitForURL(`${server.url}/episode/${seeded.seriesId}/2/1`);
    await page.getByRole('heading', { name: `${seeded.seriesTitle} - S2E1` }).waitFor();
    expect(await page.locator('[aria-current="page"][data-testid="side-episode"]').textContent()).toContain('Now Playing');
    await page.getByRole('link', { name: 'Next Episode' }).click();
    await page.waitForURL(`${server.url}/episode/${seeded.seriesId}/2/2`);
    await page.getByRole('heading', { name: `${seeded.seriesTitle} - S2E2` }).waitFor();
    expect(await page.getByRole('link', { name: 'Next Episode' }).count()).toBe(0);
    // The old in-page address lands on the episode page.
    await open(page, `${server.url}/series/${seeded.seriesId}/season/1/episode/2`);
    await page.waitForURL(`${server.url}/episode/${seeded.seriesId}/1/2`);
    await open(page, `${server.url}/episode/${seeded.seriesId}/9/9`);
    await page.getByText('Episode Not Found').waitFor();
  });

  it('adds a title to the watch list from its card and removes it from the watch list', async () => {
    await open(page, `${server.url}/movies?q=Amahoro`);
    await page.getByRole('button', { name: 'Add Amahoro to your watchlist' }).click();
    await page.getByText('Added to watchlist').first().waitFor();
    await page.getByRole('button', { name: 'Remove Amahoro from your watchlist' }).waitFor();
    // Saving it again (another tab) is refused as a duplicate.
    const again = await page.request.post(`${server.url}/api/watchlist`, { data: { movieId: await cards().first().getAttribute('data-id') }, headers: { origin: server.url } });
    expect(again.status()).toBe(409);

    await page.getByRole('link', { name: 'My Watchlist' }).click();
    await page.waitForURL(`${server.url}/watchlist`);
    await page.getByText('1 movie saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Amahoro from your watchlist' }).click();
    await page.getByText('Removed from watchlist').first().waitFor();
    await page.getByText('Your watchlist is empty').waitFor();
    await page.getByText('0 movies saved', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Browse Movies' }).waitFor();
  });

  it('shows a movie an admin creates in the open list once it can play, without a reload', async () => {
    await open(page, `${server.url}/movies`);
    await page.getByText('13 titles', { exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const admin = await browser.newContext();
    const login = await admin.request.post(`${server.url}/api/accounts/login`, { data: ADMIN, headers: { origin: server.url } });
    expect(login.ok()).toBe(true);
    const created = await admin.request.post(`${server.url}/api/admin/movies`, {
      data: { title: 'Ishyamba Rishya', category: 'drama', description: 'Filime nshya.' },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    // Viewers are shown it once it has a ready video (ADR 023): the admin gives it one from the library.
    const id = (await created.json()).movie.id;
    const patched = await admin.request.patch(`${server.url}/api/admin/movies/${id}`, { data: { videoId: seeded.readyVideoId }, headers: { origin: server.url } });
    expect(patched.status()).toBe(200);
    await admin.close();

    await page.getByRole('link', { name: 'Ishyamba Rishya' }).waitFor({ timeout: 15_000 });
    expect((await cardTitles())[0]).toBe('Ishyamba Rishya');
    await page.getByText('14 titles', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
