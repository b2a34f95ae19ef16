/**
 * Site settings in Debian's Chromium (docs/decisions/022-site-settings-and-prices.md): on a 360 px phone, a super
 * admin opens the Settings tab, is told a bad email is wrong (nothing saved), then sets the support phone and the
 * Yearly price with a compare-at price, and saves; the footer shows the phone at once, /subscribe shows the new price, struck-through price
 * and "Save 14%" computed from them, and a signed-out visitor's page drawn on the server has the new values.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, signIn } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass' };

describe('site settings', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await signIn(page, server.url, BOSS);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a super admin edits the phone and a price; the footer and /subscribe show them', async () => {
    await open(page, `${server.url}/super-panel-2025?tab=settings`);
    const form = page.getByTestId('settings-form');
    await form.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByLabel('Support email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    await page.getByTestId('settings-invalid').waitFor();
    await page.getByLabel('Support email').fill('help@sobanura.rw');

    await page.getByLabel('Support phone').fill('+250 722 123 456');
    const yearly = page.getByTestId('settings-price-yearly');
    await yearly.getByLabel('Price', { exact: true }).fill('90000');
    await yearly.getByLabel('Compare-at price').fill('105000');
    await yearly.getByText('Save 14%').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    expect(await page.getByTestId('footer-phone').textContent()).toBe('+250 722 123 456');

    await open(page, `${server.url}/subscribe`);
    const card = page.getByTestId('plan-yearly');
    await card.getByText('90,000 RWF').waitFor();
    expect(await card.locator('s').textContent()).toBe('105,000 RWF');
    expect(await card.textContent()).toContain('Save 14%');
    expect(await page.getByTestId('footer-phone').textContent()).toBe('+250 722 123 456');

    // A signed-out visitor (/subscribe asks them to sign in): the Help page drawn on the server, through the shared
    // page cache, has the new phone in its footer and the new price in the FAQ.
    const visitor = await (await fetch(`${server.url}/help`)).text();
    expect(visitor).toContain('+250 722 123 456');
    expect(visitor).toContain('90,000 RWF');
  });
});
