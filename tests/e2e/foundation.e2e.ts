/**
 * Issue 2's scenario in Debian's Chromium: an admin uploads cockatoo.mp4 through the admin page and waits for
 * ready; a new viewer registers, is refused playback, buys a Daily Pass with the sandbox, opens the player, and
 * the video's currentTime passes 2 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const COCKATOO = path.resolve('../shared/fixtures/videos/cockatoo.mp4');

describe('a real film goes from upload to a paying viewer', () => {
  let server: E2eServer;
  let browser: Browser;
  let movieId = '';
  let tmp = '';
  let thumbnail = '';

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sobanura-e2e-'));
    thumbnail = path.join(tmp, 'poster.png');
    await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toFile(thumbnail);
    // A first start on an empty folder, as `npm install && npm start` is: the server makes its own database.
    server = await startServer({}, { freshDatabase: true });
    await server.cli('user', 'create', '--email', 'admin@sobanura.test', '--password', 'admin-pass', '--role', 'admin');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  async function signIn(page: Page, email: string, password: string) {
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
  }

  it('an admin uploads cockatoo.mp4 and it becomes ready', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin@sobanura.test', 'admin-pass');
    await open(page, `${server.url}/super-panel-2025`);
    // The new-movie form of docs/product/admin.md §5: every field it requires, a thumbnail and the video.
    await page.getByLabel('Thumbnail').setInputFiles(thumbnail);
    await page.getByTestId('thumbnail-preview').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Inyoni (Cockatoo)');
    await page.getByLabel('Category', { exact: true }).selectOption('documentary');
    await page.getByLabel('Video file').setInputFiles(COCKATOO);
    await page.getByLabel('Description', { exact: true }).fill('A cockatoo looks around.');
    await page.getByLabel('Full description').fill('A cockatoo looks around, then looks at us.');
    await page.getByLabel('Director').fill('Kayitare');
    await page.getByLabel('Cast').fill('Inyoni');
    await page.getByLabel('Trailer link').fill('https://example.com/trailer');
    await page.getByLabel('Year').fill('2024');
    await page.getByLabel('Rating (0-10)').fill('7.5');
    await page.getByRole('button', { name: 'Upload movie' }).click();
    const row = page.getByTestId('admin-movie-row').filter({ hasText: 'Inyoni (Cockatoo)' });
    await row.and(page.locator('[data-video-status="ready"]')).waitFor({ timeout: 240_000 });
    const movies = await (await page.request.get(`${server.url}/api/admin/movies`)).json();
    const movie = movies.items.find((m: { title: string }) => m.title === 'Inyoni (Cockatoo)');
    expect(movie.video.status).toBe('ready');
    expect(movie.video.renditions).toEqual(['144p', '240p', '360p', '480p', '720p']);
    expect(movie.isPremium).toBe(true);
    movieId = movie.id;
    await page.close();
  });

  it('a new viewer is refused, buys a Daily Pass with mobile money, and watches', async () => {
    expect(movieId).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await open(page, `${server.url}/register`);
    await page.getByLabel('Full name').fill('Uwase Aline');
    await page.getByLabel('Email').fill('aline@sobanura.test');
    await page.getByLabel('Password', { exact: true }).fill('viewer-pass');
    await page.getByLabel('Confirm password').fill('viewer-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'aline@sobanura.test', 'viewer-pass');

    await open(page, `${server.url}/player/${movieId}`);
    await page.getByText('Subscription Required').waitFor();
    await expect(page.getByTestId('player-video').count()).resolves.toBe(0);

    await page.getByRole('link', { name: 'View Subscription Plans' }).click();
    await page.waitForURL(/\/subscribe/);
    await page.getByRole('button', { name: 'Choose Daily Pass' }).click();
    await page.getByLabel('MTN Mobile Money or Airtel Money number').fill('0788123456');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Payment Request Sent').first().waitFor();
    await page.getByText('Payment Successful').first().waitFor({ timeout: 30_000 });
    const me = await (await page.request.get(`${server.url}/api/accounts/me`)).json();
    expect(me.pass).toMatchObject({ plan: 'daily', active: true });

    await open(page, `${server.url}/player/${movieId}`);
    const video = page.getByTestId('player-video');
    await video.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null;
      return !!v && v.currentTime > 2;
    }, undefined, { timeout: 60_000 });
    const state = await video.evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, err: v.error?.code ?? null }));
    expect(state.err).toBeNull();
    expect(state.t).toBeGreaterThan(2);
    await context.close();
  });
});
