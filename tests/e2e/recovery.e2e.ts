/**
 * Account recovery in Debian's Chromium (docs/decisions/021-account-recovery.md), on the embedded default (no
 * SMTP_URL, SMS_PROVIDER=outbox): a viewer on a phone asks for a link at /forgot-password and is told to check
 * their email; the super admin finds the mail in the panel's Outbox tab; the viewer opens the link, sets a new
 * password, and signs in with it (the old one no longer works).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass-2026' };
const VIEWER = { email: 'aline@sobanura.test', password: 'old-pass-2026' };
const NEW_PASSWORD = 'Ikawa-ya-Huye-2026';

async function signIn(page: Page, url: string, who: { email: string; password: string }) {
  await open(page, `${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('account recovery', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    await server.cli('user', 'create', '--email', VIEWER.email, '--password', VIEWER.password);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('forgot password → the link in the outbox → a new password → sign in', async () => {
    const viewer = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await open(viewer, `${server.url}/forgot-password`);
    await viewer.getByLabel('Email', { exact: true }).fill(VIEWER.email);
    await viewer.getByRole('button', { name: 'Send me a link' }).click();
    await viewer.getByText('Check your email').waitFor();
    expect(await viewer.getByTestId('recovery-sent').textContent()).toContain(`If an account uses ${VIEWER.email}`);

    const boss = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(boss, server.url, BOSS);
    await boss.getByTestId('greeting').waitFor({ state: 'attached' });
    await open(boss, `${server.url}/super-panel-2025?tab=outbox`);
    const item = boss.getByTestId('outbox-list').getByRole('button').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('Reset your Sobanura password');
    await item.click();
    const body = (await boss.getByTestId('outbox-body').textContent()) ?? '';
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link).toBeTruthy();

    await open(viewer, link!);
    // The token leaves the address bar once the page has it.
    await viewer.waitForURL((u) => !u.search.includes('token'));
    await viewer.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await viewer.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await viewer.getByRole('button', { name: 'Save the new password' }).click();
    await viewer.getByTestId('reset-done').waitFor();
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await signIn(viewer, server.url, VIEWER);
    await viewer.getByText('Sign In Failed').first().waitFor();
    await signIn(viewer, server.url, { ...VIEWER, password: NEW_PASSWORD });
    await viewer.getByTestId('greeting').waitFor({ state: 'attached' });
  });
});
