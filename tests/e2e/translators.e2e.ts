/**
 * Translators as people (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md) in Debian's Chromium:
 * a super admin opens the Translators tab (empty), is told a bad phone number is refused, adds a translator with an
 * email and a Rwandan number, picks them in a film's Translator list without reloading the panel, and the film's page
 * and the translator's public page show it. Then a viewer watches another translator's film to its end, and that
 * translator signs in, follows Studio from the header and sees the film's minutes and one viewer (ADR 049).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, signIn } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const HELLO = path.resolve('../shared/fixtures/videos/movie-hello.mp4');
const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass' };
const FILM = 'Umugani';

describe('translators as people', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let filmId = '';

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    // A playable free film (viewers are shown titles that can play, ADR 023), with no translator yet.
    filmId = (await server.cli('movie', 'import', HELLO, '--title', FILM, '--free', '--wait')).trim().split('\n')[0]!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, BOSS);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin adds a translator and assigns a film to them; the film and the translator pages show it', async () => {
    await open(page, `${server.url}/super-panel-2025?tab=translators`);
    await page.getByText('No translators yet. Add the first one.').waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Add translator' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('DJ Yanga');
    await form.getByLabel('Email').fill('yanga@sobanura.test');
    await form.getByLabel('Phone').fill('0612345678');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a valid mobile number of Rwanda (+250) or Uganda (+256)').waitFor();
    await form.getByLabel('Phone').fill('0788 123 456');
    await form.getByRole('button', { name: 'Save' }).click();
    // No account had this email: one is made and mailed a set-password link.
    await page.getByText('An account was made for yanga@sobanura.test').waitFor();
    const row = page.getByTestId('translator-row').filter({ hasText: 'DJ Yanga' });
    await row.getByText('+250 788 123 456').waitFor();
    await row.getByText('Linked').waitFor();

    // The movie form's Translator list offers them without a reload.
    await page.getByRole('tab', { name: 'Movie Management' }).click();
    const card = page.getByTestId('admin-movie-row').filter({ hasText: FILM });
    await card.getByRole('button', { name: `Edit ${FILM}` }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Translator').selectOption({ label: 'DJ Yanga' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await open(page, `${server.url}/watch/${filmId}`);
    const link = page.getByRole('link', { name: 'DJ Yanga' });
    await link.waitFor();
    await link.click();
    await page.waitForURL(`${server.url}/translators/dj-yanga`);
    await page.getByRole('heading', { name: 'DJ Yanga' }).waitFor();
    await page.getByText(FILM).first().waitFor();

    const list = await (await page.request.get(`${server.url}/api/translators`)).json();
    expect(list.translators).toEqual([expect.objectContaining({ name: 'DJ Yanga', slug: 'dj-yanga', titles: 1 })]);
    expect(JSON.stringify(list)).not.toContain('yanga@sobanura.test');
  });

  it('a viewer watches a translator’s film; the translator signs in to /studio and sees its minutes', async () => {
    const narrator = { email: 'kimomo@sobanura.test', password: 'kimomo-pass' };
    const watcher = { email: 'watcher@sobanura.test', password: 'watcher-pass' };
    await server.cli('user', 'create', '--email', narrator.email, '--password', narrator.password);
    await server.cli('user', 'create', '--email', watcher.email, '--password', watcher.password);
    // The translator's email is an existing account's: it is linked and becomes a translator's (ADR 047).
    await server.cli('translator', 'create', '--name', 'Rocky Kimomo', '--email', narrator.email);
    const id = (await server.cli('movie', 'import', HELLO, '--title', 'Inkuru', '--free', '--wait', '--translator', 'Rocky Kimomo')).trim().split('\n')[0]!;

    const viewer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(viewer, server.url, watcher);
    // To its end (8.3 s): the heartbeat at the start opens the chain, the one at the end (paused) credits the play.
    // A stall on a loaded machine pauses and resumes the player on the way, with a heartbeat each time, so the
    // test waits for the last heartbeat to say paused (the one sent at the end) and for every answer.
    const beats: { paused: boolean; answer: Promise<number | undefined> }[] = [];
    viewer.on('request', (r) => {
      if (r.url().endsWith('/heartbeat')) beats.push({ paused: r.postData()?.includes('"paused"') === true, answer: r.response().then((a) => a?.status()) });
    });
    await open(viewer, `${server.url}/player/${id}`);
    await viewer.waitForFunction(() => (document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.ended === true, undefined, { timeout: 60_000 });
    await expect.poll(() => beats.at(-1)?.paused, { timeout: 15_000 }).toBe(true);
    expect(await Promise.all(beats.map((b) => b.answer))).toEqual(beats.map(() => 200));
    await viewer.close();

    const studio = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(studio, server.url, narrator);
    await studio.getByTestId('studio-link').first().click();
    await studio.waitForURL(`${server.url}/studio`);
    await studio.getByRole('heading', { name: 'Studio' }).waitFor();
    const row = studio.getByTestId('studio-titles').locator('tbody tr').filter({ hasText: 'Inkuru' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe('Inkuru');
    // About 7 of the film's 8.3 s, counted by the server: 0.1 minutes, one viewer.
    expect(Number(cells[1])).toBeGreaterThan(0);
    expect(Number(cells[1])).toBeLessThanOrEqual(0.2);
    expect(cells[2]).toBe('1');
    // The other translator's film is not theirs.
    expect(await studio.getByTestId('studio-titles').getByText(FILM).count()).toBe(0);
    await studio.close();
  }, 120_000);
});
