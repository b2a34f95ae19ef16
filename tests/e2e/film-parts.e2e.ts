/**
 * A film's own parts made from the admin side, as a viewer then meets them
 * (docs/decisions/023-playable-titles-and-film-parts.md; docs/product/viewer.md §2 "/watch/{id}" redirect and
 * "/player/{id}?part="): an admin opens a movie's edit dialog and adds another movie as its Part 2; that movie's page
 * then redirects to the main movie, whose parts list opens the player at ?part=.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { seedData } from './support/seed.js';
import { startServer, type E2eServer } from './support/server.js';

const ADMIN = { email: 'parts-admin@sobanura.test', password: 'parts-admin-pass' };

/** Two free films with a (placeholder) ready video, written with the server's services before it starts. */
async function seed(dataDir: string): Promise<{ main: string; second: string }> {
  return seedData(dataDir, async ({ services, db }) => {
    const { givePlaceholderVideos } = await import('../../src/server/modules/catalog/playable-fixture.js');
    await services.accounts.register({ fullName: 'Admin', email: ADMIN.email, password: ADMIN.password }, 'admin');
    const main = await services.catalog.create({ title: 'Ikinamico', category: 'drama', isPremium: false });
    const second = await services.catalog.create({ title: 'Ikinamico II', category: 'drama', isPremium: false });
    await givePlaceholderVideos(db.db);
    return { main: main.id, second: second.id };
  });
}

describe('film parts made by an admin', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let ids: { main: string; second: string };

  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-parts-e2e-'));
    ids = await seed(dataDir);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a movie as Part 2; its page then leads to the main film, whose parts open the player at ?part=', async () => {
    await open(page, `${server.url}/super-panel-2025`);
    await page.getByRole('button', { name: 'Edit Ikinamico', exact: true }).click();
    const parts = page.getByTestId('film-parts');
    await parts.getByText('No parts yet.').waitFor();
    await parts.getByLabel('Movie to add as a part').selectOption({ label: 'Ikinamico II' });
    await parts.getByRole('button', { name: 'Add as a part' }).click();
    await parts.getByText('Part 2').waitFor();
    await parts.getByText('Ikinamico II').waitFor();

    await open(page, `${server.url}/watch/${ids.second}`);
    await page.waitForURL(`${server.url}/watch/${ids.main}`);
    const link = page.getByRole('region', { name: 'Parts (1)' }).getByRole('link', { name: /Ikinamico II/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/player/${ids.main}\\?part=[0-9a-f-]{36}$`));
    await link.click();
    await page.waitForURL(`${server.url}${href}`);
  });
});
