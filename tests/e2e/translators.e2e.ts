/**
 * Translators as people (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md) in Debian's Chromium:
 * a super admin opens the Translators tab (empty), is told a bad phone number is refused, adds a translator with an
 * email and a Rwandan number, picks them in a film's Translator list without reloading the panel, and the film's page
 * and the translator's public page show it.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
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
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(BOSS.email);
    await page.getByLabel('Password', { exact: true }).fill(BOSS.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
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
});
