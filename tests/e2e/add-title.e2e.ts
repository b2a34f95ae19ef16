/**
 * Adding a film in one pass (docs/product/admin.md §5, §13; ADR 056), in Debian's Chromium at 1280 px: an admin
 * submits the empty new-movie form and sees every problem at once beside its field (no toast), then fills the title,
 * picks a category from the list, picks the translator and chooses the file, nothing else (no thumbnail, no rights
 * changed): the film is created with its translator as sole holder from now, everywhere; once its video is ready it
 * shows the video's poster and plays.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, playsPast, signIn } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const COCKATOO = path.resolve('../shared/fixtures/videos/cockatoo.mp4');
const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass' };
const TRANSLATOR = 'Junior Giti';
const FILM = 'Inyoni mu gitondo';

describe('adding a title in one pass', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    await server.cli('translator', 'create', '--name', TRANSLATOR);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, BOSS);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The text an invalid control points at with aria-describedby. */
  const problemOf = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      if (el.getAttribute('aria-invalid') !== 'true') return null;
      return document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    });

  it('shows every error of the empty form at once, then adds the film from title, category and file; it plays once ready', async () => {
    await open(page, `${server.url}/super-panel-2025?tab=movies`);
    const form = page.getByRole('form', { name: 'New movie' });
    await form.waitFor();
    await form.getByText('Fields marked * are required.').waitFor();
    for (const id of ['#movie-title', '#movie-category', '#movie-file']) expect(await form.locator(`${id}[required][aria-required="true"]`).count(), id).toBe(1);

    await form.getByRole('button', { name: 'Upload movie' }).click();
    await form.locator('#movie-file[aria-invalid="true"]').waitFor();
    expect(await problemOf('#movie-title')).toBe('This field is required');
    expect(await problemOf('#movie-category')).toBe('This field is required');
    expect(await problemOf('#movie-file')).toBe('Choose a video file');
    // Nothing optional is flagged, no toast was shown, and the first field wrong has the focus.
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(3);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('movie-title');
    // The thumbnail picker shows a button, not the browser's "No file chosen".
    expect(await form.getByText('No file chosen').count()).toBe(0);
    await form.getByText('Choose image').waitFor();

    await form.getByLabel('Title', { exact: true }).fill(FILM);
    const categories = await form.getByLabel('Category', { exact: true }).locator('option').allTextContents();
    expect(categories).toEqual(['Choose a category', 'Action', 'Comedy', 'Drama', 'Horror', 'Sci-Fi', 'Thriller', 'Documentary']);
    await form.getByLabel('Category', { exact: true }).selectOption('documentary');
    await form.getByLabel('Translator').selectOption({ label: TRANSLATOR });
    await form.getByLabel('Video file').setInputFiles(COCKATOO);
    // The Rights section shows what the server will do: the translator at 100 %, every country.
    const rights = form.getByTestId('new-title-rights');
    expect(await rights.getByLabel('Who holds this share').locator('option:checked').textContent()).toBe(TRANSLATOR);
    expect(await rights.getByLabel('Share in percent').inputValue()).toBe('100');
    expect(await rights.getByLabel('Every country').isChecked()).toBe(true);

    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/movies/form' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Upload movie' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const sent = res.request().postDataJSON() as Record<string, unknown>;
    expect(sent).not.toHaveProperty('rights');
    expect(sent).toMatchObject({ title: FILM, category: 'documentary', thumbnailUrl: null, trailer: null });
    const movieId = ((await res.json()) as { movie: { id: string } }).movie.id;
    await page.getByText('Movie added successfully').first().waitFor();

    const translators = (await (await page.request.get(`${server.url}/api/admin/translators`)).json()) as { translators: { id: string; name: string }[] };
    const translatorId = translators.translators.find((x) => x.name === TRANSLATOR)!.id;
    const held = (await (await page.request.get(`${server.url}/api/admin/rights/${movieId}`)).json()).rights;
    expect(held).toMatchObject({ holders: [{ kind: 'translator', translatorId, name: TRANSLATOR, shareBp: 10_000 }], licenceEnd: null, countries: null, needsReview: false, licence: { state: 'in_force' } });

    // Once the upload is transcoded the film shows its video's poster and plays.
    await page.getByTestId('admin-movie-row').filter({ hasText: FILM }).and(page.locator('[data-video-status="ready"]')).waitFor({ timeout: 300_000 });
    const movie = (await (await page.request.get(`${server.url}/api/admin/movies/${movieId}`)).json()).movie;
    expect(movie).toMatchObject({ thumbnailUrl: null, posterUrl: `/media/posters/${movie.video.id}.webp`, video: { status: 'ready' } });
    const poster = await page.request.get(`${server.url}${movie.posterUrl}`);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/webp');
    await page.getByTestId('admin-movie-row').filter({ hasText: FILM }).locator(`img[src="${movie.posterUrl}"]`).waitFor();

    await open(page, `${server.url}/player/${movieId}`);
    await playsPast(page, 1);
  });
});
